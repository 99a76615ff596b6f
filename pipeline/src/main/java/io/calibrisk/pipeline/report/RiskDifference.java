package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;

/**
 * How an estimator's validation risk compares with the recommended estimator's, fold by fold:
 * every estimator is scored on the same folds, so the differences of their fold risks (each at
 * its own chosen point) are paired. A mean difference several standard errors above zero says
 * the recommendation clearly beats the estimator; one within a standard error says the two are
 * as good as tied on this data.
 *
 * @param versus   the recommended estimator (the difference of the recommended estimator itself is 0)
 * @param mean     the mean over folds of (this estimator's fold risk − the recommended one's)
 * @param stdError its standard error: the sample standard deviation over folds / √k
 */
public record RiskDifference(String versus, double mean, double stdError) {

    /**
     * @throws InvalidSettingException if a number is not finite
     */
    public RiskDifference {
        if (!Double.isFinite(mean) || !Double.isFinite(stdError)) {
            throw InvalidSettingException.of("risk difference versus " + versus, mean + " ± " + stdError, "must be finite");
        }
    }

    /** @return the mean difference in standard errors; 0 when the standard error is 0 */
    public double meanInStdErrors() {
        return stdError == 0 ? 0 : mean / stdError;
    }
}
