package io.calibrisk.estimators.kkr;

import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A low-rank form of a symmetric bilinear form whose rank is far below its size:
 * {@code M ≈ P D Pᵀ}, D diagonal, found in the metric of the training points.
 *
 * <p>Given M (q × q) and the training scales T = diag(t) (so that on the training points the
 * form is {@code N = T M T}), a randomised range finder (Halko,
 * Martinsson and Tropp, SIAM Review 53, 2011; Gaussian test matrix from a fixed seed, so the
 * result is deterministic) finds an orthonormal Y with {@code ‖N − Y YᵀNY Yᵀ‖_F ≤ δ‖N‖_F},
 * growing it by blocks of 16 until a fresh block shows the rest is below δ‖N‖_F/10. The eigenpairs {@code YᵀNY = Z D Zᵀ} with the smallest
 * |d| dropped while the dropped part stays within δ‖N‖_F give {@code W = YZ} and
 * {@code P = M T W D⁻¹ = T⁻¹W}: the second form divides by the kept eigenvalues only, never by a
 * small training scale.
 *
 * <p>Cost: O(q² k) for the final width k, O(k³) for the small eigenproblem.
 *
 * @param rank    s, the number of kept terms
 * @param basis   P, q × s row-major
 * @param weights D, s values
 */
record Compression(int rank, double[] basis, double[] weights) {
    private static final int BLOCK = 16;

    static Compression of(double[] m, double[] t, int q, double delta) {
        double[] n = new double[q * q];
        double norm = 0;
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double v = t[i] * m[i * q + j] * t[j];
                n[i * q + j] = v;
                norm += v * v;
            }
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return new Compression(1, new double[q], new double[] {0});
        }
        double allowed = delta * norm;
        // Y grows by blocks of N·Ω; a fresh block, projected off Y, estimates ‖(I − YYᵀ)N‖_F
        // (E‖(I − P)NΩ‖²_F = w‖(I − P)N‖²_F for Gaussian Ω), so testing costs nothing extra
        SplittableRandom random = new SplittableRandom(0x6b6b72L);
        double[] y = new double[q * q];
        int k = 0;
        double estimate = norm;
        while (k < q) {
            int w = Math.min(BLOCK, q - k);
            double[] omega = new double[q * w];
            for (int i = 0; i < omega.length; i++) {
                omega[i] = random.nextGaussian();
            }
            double[] z = multiply(n, q, omega, w);
            double outside = 0;
            for (int c = 0; c < w; c++) {
                outside += project(y, q, k, z, w, c);
            }
            estimate = Math.sqrt(outside / w);
            if (estimate <= 0.1 * allowed) {
                break;
            }
            for (int c = 0; c < w && k < q; c++) {
                project(y, q, k, z, w, c);
                double len = 0;
                for (int i = 0; i < q; i++) {
                    len += z[i * w + c] * z[i * w + c];
                }
                len = Math.sqrt(len);
                if (len <= 1e-14 * norm) {
                    continue;
                }
                for (int i = 0; i < q; i++) {
                    y[i * q + k] = z[i * w + c] / len;
                }
                k++;
            }
        }
        k = Math.max(k, 1);
        double[] b = project(n, q, y, k);
        SymmetricEigen eigen = SymmetricEigen.of(b, k, Parallelism.sequential());
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        double[] d = eigen.values();
        Arrays.sort(order, (a, c) -> Double.compare(Math.abs(d[c]), Math.abs(d[a])));
        // drop the smallest |d| while the dropped part stays within the rest of δ‖N‖
        double budget = Math.max(0, allowed * allowed - estimate * estimate);
        int s = k;
        double dropped = 0;
        while (s > 1 && dropped + d[order[s - 1]] * d[order[s - 1]] <= budget) {
            dropped += d[order[s - 1]] * d[order[s - 1]];
            s--;
        }
        if (d[order[0]] == 0) {
            return new Compression(1, new double[q], new double[] {0});
        }
        double[] weights = new double[s];
        double[] basis = new double[q * s];
        double[] tw = new double[q];
        for (int c = 0; c < s; c++) {
            int e = order[c];
            weights[c] = d[e];
            double[] zc = eigen.vector(e);
            // w = Y z; the column of P is M (T w) / d
            for (int i = 0; i < q; i++) {
                double w = 0;
                for (int j = 0; j < k; j++) {
                    w += y[i * q + j] * zc[j];
                }
                tw[i] = t[i] * w;
            }
            for (int i = 0; i < q; i++) {
                double p = 0;
                for (int j = 0; j < q; j++) {
                    p += m[i * q + j] * tw[j];
                }
                basis[i * s + c] = p / d[e];
            }
        }
        return new Compression(s, basis, weights);
    }

    /** Projects column c of z (q × w) off the first k columns of y (q × q), twice; returns the squared rest. */
    private static double project(double[] y, int q, int k, double[] z, int w, int c) {
        for (int pass = 0; pass < 2; pass++) {
            for (int p = 0; p < k; p++) {
                double dot = 0;
                for (int i = 0; i < q; i++) {
                    dot += y[i * q + p] * z[i * w + c];
                }
                for (int i = 0; i < q; i++) {
                    z[i * w + c] -= dot * y[i * q + p];
                }
            }
        }
        double s = 0;
        for (int i = 0; i < q; i++) {
            s += z[i * w + c] * z[i * w + c];
        }
        return s;
    }

    /** A (q × q) times X (q × w, row-major). */
    private static double[] multiply(double[] a, int q, double[] x, int w) {
        double[] out = new double[q * w];
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double aij = a[i * q + j];
                if (aij == 0) {
                    continue;
                }
                int xo = j * w;
                int oo = i * w;
                for (int c = 0; c < w; c++) {
                    out[oo + c] += aij * x[xo + c];
                }
            }
        }
        return out;
    }




    /** YᵀNY (k × k) over the first k columns of Y (q × q), symmetrised. */
    private static double[] project(double[] n, int q, double[] y, int k) {
        int w = q;
        double[] ny = new double[q * k];
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double v = n[i * q + j];
                for (int c = 0; c < k; c++) {
                    ny[i * k + c] += v * y[j * w + c];
                }
            }
        }
        double[] b = new double[k * k];
        for (int i = 0; i < q; i++) {
            for (int a = 0; a < k; a++) {
                double ya = y[i * w + a];
                for (int c = 0; c < k; c++) {
                    b[a * k + c] += ya * ny[i * k + c];
                }
            }
        }
        for (int a = 0; a < k; a++) {
            for (int c = a + 1; c < k; c++) {
                double v = 0.5 * (b[a * k + c] + b[c * k + a]);
                b[a * k + c] = v;
                b[c * k + a] = v;
            }
        }
        return b;
    }

}
