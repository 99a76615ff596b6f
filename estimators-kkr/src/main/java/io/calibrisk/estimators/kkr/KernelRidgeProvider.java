package io.calibrisk.estimators.kkr;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.Setting;
import io.calibrisk.estimators.kkr.spectrum.ExactFactorisation;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code kkr} and {@code ukkr} share: the notions (top-label, class-wise, canonical), the
 * settings ({@link KrrSettings}), the hyperparameter {@code lambda} (reported as the constant c
 * of c·n^e), and the factorisation of each training fold's kernel matrix, computed once in
 * {@link CalibrationEstimator#prepare} and reused for the whole grid (and shared by both
 * estimators of a run through {@link SpectrumCache}).
 */
abstract class KernelRidgeProvider implements EstimatorProvider {
    /** The hyperparameter: reported c, effective c·n^e. */
    static final String LAMBDA = "lambda";
    private static final Logger LOG = LoggerFactory.getLogger(KernelRidgeProvider.class);

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE, Notion.CANONICAL);
    }

    @Override
    public List<Setting> settings() {
        return KrrSettings.declared();
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        KrrSettings settings = KrrSettings.from(name(), context);
        Parallelism pool = context.parallelism();
        return new CalibrationEstimator() {
            @Override
            public PreparedTraining prepare(CalibrationSet training) {
                FoldSpectrum fold = new FoldSpectrum(SpectrumCache.get(training, settings,
                        () -> factor(settings, training, pool)));
                return hyperparameters -> {
                    double mu = hyperparameters.value(LAMBDA);
                    if (!(mu >= 0) || !Double.isFinite(mu)) {
                        throw InvalidSettingException.of(name() + "." + LAMBDA, hyperparameters.reportedValue(LAMBDA),
                                "must be finite and at least 0");
                    }
                    return fit(fold, mu);
                };
            }

            /**
             * Exact mode: K, its eigenvectors and the eigensolver's work matrix, 3·n² doubles, plus
             * the n'·n kernel rows of the query points. Fast mode: the factor, n·r, its r × r
             * Gram and eigenvectors, and n'·r features, with r the rank cap (or n).
             */
            @Override
            public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
                long n = trainingSize;
                long q = querySize;
                if (settings.mode() == Mode.EXACT) {
                    return new MemoryNeed(8 * (3 * n * n + 2 * q * n), "--set " + name() + ".mode=fast");
                }
                long r = Math.min(n, settings.maxRank());
                return new MemoryNeed(8 * (n * r + 3 * r * r + 2 * q * r),
                        "a smaller --set " + name() + ".max-rank");
            }
        };
    }

    private KernelSpectrum factor(KrrSettings settings, CalibrationSet training, Parallelism pool) {
        long start = System.nanoTime();
        TrainingKernel kernel = TrainingKernel.of(settings.kernel(), settings.parameter(), training.points());
        KernelSpectrum spectrum = settings.mode() == Mode.EXACT
                ? ExactFactorisation.of(kernel, training.residuals(), pool)
                : LowRankFactorisation.of(kernel, training.residuals(), settings.tolerance(), settings.maxRank(), pool);
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} factorisation of n = {}: rank {}, largest eigenvalue {}, residual trace {}, {} s",
                    name(), settings.mode(), training.size(), spectrum.rank(), spectrum.lambdaMax(),
                    spectrum.truncation(), (System.nanoTime() - start) / 1e9);
        }
        if (settings.mode() == Mode.FAST && spectrum.rank() >= settings.maxRank()) {
            LOG.warn("{}: the pivoted Cholesky reached the rank cap {} (n = {}) with residual trace {} above the "
                    + "tolerance; raise {}.max-rank for accuracy at small c", name(), settings.maxRank(),
                    training.size(), spectrum.truncation(), name());
        }
        return spectrum;
    }

    /**
     * @param fold the fold's spectrum
     * @param mu   the effective regularisation
     * @return the fitted function
     */
    abstract CalibrationFunction fit(FoldSpectrum fold, double mu);
}
