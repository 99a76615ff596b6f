package io.calibrisk.pipeline.evaluation;

/**
 * Means and standard errors over the k folds, summed in fold order so that results do not
 * depend on the number of threads.
 */
final class FoldStatistics {

    private FoldStatistics() {
    }

    /**
     * @param values one value per fold
     * @return their mean
     */
    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /**
     * @param values one value per fold (at least 2)
     * @param mean   their mean
     * @return the standard error of the mean: the sample standard deviation over √k
     */
    static double standardError(double[] values, double mean) {
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (values.length - 1)) / Math.sqrt(values.length);
    }
}
