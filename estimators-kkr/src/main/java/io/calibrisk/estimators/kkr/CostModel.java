package io.calibrisk.estimators.kkr;

import java.util.Locale;

/**
 * How long preparing one training fold takes, roughly, from the run's sizes and the rank the
 * memory plan assumes, for the time estimate a run says before it starts
 * ({@link io.calibrisk.api.estimator.CalibrationEstimator#timeNeed}). The rates are those measured on 2-core x86-64
 * machines with one thread per fold and two folds at a time (the README's kkr section and
 * docs/performance.md):
 * <ul>
 *   <li>the eigendecomposition of an n × n matrix, about n³ / {@value #NATIVE_EIGEN} s with the
 *       native LAPACK and n³ / {@value #JAVA_EIGEN} s with the Java code (see the constants for
 *       the measurements);</li>
 *   <li>the pivoted Cholesky of rank r, about 1.35·n·r² multiply-adds (its passes and LᵀL) at
 *       {@value #NATIVE_PRODUCTS} per second through the native BLAS and {@value #PRODUCTS}
 *       through the Java product; the spectrum's weights and feature map add r³/2 + n·r·m more;</li>
 *   <li>the kernel's values, n·m / {@value #KERNEL_TERMS} s per column one value at a time, or,
 *       where they are inner products through the BLAS (the rbf kernel on 8 or more
 *       coordinates), n·m multiply-adds at the BLAS's rate plus n / {@value #EXPONENTIALS} s.</li>
 * </ul>
 * The fast mode's time is for the planned rank (the cap, n or the kernel's bound): an upper bound
 * where the tolerance stops the factorisation first, about the time where the cap stops it.
 */
final class CostModel {
    /**
     * n³ per second of a native eigendecomposition (dsyevr, OpenBLAS), two folds at a time:
     * measured on 2026-11-30 (Intel Xeon, exact mode on CIFAR-10 canonical) 5.2e9 to 6.9e9 at
     * n = 1600, 6.7e9 to 7.6e9 at 3200 and 5.1e9 to 6.4e9 at 6400 (41 to 51 s a fold), and 5.1e9
     * to 6.9e9 for the fast mode's r × r matrix at r = 3000.
     */
    static final double NATIVE_EIGEN = 6e9;
    /**
     * n³ per second of the Java eigendecomposition, two folds at a time; it slows as n outgrows
     * the caches: measured on 2026-11-30 (as above) 1.5e9 to 2.5e9 at n = 1600 and 1.1e9 to 1.4e9
     * at 3200 (24 to 29 s a fold; 13 s alone). Set where the larger folds that take long are.
     */
    static final double JAVA_EIGEN = 1e9;
    /** Multiply-adds per second of the Java matrix products. */
    static final double PRODUCTS = 2e9;
    /**
     * Multiply-adds per second of the native products, two folds at a time: the pivoted
     * Cholesky of 32 000 points to rank 3000 took 24 to 32 s beside another fold, 16 s alone.
     */
    static final double NATIVE_PRODUCTS = 1.3e10;
    /** Terms (·m) of kernel values per second, one value at a time. */
    static final double KERNEL_TERMS = 3e8;
    /** Exponentials of kernel values per second, after their inner products. */
    static final double EXPONENTIALS = 1e8;

    /** r² per second of a kkr fit in fast mode, see {@link #kroneckerFitSeconds}. */
    static final double KRONECKER_FITS = 8.6e6;
    /** n³ per second of a kkr fit in exact mode, see {@link #kroneckerFitSeconds}. */
    static final double EXACT_KRONECKER_FITS = 1.3e11;

    private CostModel() {
    }

    /**
     * How fast this run's work goes: which native libraries it uses, and whether the kernel's
     * values are inner products through the BLAS.
     *
     * @param nativeLapack   whether the native LAPACK decomposes
     * @param nativeBlas     whether the native BLAS multiplies
     * @param kernelProducts whether the kernel's values come from inner products through the BLAS
     */
    record Machine(boolean nativeLapack, boolean nativeBlas, boolean kernelProducts) {
    }

    /**
     * @param mode      exact or fast
     * @param n         training points
     * @param rank      the rank the memory plan assumes (fast mode; at most n)
     * @param dimension m
     * @param machine   the libraries in use
     * @return the estimated seconds to factor one training fold (fast mode: for the planned rank)
     */
    static double foldSeconds(Mode mode, long n, long rank, int dimension, Machine machine) {
        double eigenRate = machine.nativeLapack() ? NATIVE_EIGEN : JAVA_EIGEN;
        if (mode == Mode.EXACT) {
            return (double) n * n * n / eigenRate + (double) n * n * dimension / 2 / KERNEL_TERMS;
        }
        double r = rank;
        double products = machine.nativeBlas() ? NATIVE_PRODUCTS : PRODUCTS;
        double kernel = machine.kernelProducts()
                ? (double) n * r * dimension / products + (double) n * r / EXPONENTIALS
                : 2.0 * n * r * dimension / KERNEL_TERMS;
        return (1.35 * n * r * r + r * r * r / 2 + (double) n * r * dimension) / products + r * r * r / eigenRate
                + kernel;
    }

    /**
     * A grid point's fit of kkr: the form over q ≤ r modes, its compression, O(q²k), and its
     * map of the raw features, with its check at half the rank where the cap stops the
     * factorisation. Fast mode, measured at r = 3000 (n = 6400 and 32 000, d = 100): 1.05 s a fit
     * on average, 0.5 s with 100 features to 2.5 s with 500; at r ≈ 530 (CIFAR-10, canonical):
     * 0.01 to 0.1 s. In exact mode every one of the n modes is a candidate, and the modes kept
     * grow with n: on 2026-11-30 (CIFAR-10 canonical, the prepared folds' thread-seconds less
     * their factorisations, over 90 fits) 0.08 s a fit at n = 1600, 0.25 s at 3200 and 2.0 s at
     * 6400.
     *
     * @param mode exact or fast
     * @param rank r, the fold's size n in exact mode
     * @return about r² / {@value #KRONECKER_FITS} s in fast mode and n³ / {@value #EXACT_KRONECKER_FITS} s
     *     in exact mode
     */
    static double kroneckerFitSeconds(Mode mode, long rank) {
        double r = rank;
        return mode == Mode.EXACT ? r * r * r / EXACT_KRONECKER_FITS : r * r / KRONECKER_FITS;
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
