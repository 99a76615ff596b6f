package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;

import java.util.Optional;

/**
 * The rbf kernel {@code exp(−γ‖x − y‖²)} on blocks of points through inner products,
 * {@code ‖x − y‖² = ‖x‖² + ‖y‖² − 2x·y} (clamped at 0), so that the native BLAS computes the
 * d-dimensional part as a matrix product: for the canonical notion (d = 10 to 100) the
 * kernel's columns were a quarter of the pivoted Cholesky's time when each value was a loop
 * over d, a chain of dependent additions.
 *
 * <p>Used by the fast mode where the system's BLAS loads, the kernel is {@code rbf} and the
 * points have at least {@value #MIN_DIMENSION} coordinates. Rounding: the squared distance
 * differs from the direct sum by at most about {@code d·u·(‖x‖² + ‖y‖²)} (the rounding of a
 * d-term inner product), so the kernel value by γ times that, relative: at most 2·10⁻¹⁵ for
 * probability vectors of 20 classes at γ = 1, and typically a few units of 10⁻¹⁶; the same
 * order as the rounding of the direct sum, and far below the fast mode's truncation. The block shapes
 * depend only on the points, so the values do not depend on the number of threads.
 */
final class RbfProducts {
    /** Below this dimension the direct loop is as fast and has no cancellation to speak of. */
    static final int MIN_DIMENSION = 8;
    /** Query points per block of {@link #rows}. */
    private static final int POINT_BLOCK = 256;

    private final int d;
    private final double gamma;
    /** The training points, row-major, and their squared norms. */
    private final double[] x;
    private final double[] norms;

    private RbfProducts(TrainingKernel kernel) {
        double[][] rows = kernel.rows();
        this.d = rows[0].length;
        this.gamma = kernel.parameter();
        this.x = flat(rows, d);
        this.norms = norms(rows);
    }

    /**
     * @param kernel the bound kernel
     * @return the block form, where it applies
     */
    static Optional<RbfProducts> of(TrainingKernel kernel) {
        if (kernel.size() == 0 || !applies(kernel.kernel(), kernel.rows()[0].length)) {
            return Optional.empty();
        }
        return Optional.of(new RbfProducts(kernel));
    }

    /**
     * @param kernel    the positive-definite kernel
     * @param dimension the points' coordinates
     * @return whether the block form applies: the rbf kernel, the native BLAS, at least
     *     {@value #MIN_DIMENSION} coordinates
     */
    static boolean applies(PositiveDefiniteKernel kernel, int dimension) {
        return kernel instanceof RbfKernel && Gemm.nativeBlas() && dimension >= MIN_DIMENSION;
    }

    private static double[] flat(double[][] rows, int d) {
        double[] out = new double[rows.length * d];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, out, i * d, d);
        }
        return out;
    }

    private static double[] norms(double[][] rows) {
        double[] out = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            double sum = 0;
            for (double v : rows[i]) {
                sum += v * v;
            }
            out[i] = sum;
        }
        return out;
    }

    private double value(double normX, double normY, double inner) {
        return Math.exp(-gamma * Math.max(0.0, normX + normY - 2 * inner));
    }

    /**
     * The kernel's columns for the pivoted Cholesky: single columns (the few entries the
     * pivot prediction needs) from the direct source, blocks of columns through one product per
     * block of rows.
     *
     * @param direct the columns by the kernel's own loop
     * @return the columns of K over the training points
     */
    PivotedCholesky.Columns columns(PivotedCholesky.Columns direct) {
        return new PivotedCholesky.Columns() {
            @Override
            public void column(int pivot, int from, int to, double[] out, int offset) {
                direct.column(pivot, from, to, out, offset);
            }

            @Override
            public void columns(int[] pivots, int count, int from, int to, double[] out, int stride) {
                int len = to - from;
                double[] y = new double[count * d];
                for (int c = 0; c < count; c++) {
                    System.arraycopy(x, pivots[c] * d, y, c * d, d);
                }
                double[] inner = new double[count * len];
                Gemm.innerProducts(len, x, from * d, count, y, d, inner);
                for (int c = 0; c < count; c++) {
                    double normY = norms[pivots[c]];
                    int at = c * stride + from;
                    for (int j = 0; j < len; j++) {
                        out[at + j] = value(norms[from + j], normY, inner[c * len + j]);
                    }
                }
            }
        };
    }

    /**
     * @param pivots p training points x_a, by index
     * @param points n' points z_j
     * @param pool   the pool
     * @return {@code k(x_a, z_j)} at {@code [a·n' + j]}, p × n' row-major
     */
    double[] rows(int[] pivots, double[][] points, Parallelism pool) {
        int p = pivots.length;
        int count = points.length;
        double[] y = new double[p * d];
        double[] yNorms = new double[p];
        for (int a = 0; a < p; a++) {
            System.arraycopy(x, pivots[a] * d, y, a * d, d);
            yNorms[a] = norms[pivots[a]];
        }
        double[] out = new double[p * count];
        pool.forEach((count + POINT_BLOCK - 1) / POINT_BLOCK, block -> {
            int first = block * POINT_BLOCK;
            int len = Math.min(count, first + POINT_BLOCK) - first;
            double[][] z = new double[len][];
            System.arraycopy(points, first, z, 0, len);
            double[] zFlat = flat(z, d);
            double[] zNorms = norms(z);
            double[] inner = new double[p * len];
            Gemm.innerProducts(len, zFlat, 0, p, y, d, inner);
            for (int a = 0; a < p; a++) {
                int row = a * count + first;
                for (int j = 0; j < len; j++) {
                    out[row + j] = value(yNorms[a], zNorms[j], inner[a * len + j]);
                }
            }
        });
        return out;
    }
}
