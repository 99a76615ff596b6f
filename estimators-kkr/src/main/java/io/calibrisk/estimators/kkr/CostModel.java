package io.calibrisk.estimators.kkr;

import java.util.Locale;

/**
 * How long preparing one training fold takes, roughly, from the sizes the memory plan uses, so
 * that a long run says so before it starts. The rates are those measured on a 2-core x86-64
 * machine (one thread per fold): the eigendecomposition of an n × n matrix takes about
 * n³ / {@value #NATIVE_EIGEN} s with the native LAPACK and n³ / {@value #JAVA_EIGEN} s with the
 * Java code; the pivoted Cholesky of rank r about 1.35·n·r² / {@value #PRODUCTS} s; the
 * kernel values about n·m / {@value #KERNEL_TERMS} s per column.
 */
final class CostModel {
    /** n³ per second of a native eigendecomposition (dsyevr). */
    static final double NATIVE_EIGEN = 3e9;
    /** n³ per second of the Java eigendecomposition. */
    static final double JAVA_EIGEN = 6e8;
    /** Multiply-adds per second of the Java matrix products. */
    static final double PRODUCTS = 2e9;
    /** Terms (·m) of kernel values per second. */
    static final double KERNEL_TERMS = 3e8;

    private CostModel() {
    }

    /**
     * @param mode          exact or fast
     * @param n             training points
     * @param rank          the rank the memory plan assumes (fast mode; at most n)
     * @param dimension     m
     * @param nativeLapack  whether the native LAPACK is in use
     * @return the estimated seconds to factor one training fold (fast mode: an upper bound, as
     *     the plan's rank is)
     */
    static double foldSeconds(Mode mode, long n, long rank, int dimension, boolean nativeLapack) {
        double eigenRate = nativeLapack ? NATIVE_EIGEN : JAVA_EIGEN;
        if (mode == Mode.EXACT) {
            return (double) n * n * n / eigenRate + (double) n * n * dimension / 2 / KERNEL_TERMS;
        }
        double r = rank;
        return 1.35 * n * r * r / PRODUCTS + r * r * r / eigenRate + 2.0 * n * r * dimension / KERNEL_TERMS;
    }

    /**
     * @param seconds a duration
     * @return it in words, e.g. {@code 2 min 05 s}
     */
    static String words(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return Math.max(1, s) + " s";
        }
        return s < 3600 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60)
                : String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
