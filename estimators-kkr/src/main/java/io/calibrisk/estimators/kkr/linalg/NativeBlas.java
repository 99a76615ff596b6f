package io.calibrisk.estimators.kkr.linalg;

import dev.ludovic.netlib.blas.NativeBLAS;

/**
 * The system's BLAS (OpenBLAS, or the reference library) through the maintained JNI binding
 * {@code dev.ludovic.netlib:blas}, when it can be loaded: Linux on x86-64 or aarch64 with
 * {@code libblas.so.3} installed (Debian: {@code libopenblas0}). It serves the large matrix
 * products of {@link Gemm} and the Gram matrix of {@link PivotedCholesky}, where OpenBLAS runs
 * about twice as fast as calibrisk's Java product on the benchmark machine (21 against 10
 * billion multiply-adds a second on one core, for the pivoted Cholesky's panel products).
 * Elsewhere, with {@code -Dcalibrisk.blas=java}, or with {@code -Dcalibrisk.lapack=java} (which
 * turns both native libraries off), the Java product runs, and results are bit for bit its own.
 *
 * <p>Results do not depend on calibrisk's thread count: every native call has a shape fixed by
 * the operands alone (never by the threads), and OpenBLAS, run with one thread per call
 * ({@code OPENBLAS_NUM_THREADS=1}, as the launchers set), computes each call the same way every
 * time. Native and Java products differ by rounding only.
 */
final class NativeBlas {
    /** The system property that turns the native BLAS alone off: {@code java}. */
    static final String PROPERTY = "calibrisk.blas";
    private static final NativeBLAS BLAS =
            NativeLibraries.load("BLAS", NativeBLAS::getInstance, NativeLapack.PROPERTY, PROPERTY);

    private NativeBlas() {
    }

    /** @return whether the native library is in use */
    static boolean available() {
        return BLAS != null;
    }

    /**
     * {@code C = α·op(A)·op(B) + β·C} on column-major operands, as BLAS {@code dgemm} defines it.
     *
     * @param transA "N" or "T"
     * @param transB "N" or "T"
     * @param m      rows of op(A) and C
     * @param n      columns of op(B) and C
     * @param k      columns of op(A), rows of op(B)
     * @param alpha  α
     * @param a      A
     * @param aOff   A's offset
     * @param lda    A's leading dimension
     * @param b      B
     * @param bOff   B's offset
     * @param ldb    B's leading dimension
     * @param beta   β
     * @param c      C
     * @param cOff   C's offset
     * @param ldc    C's leading dimension
     */
    static void dgemm(String transA, String transB, int m, int n, int k, double alpha, double[] a, int aOff, int lda,
                      double[] b, int bOff, int ldb, double beta, double[] c, int cOff, int ldc) {
        BLAS.dgemm(transA, transB, m, n, k, alpha, a, aOff, lda, b, bOff, ldb, beta, c, cOff, ldc);
    }
}
