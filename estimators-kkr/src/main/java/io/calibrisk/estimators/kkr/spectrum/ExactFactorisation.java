package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;

/**
 * The exact spectrum: the full n × n kernel matrix K = [k(x_i, x_j)] (computed on the upper
 * triangle and mirrored, so exactly symmetric) and its full symmetric eigendecomposition
 * {@code K = Q Λ Qᵀ}, negative eigenvalues (rounding noise of a positive semi-definite matrix)
 * clamped to 0. All n modes are kept: {@code b(z) = Qᵀk(z)}, {@code w = QᵀR}.
 *
 * <p>Cost: about 6n³ flops and 3n² doubles of memory to factor; n'·n·(n + m) per batch of n'
 * points to compute features. Meant as the reference for the low-rank form and for n up to a
 * few thousand.
 */
public final class ExactFactorisation {
    private static final int POINT_BLOCK = 64;

    private ExactFactorisation() {
    }

    /**
     * @param kernel    the kernel bound to the n training points
     * @param residuals R, n × m
     * @param pool      the pool
     * @return the spectrum with all n modes
     */
    public static KernelSpectrum of(TrainingKernel kernel, Points residuals, Parallelism pool) {
        int n = kernel.size();
        int m = residuals.dimension();
        double[][] x = kernel.rows();
        double[] k = new double[n * n];
        pool.forEach((n + 63) / 64, block -> {
            for (int i = block * 64; i < Math.min(n, block * 64 + 64); i++) {
                for (int j = i; j < n; j++) {
                    k[i * n + j] = kernel.value(x[i], x[j]);
                }
            }
        });
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                k[i * n + j] = k[j * n + i];
            }
        }
        SymmetricEigen eigen = SymmetricEigen.of(k, n, pool);
        double[] q = eigen.vectors();
        double[] lambda = new double[n];
        for (int i = 0; i < n; i++) {
            lambda[i] = Math.max(0.0, eigen.values()[i]);
        }
        double[][] wRows = new double[n][m];
        Gemm.multiplyAdd(pool, n, 0, m, n, q, 0, n, TrainingKernel.rows(residuals), 0, wRows, 0);
        double[] w = new double[n * m];
        for (int i = 0; i < n; i++) {
            System.arraycopy(wRows[i], 0, w, i * m, m);
        }
        FeatureBasis basis = points -> {
            int count = points.length;
            // k(x_l, z_p) with row l along the points, then B = Qᵀ K along the points
            double[][] kz = new double[n][count];
            pool.forEach((count + POINT_BLOCK - 1) / POINT_BLOCK, block -> {
                int last = Math.min(count, (block + 1) * POINT_BLOCK);
                for (int l = 0; l < n; l++) {
                    double[] row = kz[l];
                    for (int p = block * POINT_BLOCK; p < last; p++) {
                        row[p] = kernel.value(x[l], points[p]);
                    }
                }
            });
            double[][] out = new double[n][count];
            Gemm.multiplyAdd(pool, n, 0, count, n, q, 0, n, kz, 0, out, 0);
            return out;
        };
        return new KernelSpectrum(n, m, lambda, w, lambda.clone(), basis, lambda[0], 0.0, true);
    }
}
