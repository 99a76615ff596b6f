package io.calibrisk.estimators.kkr;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;

import java.util.List;

/**
 * The settings of {@code kkr} and {@code ukkr}, validated.
 *
 * <p>Why the default tolerance is 1e−15 (residual trace at most 1e−15·tr K): the pivoted
 * Cholesky's Schur-complement diagonal is computed by hundreds of subtractions from entries of
 * order 1, so below about 1e−15 per entry it is rounding noise; a finer tolerance only adds
 * modes that rounding decides, which the stability criterion already excludes. A coarser one
 * loses modes that the smallest stable regularisation needs: on cifar10-vgg16, canonical,
 * n = 6400 per training fold, c = 1e−7 needs about 800 modes, and 1e−15 keeps about 900
 * (top-label keeps about 9). With it the fast mode's fold risks and estimates agree with the
 * exact mode to better than 1e−6 at every stable grid point of the pipeline, top-label and
 * canonical, on all 10 000 rows (canonical at most 3.2e−7) and on the first 4000 (1.8e−7). On
 * the first 2000 rows (1600-point folds) they do up to c = 1e−7 (7.1e−7); at c = 1e−8, which
 * the stability criterion there still calls stable (ρ = 7.2e−7), they differ by 5.4e−6, and the
 * exact mode with the Java eigensolver differs from itself with the native one by 2.7e−6: the
 * criterion underestimates the rounding at that point by a factor of about 7.
 * The rank cap (default 3000) bounds time and memory, O(n r²) and n·r doubles, on inputs whose
 * spectrum decays slowly; reaching it is logged as a warning.
 *
 * @param kernel    the positive-definite kernel
 * @param parameter its parameter (γ)
 * @param mode      exact or fast
 * @param tolerance the pivoted Cholesky's relative trace tolerance (fast mode)
 * @param maxRank   the cap on the rank (fast mode)
 */
public record KrrSettings(PositiveDefiniteKernel kernel, double parameter, Mode mode, double tolerance, int maxRank) {
    /** The setting naming the kernel plugin. */
    public static final String KERNEL = "kernel";
    /** The setting of the kernel's parameter. */
    public static final String GAMMA = "gamma";
    /** The setting choosing {@link Mode}. */
    public static final String MODE = "mode";
    /** The setting of the fast mode's relative trace tolerance. */
    public static final String TOLERANCE = "tolerance";
    /** The setting of the fast mode's cap on the rank. */
    public static final String MAX_RANK = "max-rank";

    /** The default kernel. */
    public static final String DEFAULT_KERNEL = "rbf";
    /** γ = 1, as in the published experiments. */
    public static final double DEFAULT_GAMMA = 1.0;
    /** The default relative trace tolerance of the fast mode. */
    public static final double DEFAULT_TOLERANCE = 1e-15;
    /** The default cap on the rank of the fast mode. */
    public static final int DEFAULT_MAX_RANK = 3000;

    /**
     * @throws InvalidSettingException if a value is out of its domain
     */
    public KrrSettings {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw InvalidSettingException.of(TOLERANCE, tolerance, "must be in [0, 1)");
        }
        if (maxRank < 1) {
            throw InvalidSettingException.of(MAX_RANK, maxRank, "must be at least 1");
        }
    }

    /**
     * @return the settings {@code kkr} and {@code ukkr} declare, with their types and defaults
     */
    public static List<Setting> declared() {
        return List.of(
                new Setting(KERNEL, ValueType.positiveDefiniteKernel(), DEFAULT_KERNEL,
                        "positive-definite kernel plugin, e.g. rbf or laplacian"),
                new Setting(GAMMA, ValueType.positive(), "1", "the kernel's parameter, e.g. gamma of exp(-gamma ||x - y||^2)"),
                new Setting(MODE, ValueType.choice(Mode.FAST.toString(), Mode.EXACT.toString()), Mode.FAST.toString(),
                        "fast (pivoted Cholesky, O(n r^2)) or exact (full eigendecomposition, O(n^3))"),
                new Setting(TOLERANCE, ValueType.real(0, true, 1, false), "1e-15",
                        "fast mode: stop the pivoted Cholesky at residual trace <= tolerance * tr K"),
                new Setting(MAX_RANK, ValueType.integer(1, 1_000_000), Integer.toString(DEFAULT_MAX_RANK),
                        "fast mode: cap on the rank"));
    }

    /**
     * @param estimator the estimator's name, for messages
     * @param values    the run's settings, checked against {@link #declared()}
     * @return the settings
     * @throws InvalidSettingException if gamma lies outside the kernel's parameter domain
     */
    public static KrrSettings from(String estimator, SettingValues values) {
        PositiveDefiniteKernel kernel = values.positiveDefiniteKernel(KERNEL);
        double gamma = kernel.parameterDomain().check(estimator + "." + GAMMA, values.real(GAMMA));
        return new KrrSettings(kernel, gamma, Mode.parse(estimator, values.choice(MODE)), values.real(TOLERANCE),
                (int) values.integer(MAX_RANK));
    }
}
