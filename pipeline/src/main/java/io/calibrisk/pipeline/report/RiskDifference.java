package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;

/**
 * How an estimator's validation risk compares with the recommended estimator's, fold by fold:
 * every estimator is scored on the same folds, so the differences of their fold risks (each at
 * its own chosen point) are paired, and their standard error is far smaller than that of
 * either risk: the variation from fold to fold, shared by all estimators, cancels.
 *
 * <p>The two are <em>tied</em> ({@link #withinNoise()}) when the mean difference is not
 * significant in a two-sided paired t-test at the 5% level over the k folds:
 * {@code |mean| < t(0.975; k − 1) · stdError}, 2.78 standard errors for 5 folds. Within that
 * margin the ranking between them is noise; so are differences of identical fold risks. The
 * test treats the folds as independent; they share training samples, which makes it, if
 * anything, too quick to call a difference real.
 *
 * @param versus   the recommended estimator (the difference of the recommended estimator itself is 0)
 * @param mean     the mean over folds of (this estimator's fold risk − the recommended one's)
 * @param stdError its standard error: the sample standard deviation over folds / √k
 * @param folds    the number of folds k
 */
public record RiskDifference(String versus, double mean, double stdError, int folds) {
    /** t(0.975; ν) for ν = 1..30 degrees of freedom. */
    private static final double[] T_975 = {12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624,
        2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.13145, 2.119905, 2.109816, 2.100922,
        2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.04523,
        2.042272};

    /**
     * @throws InvalidSettingException if a number is not finite or there are fewer than 2 folds
     */
    public RiskDifference {
        if (!Double.isFinite(mean) || !Double.isFinite(stdError)) {
            throw InvalidSettingException.of("risk difference versus " + versus, mean + " ± " + stdError, "must be finite");
        }
        if (folds < 2) {
            throw InvalidSettingException.of("folds", folds, "must be at least 2");
        }
    }

    /**
     * @param folds the number of folds k, at least 2
     * @return {@code t(0.975; k − 1)}: how many standard errors a mean paired difference must
     *     exceed to count as real
     */
    public static double threshold(int folds) {
        int dof = folds - 1;
        if (dof <= T_975.length) {
            return T_975[dof - 1];
        }
        // Cornish–Fisher expansion about the normal quantile; within 2e-6 of the exact value beyond 30.
        double z = 1.959963984540054;
        double v = dof;
        return z + (z * z * z + z) / (4 * v) + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v)
                + (3 * Math.pow(z, 7) + 19 * Math.pow(z, 5) + 17 * z * z * z - 15 * z) / (384 * v * v * v);
    }

    /**
     * @return whether the difference is within the noise of the folds:
     *     {@code |mean| < threshold(k) · stdError}, or the fold risks are identical
     */
    public boolean withinNoise() {
        return mean == 0 || Math.abs(mean) < threshold(folds) * stdError;
    }

    /** @return the mean difference in standard errors; 0 when the standard error is 0 */
    public double meanInStdErrors() {
        return stdError == 0 ? 0 : mean / stdError;
    }
}
