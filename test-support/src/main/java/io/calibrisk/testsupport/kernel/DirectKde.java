package io.calibrisk.testsupport.kernel;

/**
 * Kernel density ratio estimation straight from its definition, with densities from
 * {@link DirectDensity} (no logarithms): {@code t̂(z) = Σ_j k(z_j; z) t_j / Σ_j k(z_j; z)},
 * falling back to the mean target when every weight is 0; {@code c(z) = z − t̂(z)}; and the
 * plug-in estimate {@code mean_i ||z_i − t̂(z_i)||²} over the fitting set. O(n·D) per query.
 *
 * <p>Points are given in the notion's terms: canonical rows use the Dirichlet kernel, rows of
 * length 1 the Beta kernel.
 */
public final class DirectKde {

    private DirectKde() {
    }

    /**
     * @param centres   training points z_j (rows of length 1 for the Beta kernel)
     * @param targets   training targets t_j
     * @param query     the query point
     * @param bandwidth the bandwidth b
     * @param canonical true for the Dirichlet kernel, false for the Beta kernel
     * @return t̂(query)
     */
    public static double[] regression(double[][] centres, double[][] targets, double[] query, double bandwidth,
                                      boolean canonical) {
        int m = targets[0].length;
        double[] numerator = new double[m];
        double denominator = 0;
        for (int j = 0; j < centres.length; j++) {
            double k = canonical ? DirectDensity.dirichlet(centres[j], query, bandwidth)
                    : DirectDensity.beta(centres[j][0], query[0], bandwidth);
            denominator += k;
            for (int c = 0; c < m; c++) {
                numerator[c] += k * targets[j][c];
            }
        }
        if (denominator == 0) {
            return mean(targets);
        }
        for (int c = 0; c < m; c++) {
            numerator[c] /= denominator;
        }
        return numerator;
    }

    /**
     * @param centres   training points
     * @param targets   training targets
     * @param query     the query point
     * @param bandwidth the bandwidth
     * @param canonical true for the Dirichlet kernel
     * @return {@code c(query) = query − t̂(query)}
     */
    public static double[] residual(double[][] centres, double[][] targets, double[] query, double bandwidth,
                                    boolean canonical) {
        double[] fitted = regression(centres, targets, query, bandwidth, canonical);
        double[] c = new double[query.length];
        for (int k = 0; k < c.length; k++) {
            c[k] = query[k] - fitted[k];
        }
        return c;
    }

    /**
     * The plug-in KDE estimate of CE² on the fitting set itself.
     *
     * @param points    the points z_i, also the centres
     * @param targets   the targets t_i
     * @param bandwidth the bandwidth
     * @param canonical true for the Dirichlet kernel
     * @return {@code (1/n) Σ_i ||z_i − t̂(z_i)||²}
     */
    public static double plugInEstimate(double[][] points, double[][] targets, double bandwidth, boolean canonical) {
        double sum = 0;
        for (double[] z : points) {
            double[] c = residual(points, targets, z, bandwidth, canonical);
            for (double v : c) {
                sum += v * v;
            }
        }
        return sum / points.length;
    }

    static double[] mean(double[][] targets) {
        double[] mean = new double[targets[0].length];
        for (double[] t : targets) {
            for (int c = 0; c < mean.length; c++) {
                mean[c] += t[c];
            }
        }
        for (int c = 0; c < mean.length; c++) {
            mean[c] /= targets.length;
        }
        return mean;
    }
}
