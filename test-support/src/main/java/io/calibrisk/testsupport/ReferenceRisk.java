package io.calibrisk.testsupport;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.function.BiFunction;

/**
 * The risk and the estimate of Gruber and Bach written as plainly as possible, for tests to
 * compare fast implementations against, with no shared code with the pipeline: the
 * U-statistic over every pair, O(n²·(m + cost of h)), and the same sum from a bilinear form's
 * features by the identity of docs/method.md, O(n·q² + n·m·q + q³), written with plain loops.
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
     * The U-statistic risk of a calibration estimation function over every pair of a set,
     * evaluating {@link CalibrationFunction#value} on each.
     *
     * @param h   the function
     * @param set the evaluation set, at least 2 samples
     * @return {@code R̂(h)}
     */
    public static double pairwise(CalibrationFunction h, CalibrationSet set) {
        return risk(rows(set.points()), rows(set.targets()), h::value);
    }

    /**
     * The U-statistic risk from a bilinear form's features Φ and the residuals R of a set:
     * {@code Σ_{i≠j}(A_ij − H_ij)² = ||RᵀR||²_F − 2⟨M, (ΦᵀR)(ΦᵀR)ᵀ⟩ + tr(MGMG) − Σ_i (A_ii − H_ii)²}
     * with {@code G = ΦᵀΦ}, divided by n(n − 1).
     *
     * @param form the bilinear form
     * @param set  the evaluation set, at least 2 samples
     * @return {@code R̂(h)}
     */
    public static double bilinear(BilinearForm form, CalibrationSet set) {
        int n = set.size();
        int m = set.dimension();
        int q = form.features();
        FeatureMatrix phi = form.features(set.points());
        double[][] r = rows(set.residuals());
        double[][] mm = new double[q][q];
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                mm[a][b] = form.m(a, b);
            }
        }
        double[][] rtr = new double[m][m];
        double[][] phiR = new double[q][m];
        double[][] g = new double[q][q];
        double diagonal = 0;
        for (int i = 0; i < n; i++) {
            double[] f = new double[q];
            for (int a = 0; a < q; a++) {
                f[a] = phi.get(i, a);
            }
            for (int k = 0; k < m; k++) {
                for (int l = 0; l < m; l++) {
                    rtr[k][l] += r[i][k] * r[i][l];
                }
                for (int a = 0; a < q; a++) {
                    phiR[a][k] += f[a] * r[i][k];
                }
            }
            for (int a = 0; a < q; a++) {
                for (int b = 0; b < q; b++) {
                    g[a][b] += f[a] * f[b];
                }
            }
            double aii = dot(r[i], r[i]);
            double hii = form.apply(f, f);
            diagonal += (aii - hii) * (aii - hii);
        }
        double first = 0;
        for (double[] row : rtr) {
            for (double v : row) {
                first += v * v;
            }
        }
        double second = 0;
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                second += mm[a][b] * dot(phiR[a], phiR[b]);
            }
        }
        double[][] mg = multiply(mm, g);
        double third = 0;
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                third += mg[a][b] * mg[b][a];
            }
        }
        return (first - 2 * second + third - diagonal) / (n * (n - 1.0));
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
     * @param h      the function
     * @param points the points z_i
     * @return the estimate {@code mean_i h(z_i, z_i)}, from {@link CalibrationFunction#value}
     */
    public static double estimate(CalibrationFunction h, Points points) {
        return estimate(rows(points), h::value);
    }

    /**
     * @param form   a bilinear form
     * @param points the points z_i
     * @return the estimate {@code mean_i φ(z_i)ᵀ M φ(z_i)}, from the form's features
     */
    public static double bilinearEstimate(BilinearForm form, Points points) {
        FeatureMatrix phi = form.features(points);
        double sum = 0;
        for (int i = 0; i < phi.rows(); i++) {
            double[] f = new double[phi.columns()];
            for (int a = 0; a < f.length; a++) {
                f[a] = phi.get(i, a);
            }
            sum += form.apply(f, f);
        }
        return sum / phi.rows();
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

    /**
     * @param points points
     * @return one array per point
     */
    public static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int q = a.length;
        double[][] out = new double[q][q];
        for (int i = 0; i < q; i++) {
            for (int k = 0; k < q; k++) {
                for (int j = 0; j < q; j++) {
                    out[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return out;
    }
}
