package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;

/**
 * The low-rank spectrum: a pivoted Cholesky factor {@code K ≈ LLᵀ} (n × r, pivots S), the
 * eigendecomposition {@code LᵀL = V Σ Vᵀ} of its r × r Gram matrix, so that
 * {@code LLᵀ = Q Σ Qᵀ} with {@code Q = L V Σ^{-1/2}}, and the Nyström extension of the kernel
 * to new points, {@code k̃(z) = L L_SS⁻¹ k_S(z)}. Kernel ridge regression with this spectrum is
 * exact kernel ridge regression with the Nyström kernel {@code k̃(x, y) = k_S(x)ᵀ K_SS⁻¹ k_S(y)},
 * which differs from k by a positive semi-definite residual of trace
 * {@link PivotedCholesky.Factor#residualTrace()} on the training points.
 *
 * <p>In the scaled form of {@link KernelSpectrum}: {@code b(z) = Vᵀ L_SS⁻¹ k_S(z)},
 * {@code w = Vᵀ LᵀR}, λ = Σ, scale = √Σ; no step divides by a small eigenvalue.
 *
 * <p>Cost: O(n r² + r³) flops and n·r kernel evaluations to factor, O(n'·r·(r + m)) per
 * batch of n' points; memory O(n r + r²).
 */
public final class LowRankFactorisation {
    private static final int POINT_BLOCK = 32;

    private LowRankFactorisation() {
    }

    /**
     * @param kernel    the kernel bound to the n training points
     * @param residuals R, n × m
     * @param tolerance the pivoted Cholesky's relative trace tolerance
     * @param maxRank   the cap on the rank
     * @param pool      the pool
     * @return the spectrum with r modes
     */
    public static KernelSpectrum of(TrainingKernel kernel, Points residuals, double tolerance, int maxRank,
                                    Parallelism pool) {
        int n = kernel.size();
        int m = residuals.dimension();
        double[][] x = kernel.rows();
        double[] diagonal = new double[n];
        for (int j = 0; j < n; j++) {
            diagonal[j] = kernel.value(x[j], x[j]);
        }
        PivotedCholesky.Factor factor = PivotedCholesky.of(diagonal,
                (pivot, from, to, out, offset) -> {
                    for (int j = from; j < to; j++) {
                        out[offset + j] = kernel.value(x[j], x[pivot]);
                    }
                }, tolerance, maxRank, pool);
        int r = factor.rank();
        double[] l = factor.columns();
        double[] gram = factor.gram();
        SymmetricEigen eigen = SymmetricEigen.of(gram, r, pool);
        double[] v = eigen.vectors();
        double[] sigma = new double[r];
        double[] scale = new double[r];
        for (int i = 0; i < r; i++) {
            sigma[i] = Math.max(0.0, eigen.values()[i]);
            scale[i] = Math.sqrt(sigma[i]);
        }
        int[] pivots = factor.pivots();
        double[] res = residuals.toArray();
        double[] ltr = new double[r * m];
        pool.forEach(r, t -> {
            int col = t * n;
            for (int j = 0; j < n; j++) {
                double ljt = l[col + j];
                for (int c = 0; c < m; c++) {
                    ltr[t * m + c] += ljt * res[j * m + c];
                }
            }
        });
        double[] w = new double[r * m];
        for (int i = 0; i < r; i++) {
            for (int t = 0; t < r; t++) {
                double vit = v[i * r + t];
                for (int c = 0; c < m; c++) {
                    w[i * m + c] += vit * ltr[t * m + c];
                }
            }
        }
        // B = L_SS⁻ᵀ V by back substitution, one eigenvector per task; column t of L_SS,
        // L[pivot_a][t] for a = 0..r−1, is gathered once so that the solves read it contiguously
        double[] lss = new double[r * r];
        for (int t = 0; t < r; t++) {
            for (int a = 0; a < r; a++) {
                lss[t * r + a] = l[t * n + pivots[a]];
            }
        }
        double[] bt = new double[r * r];
        pool.forEach(r, i -> {
            int base = i * r;
            for (int t = r - 1; t >= 0; t--) {
                double s = v[base + t];
                int col = t * r;
                for (int a = t + 1; a < r; a++) {
                    s -= lss[col + a] * bt[base + a];
                }
                bt[base + t] = s / lss[col + t];
            }
        });
        double[][] pivotRows = new double[r][];
        for (int a = 0; a < r; a++) {
            pivotRows[a] = x[pivots[a]];
        }
        FeatureBasis basis = points -> {
            int count = points.length;
            double[] out = new double[count * r];
            pool.forEach((count + POINT_BLOCK - 1) / POINT_BLOCK, block -> {
                int first = block * POINT_BLOCK;
                int last = Math.min(count, first + POINT_BLOCK);
                // the block's kernel rows together, so that each row of B is read once per block
                double[] ks = new double[(last - first) * r];
                for (int p = first; p < last; p++) {
                    for (int a = 0; a < r; a++) {
                        ks[(p - first) * r + a] = kernel.value(pivotRows[a], points[p]);
                    }
                }
                for (int i = 0; i < r; i++) {
                    int base = i * r;
                    int p = first;
                    // Four points at a time share each entry of B's row and keep four
                    // independent sums in flight.
                    for (; p + 3 < last; p += 4) {
                        int k0 = (p - first) * r;
                        int k1 = k0 + r;
                        int k2 = k1 + r;
                        int k3 = k2 + r;
                        double s0 = 0;
                        double s1 = 0;
                        double s2 = 0;
                        double s3 = 0;
                        for (int a = 0; a < r; a++) {
                            double b = bt[base + a];
                            s0 += b * ks[k0 + a];
                            s1 += b * ks[k1 + a];
                            s2 += b * ks[k2 + a];
                            s3 += b * ks[k3 + a];
                        }
                        out[p * r + i] = s0;
                        out[(p + 1) * r + i] = s1;
                        out[(p + 2) * r + i] = s2;
                        out[(p + 3) * r + i] = s3;
                    }
                    for (; p < last; p++) {
                        int k0 = (p - first) * r;
                        double s = 0;
                        for (int a = 0; a < r; a++) {
                            s += bt[base + a] * ks[k0 + a];
                        }
                        out[p * r + i] = s;
                    }
                }
            });
            return out;
        };
        return new KernelSpectrum(n, m, sigma, w, scale, basis, sigma[0], factor.residualTrace(), false);
    }
}
