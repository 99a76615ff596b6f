package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.LaplacianKernel;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;
import io.calibrisk.testsupport.plugin.ThreadPool;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rbf kernel through inner products: the same values as the direct loop to rounding (on
 * probability vectors, with exact duplicates, at two γ), the same for any number of threads,
 * and used exactly where it applies (native BLAS, rbf, d ≥ 8).
 */
class RbfProductsTest {

    /** n probability vectors of d coordinates, the last four duplicates of the first four. */
    private static Points simplex(int n, int d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] p = new double[n * d];
        for (int i = 0; i < n; i++) {
            if (i >= n - 4) {
                System.arraycopy(p, (i - (n - 4)) * d, p, i * d, d);
                continue;
            }
            double sum = 0;
            for (int c = 0; c < d; c++) {
                double v = -Math.log(random.nextDouble()) * (c == i % d ? 20 : 1);
                p[i * d + c] = v;
                sum += v;
            }
            for (int c = 0; c < d; c++) {
                p[i * d + c] /= sum;
            }
        }
        return Points.of(n, d, p);
    }

    @Test
    void appliesToRbfOnPointsOfEightCoordinatesOrMoreWhereTheNativeBlasLoads() {
        boolean blas = Gemm.nativeBlas();
        assertEquals(blas, RbfProducts.of(TrainingKernel.of(new RbfKernel(), 1, simplex(20, 8, 1))).isPresent());
        assertTrue(RbfProducts.of(TrainingKernel.of(new RbfKernel(), 1, simplex(20, 7, 1))).isEmpty(), "d = 7");
        assertTrue(RbfProducts.of(TrainingKernel.of(new LaplacianKernel(), 1, simplex(20, 10, 1))).isEmpty(),
                "laplacian");
    }

    @Test
    void columnsAndRowsAreTheKernelToRounding() {
        for (double gamma : new double[] {1, 5}) {
            Points points = simplex(300, 20, 2);
            TrainingKernel kernel = TrainingKernel.of(new RbfKernel(), gamma, points);
            Optional<RbfProducts> products = RbfProducts.of(kernel);
            if (products.isEmpty()) {
                return;
            }
            double[][] x = kernel.rows();
            int[] pivots = {0, 7, 299, 296, 150};
            // column-major with a stride larger than the rows written, rows 40 to 299 at their own index
            int stride = 310;
            double[] columns = new double[pivots.length * stride];
            PivotedCholesky.Columns source = products.get().columns((pivot, from, to, out, offset) -> {
                for (int j = from; j < to; j++) {
                    out[offset + j] = kernel.value(x[j], x[pivot]);
                }
            });
            source.columns(pivots, pivots.length, 40, 300, columns, stride);
            for (int c = 0; c < pivots.length; c++) {
                for (int j = 40; j < 300; j++) {
                    double expected = kernel.value(x[j], x[pivots[c]]);
                    assertEquals(expected, columns[c * stride + j], 2e-15 * gamma, "column " + pivots[c] + ", row " + j);
                    assertTrue(columns[c * stride + j] <= 1.0, "a kernel value above 1 at row " + j);
                }
                for (int j = 0; j < 40; j++) {
                    assertEquals(0.0, columns[c * stride + j], "row " + j + " lies outside the rows asked for");
                }
                double[] one = new double[300];
                source.column(pivots[c], 0, 300, one, 0);
                for (int j = 0; j < 300; j++) {
                    assertEquals(kernel.value(x[j], x[pivots[c]]), one[j], "single column, row " + j);
                }
            }
            Points queries = simplex(600, 20, 3);
            double[] rows = products.get().rows(pivots, TrainingKernel.rows(queries), Parallelism.sequential());
            assertEquals(pivots.length * 600, rows.length, "p × n' values");
            for (int a = 0; a < pivots.length; a++) {
                for (int j = 0; j < 600; j++) {
                    assertEquals(kernel.value(x[pivots[a]], queries.row(j)), rows[a * 600 + j], 2e-15 * gamma,
                            "row " + a + ", point " + j);
                }
            }
            try (ThreadPool pool = new ThreadPool(2)) {
                double[] parallel = products.get().rows(pivots, TrainingKernel.rows(queries), pool);
                assertArrayEquals(rows, parallel, "two threads");
            }
        }
    }
}
