package io.calibrisk.testsupport.kernel;

/**
 * A plain log-space Nadaraya–Watson regression for tests: every log weight
 * {@code l_j = log k(z_j; z)} from a given function, then
 * {@code t̂(z) = Σ_j exp(l_j − L) t_j / Σ_j exp(l_j − L)} with L the largest l_j, in one pass
 * over all training points in their given order (no blocks, no merging, no skipped terms); the
 * mean target when every l_j is −∞. O(n·cost of the kernel) per query.
 */
public final class LogSpaceKde {

    /** A log kernel {@code log k(centre; x)}. */
    @FunctionalInterface
    public interface LogKernel {
        /**
         * @param center the centre
         * @param x      the evaluation point
         * @return {@code log k(centre; x)}, −∞ for 0
         */
        double logDensity(double[] center, double[] x);
    }

    private LogSpaceKde() {
    }

    /**
     * @param centres training points
     * @param targets training targets
     * @param query   the query point
     * @param kernel  the log kernel
     * @return {@code query − t̂(query)}
     */
    public static double[] residual(double[][] centres, double[][] targets, double[] query, LogKernel kernel) {
        double[] logs = new double[centres.length];
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < centres.length; j++) {
            logs[j] = kernel.logDensity(centres[j], query);
            max = Math.max(max, logs[j]);
        }
        double[] fitted;
        if (max == Double.NEGATIVE_INFINITY) {
            fitted = DirectKde.mean(targets);
        } else {
            fitted = new double[targets[0].length];
            double denominator = 0;
            for (int j = 0; j < centres.length; j++) {
                double w = Math.exp(logs[j] - max);
                denominator += w;
                for (int c = 0; c < fitted.length; c++) {
                    fitted[c] += w * targets[j][c];
                }
            }
            for (int c = 0; c < fitted.length; c++) {
                fitted[c] /= denominator;
            }
        }
        double[] residual = new double[query.length];
        for (int k = 0; k < query.length; k++) {
            residual[k] = query[k] - fitted[k];
        }
        return residual;
    }

    /**
     * @param centres training points
     * @param query   the query point
     * @param kernel  the log kernel
     * @return true when every weight is 0 and t̂ falls back to the mean target
     */
    public static boolean fallsBack(double[][] centres, double[] query, LogKernel kernel) {
        for (double[] centre : centres) {
            if (kernel.logDensity(centre, query) != Double.NEGATIVE_INFINITY) {
                return false;
            }
        }
        return true;
    }
}
