package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;

/**
 * The rank the fast mode's pivoted Cholesky will reach on a training fold, estimated before the
 * run from two spread samples of the fold's points, so that the time estimate is for that rank
 * rather than for the cap. Without a look at the data the rank is only bounded (the cap, n or the
 * kernel's bound), and the bound can be far off: on CIFAR-10 canonical (folds of 6400 points,
 * d = 10) the cap is 3000 and the folds reach about 930, so the run was announced as "up to about
 * 2 min" and took 5 s.
 *
 * <p>The samples are every ⌊i·n/m⌋-th point, for m = m₂ = min({@value #LARGER}, n/2) and m₁ =
 * m₂/2, factored with the run's kernel, tolerance and cap (the rank alone: no Gram, no spectrum).
 * Their ranks r₁ ≤ r₂ give the growth exponent {@code e = log(r₂/r₁)/log 2}, taken in [0, 1],
 * and the estimate {@code r₂·(n/m₂)^e}, at most the bound. Where the smaller sample is already at
 * its full rank or at the bound (as at d = 100, whose kernel matrices are numerically of full
 * rank), the samples tell nothing the bound does not, and the bound stands without the larger
 * sample's factorisation; where the larger one is, the estimate is the bound.
 *
 * <p>It is an estimate, not a bound: on the first CIFAR-10 predictions the rank grew with the
 * exponent 0.52 from 800 to 1600 points, 0.65 from 1600 to 3200 and 0.59 from 3200 to 6400. The
 * progress lines correct the time left once the first folds are factored.
 *
 * <p>Cost: the pivoted Cholesky's passes on the samples, m·r²/2 multiply-adds with r ≤ m, at most
 * about 5·10⁹ for both (under a second with the native BLAS), and the kernel's columns at the
 * pivots; measured 0.23 s in all on CIFAR-10 canonical and at d = 100, where only the smaller
 * sample is factored. Deterministic: the samples are fixed and the factorisation does not depend
 * on the number of threads.
 */
final class RankProbe {
    /** The larger sample's most points. */
    static final int LARGER = 2048;
    /** Below this many points in the smaller sample, the samples say too little to extrapolate from. */
    static final int SMALLEST = 64;

    private RankProbe() {
    }

    /**
     * @param settings the fast mode's settings
     * @param points   the training fold's n points
     * @param bound    the rank the memory plan assumes: the cap, n or the kernel's bound
     * @param pool     the pool
     * @return the estimated rank, in [1, bound]; the bound itself where the samples cannot tell
     */
    static long estimate(KrrSettings settings, Points points, long bound, Parallelism pool) {
        int n = points.size();
        int larger = Math.min(LARGER, n / 2);
        int smaller = larger / 2;
        if (smaller < SMALLEST) {
            return bound;
        }
        int r1 = rank(settings, points, smaller, bound, pool);
        if (r1 >= Math.min(bound, smaller)) {
            // at its full rank the smaller sample says nothing of the growth, and at the bound
            // nothing either: the larger sample need not be factored
            return bound;
        }
        int r2 = rank(settings, points, larger, bound, pool);
        // where r2 is the bound or the larger sample's full rank (r2 ≥ 2·r1), the estimate is the
        // bound: r2 times a factor of at least 1, or n
        double exponent = Math.min(1, Math.max(0, Math.log((double) r2 / r1) / Math.log((double) larger / smaller)));
        double estimate = Math.ceil(r2 * Math.pow((double) n / larger, exponent));
        return Math.max(1, Math.min(bound, (long) estimate));
    }

    /** The rank on every ⌊i·n/m⌋-th point, i &lt; m, with the cap at most the bound. */
    private static int rank(KrrSettings settings, Points points, int m, long bound, Parallelism pool) {
        int n = points.size();
        int[] rows = new int[m];
        for (int i = 0; i < m; i++) {
            rows[i] = (int) ((long) i * n / m);
        }
        TrainingKernel kernel = TrainingKernel.of(settings.kernel(), settings.parameter(), points.select(rows));
        return LowRankFactorisation.rank(kernel, settings.tolerance(), (int) Math.min(bound, m), pool);
    }
}
