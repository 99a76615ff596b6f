package io.calibrisk.testsupport;

import java.util.function.BiFunction;

/**
 * The expectation of the empirical risk over the labels, computed exactly from the true
 * conditional probabilities π_i = E[t_i | z_i], for identity 5 of the design (Theorem 1 of
 * Gruber and Bach): with the points fixed and the targets independent,
 *
 * <pre>  E R̂(h) = 1/(n(n−1)) Σ_{i≠j} (⟨S_i, S_j⟩_F − 2 h_ij h*_ij + h_ij²),</pre>
 *
 * where {@code h*_ij = ⟨z_i − π_i, z_j − π_j⟩ = E[A_ij]} and
 * {@code S_i = E[r_i r_iᵀ] = (z_i − π_i)(z_i − π_i)ᵀ + Cov(t_i)}, with
 * {@code Cov(t) = diag(π) − ππᵀ} for a one-hot target and {@code π(1 − π)} for a 0/1 target.
 */
public final class ExpectedRisk {

    private ExpectedRisk() {
    }

    /**
     * @param z  points, n × m
     * @param pi true conditional expectations of the targets, n × m
     * @param h  the calibration estimation function
     * @return {@code E_labels R̂(h)}
     */
    public static double of(double[][] z, double[][] pi, BiFunction<double[], double[], Double> h) {
        int n = z.length;
        int m = z[0].length;
        double[][][] s = new double[n][m][m];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < m; a++) {
                for (int b = 0; b < m; b++) {
                    double bias = (z[i][a] - pi[i][a]) * (z[i][b] - pi[i][b]);
                    double cov = m == 1 ? pi[i][0] * (1 - pi[i][0])
                            : (a == b ? pi[i][a] : 0) - pi[i][a] * pi[i][b];
                    s[i][a][b] = bias + cov;
                }
            }
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                double ss = 0;
                double hStar = 0;
                for (int a = 0; a < m; a++) {
                    hStar += (z[i][a] - pi[i][a]) * (z[j][a] - pi[j][a]);
                    for (int b = 0; b < m; b++) {
                        ss += s[i][a][b] * s[j][a][b];
                    }
                }
                double hij = h.apply(z[i], z[j]);
                sum += ss - 2 * hij * hStar + hij * hij;
            }
        }
        return sum / (n * (n - 1.0));
    }

    /**
     * The mean squared distance of h from h* over pairs, the excess risk of Theorem 1.
     *
     * @param z  points
     * @param pi true conditional expectations
     * @param h  the function
     * @return {@code 1/(n(n−1)) Σ_{i≠j} (h_ij − h*_ij)²}
     */
    public static double excess(double[][] z, double[][] pi, BiFunction<double[], double[], Double> h) {
        int n = z.length;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    double hStar = 0;
                    for (int a = 0; a < z[i].length; a++) {
                        hStar += (z[i][a] - pi[i][a]) * (z[j][a] - pi[j][a]);
                    }
                    double diff = h.apply(z[i], z[j]) - hStar;
                    sum += diff * diff;
                }
            }
        }
        return sum / (n * (n - 1.0));
    }
}
