package io.calibrisk.estimators.kkr.linalg;

import dev.ludovic.netlib.lapack.NativeLAPACK;
import io.calibrisk.api.estimator.Parallelism;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

import static io.calibrisk.testsupport.Seeds.qt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

    /**
     * A Laplacian kernel of large γ on spread points: the off-diagonal values are 1e−200 and
     * below, so a Householder step's α(α − x₀) underflows to 0 unless the reflector is scaled
     * (it gave NaN eigenvalues, and ukkr "no positive eigenvalue"). Also a matrix scaled to
     * 1e−150 as a whole, where the products of its entries underflow.
     */
    @Test
    void decomposesMatricesWhoseEntriesUnderflowWhenSquared() {
        int n = 12;
        double[][] x = uniformPoints(n, 3);
        double[] k = new double[n * n];
        double[] tiny = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double l1 = 0;
                for (int c = 0; c < 3; c++) {
                    l1 += Math.abs(x[i][c] - x[j][c]);
                }
                k[i * n + j] = Math.exp(-1000 * l1);
                tiny[i * n + j] = 1e-150 * Math.exp(-3 * l1);
            }
        }
        SymmetricEigen eigen = SymmetricEigen.java(k, n, Parallelism.sequential());
        assertDecomposition(k, n, eigen, 1e-12);
        for (double v : eigen.values()) {
            assertEquals(1.0, v, 1e-12);
        }
        SymmetricEigen small = SymmetricEigen.java(tiny, n, Parallelism.sequential());
        for (double v : small.values()) {
            assertTrue(Double.isFinite(v) && v > 0, "eigenvalue " + v);
        }
        assertDecomposition(tiny, n, small, 1e-12);
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
        // the Java code, and the native LAPACK where it is available
        for (SymmetricEigen eigen : new SymmetricEigen[] {SymmetricEigen.java(k, n, Parallelism.sequential()),
                SymmetricEigen.of(k, n, Parallelism.sequential())}) {
            assertDecomposition(k, n, eigen, 1e-12);
            for (int i = 1; i < n; i++) {
                assertTrue(eigen.values()[i] <= eigen.values()[i - 1], "decreasing");
            }
            assertTrue(eigen.values()[n - 1] > -1e-12 * eigen.values()[0], "positive semi-definite up to rounding");
        }
    }

    /**
     * Where the system's LAPACK loads, {@code of} uses it: its eigenvalues agree with the Java
     * code's to rounding (1e−12 of the largest) and its eigenvectors span the same eigenspaces
     * (compared through the projector onto the leading ones, which signs and rotations within a
     * cluster do not change).
     */
    @Test
    void nativeLapackAgreesWithTheJavaCode() {
        Assumptions.assumeTrue(NativeLapack.available(), "no native LAPACK on this machine");
        int n = 240;
        double[][] x = uniformPoints(n, 3);
        double[] k = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double d = 0;
                for (int c = 0; c < 3; c++) {
                    d += (x[i][c] - x[j][c]) * (x[i][c] - x[j][c]);
                }
                k[i * n + j] = Math.exp(-d);
            }
        }
        SymmetricEigen lapack = SymmetricEigen.of(k, n, Parallelism.sequential());
        SymmetricEigen java = SymmetricEigen.java(k, n, Parallelism.sequential());
        assertDecomposition(k, n, lapack, 1e-12);
        for (int j = 0; j < n; j++) {
            assertEquals(java.values()[j], lapack.values()[j], 1e-12 * java.values()[0], "eigenvalue " + j);
        }
        // the projector onto the leading eigenvectors up to the first gap of a factor 2 after the 4th
        int lead = 4;
        while (lead < n - 1 && !(java.values()[lead - 1] > 2 * java.values()[lead])) {
            lead++;
        }
        assertTrue(lead < 40, "a gap among the leading eigenvalues");
        for (int i = 0; i < n; i += 7) {
            for (int j = 0; j < n; j += 5) {
                double pj = 0;
                double pl = 0;
                for (int a = 0; a < lead; a++) {
                    pj += java.vectors()[a * n + i] * java.vectors()[a * n + j];
                    pl += lapack.vectors()[a * n + i] * lapack.vectors()[a * n + j];
                }
                assertEquals(pj, pl, 1e-10, "projector at " + i + ", " + j);
            }
        }
    }

    /**
     * The native library is in use exactly when it loads (and -Dcalibrisk.lapack=java is not
     * given), and then from order {@value SymmetricEigen#NATIVE_ORDER} on: below it, and without
     * it, the decomposition is the Java code's, bit for bit.
     */
    @Test
    void theNativeLibraryIsUsedWhereItLoadsFromOrder64On() {
        boolean available = NativeLapack.available();
        boolean loads;
        try {
            loads = NativeLAPACK.getInstance() != null;
        } catch (RuntimeException | LinkageError e) {
            loads = false;
        }
        boolean off = "java".equals(System.getProperty(NativeLapack.PROPERTY, "").trim().toLowerCase(Locale.ROOT));
        assertEquals(loads && !off, available);
        assertEquals(available, SymmetricEigen.nativeLapack());
        for (int n : new int[] {SymmetricEigen.NATIVE_ORDER - 1, SymmetricEigen.NATIVE_ORDER}) {
            SplittableRandom random = new SplittableRandom(n);
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    a[i * n + j] = random.nextDouble() - 0.5;
                    a[j * n + i] = a[i * n + j];
                }
            }
            SymmetricEigen expected = available && n >= SymmetricEigen.NATIVE_ORDER ? NativeLapack.dsyevr(a, n)
                    : SymmetricEigen.java(a, n, Parallelism.sequential());
            SymmetricEigen eigen = SymmetricEigen.of(a, n, Parallelism.sequential());
            assertArrayEquals(expected.values(), eigen.values(), "order " + n);
            assertArrayEquals(expected.vectors(), eigen.vectors(), "order " + n);
            assertDecomposition(a, n, eigen, 1e-13);
        }
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
        SymmetricEigen one = SymmetricEigen.java(a, n, Parallelism.sequential());
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
            SymmetricEigen three = SymmetricEigen.java(a, n, pool);
            assertTrue(java.util.Arrays.equals(one.values(), three.values()), "eigenvalues bit-identical");
            assertTrue(java.util.Arrays.equals(one.vectors(), three.vectors()), "eigenvectors bit-identical");
        } finally {
            threads.shutdownNow();
        }
    }

    /** Checks ‖A v − λ v‖ and ‖VᵀV − I‖ relative to ‖A‖. */
    /** n points uniform in the unit cube of R³, the same for the same n and seed. */
    private static double[][] uniformPoints(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] x = new double[n][3];
        for (double[] row : x) {
            for (int c = 0; c < 3; c++) {
                row[c] = random.nextDouble();
            }
        }
        return x;
    }

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
