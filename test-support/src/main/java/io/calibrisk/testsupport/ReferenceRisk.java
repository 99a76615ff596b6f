package io.calibrisk.testsupport;

import java.util.function.BiFunction;

/**
 * The risk and the estimate of Gruber and Bach written as plainly as possible, for tests to
 * compare fast implementations against: O(n²·m), no shared code with the pipeline.
 */
public final class ReferenceRisk {

    private ReferenceRisk() {
    }

    /**
     * {@code R̂(h) = 1/(n(n−1)) Σ_{i≠j} (⟨z_i − t_i, z_j − t_j⟩ − h(z_i, z_j))²}.
     *
     * @param z points, n × m
     * @param t targets, n × m
     * @param h the calibration estimation function
     * @return the U-statistic risk
     */
    public static double risk(double[][] z, double[][] t, BiFunction<double[], double[], Double> h) {
        int n = z.length;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    double a = 0;
                    for (int k = 0; k < z[i].length; k++) {
                        a += (z[i][k] - t[i][k]) * (z[j][k] - t[j][k]);
                    }
                    double diff = a - h.apply(z[i], z[j]);
                    sum += diff * diff;
                }
            }
        }
        return sum / (n * (n - 1.0));
    }

    /**
     * @param z points, n × m
     * @param h the calibration estimation function
     * @return {@code mean_i h(z_i, z_i)}
     */
    public static double estimate(double[][] z, BiFunction<double[], double[], Double> h) {
        double sum = 0;
        for (double[] zi : z) {
            sum += h.apply(zi, zi);
        }
        return sum / z.length;
    }

    /**
     * @param values scalars
     * @return the scalars as n × 1 rows
     */
    public static double[][] column(double[] values) {
        double[][] out = new double[values.length][];
        for (int i = 0; i < values.length; i++) {
            out[i] = new double[] {values[i]};
        }
        return out;
    }
}
