package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;

/**
 * The interval of the calibration error CE at the chosen point, which accounts for both
 * sources of its uncertainty: the sampling of the test split, and the variation of the fitted
 * function with its training data.
 *
 * <p>The ensemble's estimate is {@code CE² = (1/n) Σ_i d_i} over the test split, with
 * {@code d_i = (1/k) Σ_f h_f(z_i, z_i)} (summed over the notion's components) and {@code h_f}
 * the model fitted without fold f. The k fold models are delete-a-group jackknife fits of the
 * optimisation set, so {@code V_fold = (k − 1)/k · Σ_f (θ_f − θ̄)²}, with θ_f each fold
 * model's estimate on the test split, estimates the variance that training adds. Each of the
 * {@code resamples} replicates draws n test samples with replacement and adds a normal draw of
 * variance V_fold: {@code CE*_b = √max(0, (1/n) Σ_i d_{i_b} + √V_fold · ε_b)}. The interval is
 * the pair of percentiles {@code (1 − level)/2} and {@code (1 + level)/2} of the CE*_b,
 * interpolated between order statistics as NumPy's {@code percentile}. Its lower end may be 0,
 * never below. Resampling draws from a {@link java.util.SplittableRandom} seeded with the run's
 * seed, so the interval is reproducible.
 *
 * @param lower         the lower percentile of the replicated CE
 * @param upper         the upper percentile
 * @param level         the coverage, e.g. 0.95
 * @param resamples     the number of replicates
 * @param seed          the seed of the replicates
 * @param testStdError  the standard error of CE² from the test split alone:
 *                      {@code sd(d_i)/√n}
 * @param foldStdError  the standard error of CE² from the training variation alone:
 *                      {@code √V_fold}
 */
public record EstimateInterval(double lower, double upper, double level, int resamples, long seed,
                               double testStdError, double foldStdError) {

    /** What the interval is, in one line, for reports. */
    public static final String METHOD = "test-split bootstrap plus the fold models' jackknife variance";

    /**
     * @throws InvalidSettingException if the bounds are not finite and ordered, the level is
     *     not in (0, 1), or a standard error is negative or not finite
     */
    public EstimateInterval {
        if (!(Double.isFinite(lower) && Double.isFinite(upper) && lower <= upper)) {
            throw InvalidSettingException.of("interval", "[" + lower + ", " + upper + "]", "must be finite and ordered");
        }
        if (!(level > 0 && level < 1)) {
            throw InvalidSettingException.of("level", level, "must lie strictly between 0 and 1");
        }
        if (!(testStdError >= 0 && foldStdError >= 0 && Double.isFinite(testStdError)
                && Double.isFinite(foldStdError))) {
            throw InvalidSettingException.of("interval standard errors", testStdError + ", " + foldStdError,
                    "must be finite and not negative");
        }
    }

    /** @return {@code upper − lower} */
    public double width() {
        return upper - lower;
    }
}
