package io.calibrisk.estimators.kernel.kde;

/**
 * How long a run of {@code kde} takes, roughly, from the run's workload
 * ({@link io.calibrisk.api.estimator.Workload}), so that a long run says so before it starts.
 * With k folds, a training fold of n points holds out n/(k − 1) evaluation points, and the test
 * split has at most n' points. The rates, in
 * thread-seconds, were fitted on 2026-11-30 to whole runs of kde alone on a 2-core Intel Xeon
 * (docs/performance.md), where they predicted 84 s for 86.5 s measured (canonical, n = 50 000,
 * d = 100), 46 s for 47.9 s (d = 10), 56 s for 54.8 s (class-wise, d = 100) and 11.1 s for 11.8 s
 * (top-label, n = 1 000 000):
 * <ul>
 *   <li>scalar points with windows ({@link ScalarRegression}): about {@value #SCALAR_UNITS}
 *       (point, bandwidth) pairs a second, counting the centres and the queries of each
 *       bandwidth, (n + n/(k − 1) + n')·g per fold and component;</li>
 *   <li>an exponential form of q statistics (canonical, dirichlet): the statistics' products,
 *       (n/(k − 1))·(n + n')·q multiply-adds at {@value #PRODUCTS} a second, and a log weight
 *       and its exponential per pair and bandwidth, (n/(k − 1))·(n + n')·g at
 *       {@value #WEIGHTS} a second (each fold sums the test split over its held-out points'
 *       share only, {@link FoldShares});</li>
 *   <li>any other kernel: n·(n/(k − 1) + n')·g log densities, each of m + 1 terms (lnΓ and
 *       logarithms) at {@value #DENSITY_TERMS} terms a second, the speed of calibrisk's own
 *       kernels called pair by pair (2000 simulated samples: 9.4 thread-seconds top-label, 14
 *       canonical with d = 3); a plugin's kernel may be slower.</li>
 * </ul>
 * The lnΓ of the normalising constants are counted in these rates, not apart. Short runs take
 * longer than this says, as the JIT compiler's work is not counted (CIFAR-10 class-wise: 1.1 s
 * predicted, 1.6 s measured).
 */
final class KdeCost {
    /** (point, bandwidth) pairs per thread-second of the scalar windows and expansions. */
    static final double SCALAR_UNITS = 4.5e6;
    /** Multiply-adds per thread-second of the exponential form's statistics. */
    static final double PRODUCTS = 2e9;
    /** Log weights and their exponentials per thread-second. */
    static final double WEIGHTS = 4e8;
    /** Terms of log densities per thread-second, pair by pair: m + 1 per density. */
    static final double DENSITY_TERMS = 2e7;

    private KdeCost() {
    }

    /**
     * @param kernel       the run's kernel
     * @param dimension    m
     * @param trainingSize n, the largest training fold
     * @param querySize    n', the larger of an evaluation fold and the test split
     * @param folds        k
     * @param bandwidths   g
     * @return the estimated thread-seconds of one training fold of one component
     */
    static double foldSeconds(KdeKernel kernel, int dimension, long trainingSize, long querySize, int folds,
                              int bandwidths) {
        double n = trainingSize;
        double heldOut = Math.ceil(n / Math.max(1, folds - 1));
        if (kernel.windowed(dimension)) {
            return (n + heldOut + querySize) * bandwidths / SCALAR_UNITS;
        }
        if (kernel.exponential()) {
            double pairs = heldOut * (n + querySize);
            return pairs * kernel.width(dimension) / PRODUCTS + pairs * bandwidths / WEIGHTS;
        }
        return n * (heldOut + querySize) * bandwidths * (dimension + 1.0) / DENSITY_TERMS;
    }
}
