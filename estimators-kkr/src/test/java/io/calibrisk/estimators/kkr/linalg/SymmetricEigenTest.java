package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.estimator.Parallelism;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

import static io.calibrisk.testsupport.Seeds.qt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class SymmetricEigenTest {

    @Test
    void decomposesRandomSymmetricMatrices() {
        qt(60).forAll(integers().between(1, 40), longs().all()).checkAssert((n, seed) -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    double v = random.nextDouble(-1, 1);
                    a[i * n + j] = v;
                    a[j * n + i] = v;
                }
            }
            assertDecomposition(a, n, SymmetricEigen.of(a, n, Parallelism.sequential()), 1e-12);
        });
    }

    /** Hipparchus 4.0.2 reports "convergence failed" on this matrix; the norm-wise deflation does not. */
    @Test
    void convergesOnNumericallyLowRankKernelMatrices() {
        int n = 300;
        SplittableRandom random = new SplittableRandom(1);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
        }
        double[] k = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double d = x[i] - x[j];
                k[i * n + j] = Math.exp(-30 * d * d);
            }
        }
        SymmetricEigen eigen = SymmetricEigen.of(k, n, Parallelism.sequential());
        assertDecomposition(k, n, eigen, 1e-12);
        for (int i = 1; i < n; i++) {
            assertTrue(eigen.values()[i] <= eigen.values()[i - 1], "decreasing");
        }
        assertTrue(eigen.values()[n - 1] > -1e-12 * eigen.values()[0], "positive semi-definite up to rounding");
    }

    @Test
    void doesNotDependOnTheNumberOfThreads() {
        int n = 700;
        SplittableRandom random = new SplittableRandom(2);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double v = random.nextGaussian();
                a[i * n + j] = v;
                a[j * n + i] = v;
            }
        }
        SymmetricEigen one = SymmetricEigen.of(a, n, Parallelism.sequential());
        ForkJoinPool threads = new ForkJoinPool(3);
        try {
            Parallelism pool = new Parallelism() {
                @Override
                public int threads() {
                    return 3;
                }

                @Override
                public void forEach(int count, IntConsumer task) {
                    threads.submit(() -> IntStream.range(0, count).parallel().forEach(task)).join();
                }
            };
            SymmetricEigen three = SymmetricEigen.of(a, n, pool);
            assertTrue(java.util.Arrays.equals(one.values(), three.values()), "eigenvalues bit-identical");
            assertTrue(java.util.Arrays.equals(one.vectors(), three.vectors()), "eigenvectors bit-identical");
        } finally {
            threads.shutdownNow();
        }
    }

    /** Checks ‖A v − λ v‖ and ‖VᵀV − I‖ relative to ‖A‖. */
    static void assertDecomposition(double[] a, int n, SymmetricEigen eigen, double tolerance) {
        double norm = 0;
        for (double v : a) {
            norm = Math.max(norm, Math.abs(v));
        }
        norm = Math.max(norm * n, Double.MIN_NORMAL);
        for (int j = 0; j < n; j++) {
            double[] v = eigen.vector(j);
            for (int i = 0; i < n; i++) {
                double av = 0;
                for (int k = 0; k < n; k++) {
                    av += a[i * n + k] * v[k];
                }
                assertEquals(eigen.values()[j] * v[i], av, tolerance * norm, "residual of pair " + j);
            }
            for (int k = j; k < n; k++) {
                double dot = 0;
                double[] w = eigen.vector(k);
                for (int i = 0; i < n; i++) {
                    dot += v[i] * w[i];
                }
                assertEquals(j == k ? 1.0 : 0.0, dot, tolerance * n, "orthonormality " + j + ", " + k);
            }
        }
    }
}
