package io.calibrisk.estimators.kkr.linalg;

import dev.ludovic.netlib.lapack.NativeLAPACK;
import org.netlib.util.intW;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


/**
 * The system's LAPACK (OpenBLAS, or the reference library), through the maintained JNI binding
 * {@code dev.ludovic.netlib:lapack}, when it can be loaded: Linux on x86-64 or aarch64 with
 * {@code liblapack.so.3} installed (Debian: {@code libopenblas0} or {@code liblapack3}).
 * Elsewhere, or with {@code -Dcalibrisk.lapack=java}, calibrisk uses its own Java code.
 *
 * <p>Results do not depend on calibrisk's thread count either way: the native library's own
 * threads are set by {@code OPENBLAS_NUM_THREADS} (the launcher sets 1, so that each fold's
 * decomposition runs in the thread of its fold and the results are reproducible run to run).
 * The native and the Java eigensolvers are both backward stable; their results differ by
 * rounding only.
 */
final class NativeLapack {
    /** The system property that turns the native library off: {@code java}. */
    static final String PROPERTY = "calibrisk.lapack";
    private static final Logger LOG = LoggerFactory.getLogger(NativeLapack.class);
    private static final NativeLAPACK LAPACK = NativeLibraries.load("LAPACK", NativeLAPACK::getInstance, PROPERTY);

    private NativeLapack() {
    }

    /** @return whether the native library is in use */
    static boolean available() {
        return LAPACK != null;
    }

    /**
     * All eigenpairs of a symmetric matrix by the relatively robust representations of
     * {@code dsyevr} (about 4n³/3 flops for the reduction and O(n²) per eigenvector after it).
     *
     * @param matrix n × n, symmetric; not modified
     * @param n      the order
     * @return the decomposition, eigenvalues decreasing; null if LAPACK reports a failure
     */
    static SymmetricEigen dsyevr(double[] matrix, int n) {
        double[] a = matrix.clone();
        double[] values = new double[n];
        double[] z = new double[n * n];
        int[] support = new int[2 * n];
        intW found = new intW(0);
        intW info = new intW(0);
        double[] workSize = new double[1];
        int[] iworkSize = new int[1];
        LAPACK.dsyevr("V", "A", "U", n, a, n, 0, 0, 0, 0, 0, found, values, z, n, support, workSize, -1, iworkSize,
                -1, info);
        if (info.val != 0) {
            return null;
        }
        double[] work = new double[(int) workSize[0]];
        int[] iwork = new int[iworkSize[0]];
        LAPACK.dsyevr("V", "A", "U", n, a, n, 0, 0, 0, 0, 0, found, values, z, n, support, work, work.length, iwork,
                iwork.length, info);
        if (info.val != 0 || found.val != n) {
            LOG.debug("LAPACK dsyevr of order {} failed (info {}); using the Java eigensolver", n, info.val);
            return null;
        }
        // column-major: eigenvector j is the contiguous column j, ascending; reverse to decreasing
        double[] decreasing = new double[n];
        double[] vectors = new double[n * n];
        for (int j = 0; j < n; j++) {
            int from = n - 1 - j;
            decreasing[j] = values[from];
            System.arraycopy(z, from * n, vectors, j * n, n);
        }
        return new SymmetricEigen(n, decreasing, vectors);
    }
}
