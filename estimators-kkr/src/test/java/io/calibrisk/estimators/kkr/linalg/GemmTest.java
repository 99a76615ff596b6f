package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.testsupport.plugin.ThreadPool;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The dense product against the textbook triple loop, and its parallel forms (split by rows, or
 * by columns when C has few rows) bit for bit against the sequential one, with offsets into A.
 */
class GemmTest {

    private static double[][] random(int rows, int columns, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[rows][columns];
        for (double[] row : out) {
            for (int j = 0; j < columns; j++) {
                row[j] = random.nextDouble() - 0.5;
            }
        }
        return out;
    }

    private static double[] flat(double[][] rows) {
        int columns = rows[0].length;
        double[] out = new double[rows.length * columns];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, out, i * columns, columns);
        }
        return out;
    }

    private static double[][] copy(double[][] rows) {
        double[][] out = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = rows[i].clone();
        }
        return out;
    }

    /**
     * C[cRow + i][j] += Σ_p A[aRow + i][aOff + p]·B[bRow + p][j], with A 3 rows and 2 columns
     * larger than it needs to be (the product reads the offsets) and C and B with a spare first row.
     */
    private static void check(int rows, int columns, int inner, long seed) {
        double[][] a = random(rows + 3, inner + 2, seed);
        double[][] b = random(inner + 1, columns, seed + 1);
        double[][] c = random(rows + 1, columns, seed + 2);
        double[][] expected = copy(c);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < columns; j++) {
                double s = expected[1 + i][j];
                for (int p = 0; p < inner; p++) {
                    s += a[3 + i][2 + p] * b[1 + p][j];
                }
                expected[1 + i][j] = s;
            }
        }
        double[][] sequential = copy(c);
        Gemm.multiplyAdd(rows, 0, columns, inner, a, 3, 2, b, 1, sequential, 1);
        for (int i = 0; i < rows + 1; i++) {
            assertArrayEquals(expected[i], sequential[i], 1e-12 * inner, "row " + i);
        }
        double[] flatA = flat(a);
        int lda = inner + 2;
        double[][] flatSequential = copy(c);
        Gemm.multiplyAdd(Parallelism.sequential(), rows, 0, columns, inner, flatA, 3 * lda + 2, lda, b, 1,
                flatSequential, 1);
        try (ThreadPool pool = new ThreadPool(2)) {
            double[][] byRows = copy(c);
            Gemm.multiplyAdd(pool, rows, 0, columns, inner, a, 3, 2, b, 1, byRows, 1);
            double[][] flatParallel = copy(c);
            Gemm.multiplyAdd(pool, rows, 0, columns, inner, flatA, 3 * lda + 2, lda, b, 1, flatParallel, 1);
            // B flat, its rows 2 apart beyond their length, from row 1: in place where the native BLAS
            // takes the product, copied by strips of columns in Java
            int ldb = columns + 2;
            double[] flatB = new double[(inner + 1) * ldb];
            for (int p = 0; p < inner + 1; p++) {
                System.arraycopy(b[p], 0, flatB, p * ldb, columns);
            }
            double[][] flatBoth = copy(c);
            Gemm.multiplyAdd(pool, rows, 0, columns, inner, flatA, 3 * lda + 2, lda, flatB, ldb, ldb, flatBoth, 1);
            double[][] rowsAFlatB = copy(c);
            Gemm.multiplyAdd(pool, rows, 0, columns, inner, a, 3, 2, flatB, ldb, ldb, rowsAFlatB, 1);
            double[][] flatBSequential = copy(c);
            Gemm.multiplyAdd(Parallelism.sequential(), rows, 0, columns, inner, a, 3, 2, flatB, ldb, ldb,
                    flatBSequential, 1);
            for (int i = 0; i < rows + 1; i++) {
                assertArrayEquals(sequential[i], flatSequential[i], "flat A, row " + i);
                assertArrayEquals(sequential[i], byRows[i], "parallel, row " + i);
                assertArrayEquals(sequential[i], flatParallel[i], "parallel flat A, row " + i);
                assertArrayEquals(sequential[i], flatBoth[i], "flat A and B, row " + i);
                assertArrayEquals(sequential[i], rowsAFlatB[i], "flat B, row " + i);
                assertArrayEquals(sequential[i], flatBSequential[i], "flat B in one thread, row " + i);
            }
        }
    }

    @Test
    void splitByRows() {
        // 100·60·50 multiply-adds: enough to run on the pool, in blocks of 16 rows
        check(100, 60, 50, 11);
    }

    @Test
    void splitByColumnsWhenCHasFewRows() {
        check(10, 3000, 10, 12);
    }

    @Test
    void smallProductsAndOddInnerSizes() {
        check(3, 5, 7, 13);
        check(1, 1, 1, 14);
        check(5, 600, 130, 15);
    }

    /**
     * Small products with B flat run through each thread's kept strip rows: one product after
     * another of other shapes (wider, then narrower and with fewer terms) must find nothing left
     * over from the one before.
     */
    @Test
    void keptStripRowsCarryNothingFromOneProductToTheNext() {
        check(4, 1100, 40, 21);
        check(6, 300, 20, 22);
        check(2, 700, 60, 23);
        check(4, 1100, 40, 24);
    }

    /**
     * Products large enough for the native BLAS where it loads: C split into several tiles of
     * 512 × 512, the terms into chunks of 2048 (so each tile makes two calls), A and flat B used
     * in place and, at the end of their arrays, copied (the binding checks whole strides).
     */
    @Test
    void tilesAndChunksOfTheNativePath() {
        check(600, 530, 2100, 17);
    }

    /**
     * C −= A·Bᵀ, column-major, against the triple loop: rows [5, 5 + m) of A and C inside columns
     * longer than that (strides lda, ldc), B with a stride above its rows, one spare column after
     * A's and C's last (the binding's check); nothing outside the block changes.
     */
    private static void checkColumnMajor(int m, int n, int k, long seed) {
        int lda = m + 9;
        int ldc = m + 7;
        int ldb = n + 2;
        double[] a = flat(random(k + 1, lda, seed));
        double[] b = flat(random(k, ldb, seed + 1));
        double[] c = flat(random(n + 1, ldc, seed + 2));
        double[] expected = c.clone();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = expected[5 + i + j * ldc];
                for (int p = 0; p < k; p++) {
                    s -= a[5 + i + p * lda] * b[j + p * ldb];
                }
                expected[5 + i + j * ldc] = s;
            }
        }
        double[] actual = c.clone();
        Gemm.subtractProductColumnMajor(m, n, k, a, 5, lda, b, ldb, actual, 5, ldc);
        assertArrayEquals(expected, actual, 1e-12 * k, m + " × " + n + " × " + k);
    }

    /** Small shapes in Java (one block of rows and several, odd sizes), large ones through the native BLAS where it loads. */
    @Test
    void columnMajorSubtraction() {
        checkColumnMajor(3, 5, 7, 21);
        checkColumnMajor(1, 1, 1, 22);
        checkColumnMajor(600, 9, 40, 23);
        checkColumnMajor(1000, 40, 300, 24);
        assertEquals(NativeBlas.available(), Gemm.natively(1000, 40, 300));
    }

    /** The native BLAS takes a product exactly when it loads and the product is large enough in every direction. */
    @Test
    void theNativeLibraryTakesLargeProductsOnly() {
        boolean available = NativeBlas.available();
        boolean loads;
        try {
            loads = dev.ludovic.netlib.blas.NativeBLAS.getInstance() != null;
        } catch (RuntimeException | LinkageError e) {
            loads = false;
        }
        boolean off = false;
        for (String property : new String[] {NativeLapack.PROPERTY, NativeBlas.PROPERTY}) {
            off |= "java".equals(System.getProperty(property, "").trim().toLowerCase(java.util.Locale.ROOT));
        }
        assertEquals(loads && !off, available, "in use exactly when it loads and is not switched off");
        assertEquals(available, Gemm.nativeBlas());
        assertEquals(available, Gemm.natively(64, 64, 64));
        assertEquals(available, Gemm.natively(Gemm.NATIVE_MIN, 64, 512));
        assertEquals(false, Gemm.natively(Gemm.NATIVE_MIN - 1, 4096, 4096), "too few rows");
        assertEquals(false, Gemm.natively(4096, Gemm.NATIVE_MIN - 1, 4096), "too few columns");
        assertEquals(false, Gemm.natively(4096, 4096, Gemm.NATIVE_MIN - 1), "too few terms");
        assertEquals(false, Gemm.natively(63, 64, 64), "63·64·64 < 2^18 multiply-adds");
    }

    @Test
    void transposeOfAnOffsetBlock() {
        double[][] in = random(40, 50, 16);
        double[] out = new double[2 + 45 * 37];
        Gemm.transpose(37, 45, in, 2, 4, out, 2, 37);
        for (int i = 0; i < 37; i++) {
            for (int j = 0; j < 45; j++) {
                assertEquals(in[2 + i][4 + j], out[2 + j * 37 + i]);
            }
        }
        assertEquals(0.0, out[0]);
    }
}
