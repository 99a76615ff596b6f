package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.estimator.Parallelism;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The Nadaraya–Watson regression of {@link NadarayaWatson} for scalar points and a kernel whose
 * exponential form has u(c) = (c, 1 − c) (the Beta kernel): O((n + n')·log n) per bandwidth on
 * the data calibration gives, instead of O(n·n'), within about 1e−13 relative of the full sum
 * plus rounding.
 *
 * <p><b>Windows.</b> The log weight of centre c_j at a query with statistics (s_0, s_1) is
 * {@code f(c_j) = (s_0 c_j + s_1 (1 − c_j))/b − A(c_j, b)}. A is the log partition function of
 * an exponential family whose natural parameter (c/b, (1 − c)/b) is affine in c, so A is convex
 * and f concave in c (for the Beta kernel, A = log B(c/b + 1, (1 − c)/b + 1)). Over the sorted
 * centres, f therefore rises to a peak and falls: a search on the sign of f(c_{j+1}) − f(c_j)
 * finds a peak p, and two more the window [lo, hi] of the centres with
 * {@code f ≥ f(p) − 40 − ln n}. Every centre left out weighs less than e^−40/n of the peak, so
 * all of them together (at most n training points) less than e^−40 ≈ 4e−18 of the sum. Should
 * rounding (in f, about 1e−16·(|s|/b + |A|)) stop the search at a point below the true maximum,
 * the window only grows: it is still every centre above f(p) − 40 − ln n, as f is unimodal on
 * each side of p. The searches gallop from the previous query's window (queries are sorted).
 *
 * <p><b>Expansions.</b> Where windows hold many centres (large bandwidths, dense data, and
 * class-wise scores piled up near 0), consecutive queries form a cluster around a reference
 * query r. With {@code τ = ((s_0 − s_0^r) − (s_1 − s_1^r))/b}, exactly
 * {@code f_x(c_j) = f_r(c_j) + (s_1 − s_1^r)/b + c_j τ}: within the cluster both sums are, up to
 * one factor common to both, {@code F(τ) = Σ_j w_j e^{(c_j − c̄)τ}} with w_j = m_j e^{f_r(c_j)}
 * (the target sums t_j in place of the multiplicities m_j for the numerator). F is evaluated by a
 * butterfly over boxes of τ and cells of c: at depth ℓ the cluster's τ range [τ_0 − h, τ_0 + h]
 * is cut into boxes T of half-width h/2^ℓ and the centres into cells C of a grid of width
 * 2^ℓ·2ρ/h ({@code ρ = }{@value #RHO}), so that every cell radius times box half-width is ρ.
 * A cell's share for τ = τ_T + τ' in box T is {@code e^{R + (c_C − c̄)τ'} Σ_{k<K} μ_k τ'^k} with
 * the moments {@code μ_k = Σ_{j∈C} w_j e^{(c_j − c̄)τ_T − R} δ_j^k/k!}, δ_j = c_j − c_C. The
 * moments of the root cells come from the reference query's exact log weights; those of a cell
 * for a child box come from its two halves' moments for the parent box (a shift of τ by
 * Δ = ±h/2^{ℓ+1}, |δΔ| ≤ ρ/2, and of the centre by ±w/4), and the queries of a box with few
 * queries or few cells left are summed from its cells. Only cells that meet the windows of a
 * box's queries are kept. A cell none of whose centres has target weight (class-wise: mostly
 * the other classes' scores, near 0) has no target moments to build or carry.
 *
 * <p><b>Error.</b> The Taylor remainder of {@code e^{δτ'}} after K terms, relative to a cell's
 * (positive) share, is at most {@code ρ^K / K! · e^{2ρ}}, 1.2e−15 for K = {@value #TERMS}. A
 * shift keeps the moments of the Taylor polynomial of {@code e^{δ(Δ + τ')}} in δ, with
 * {@code |δ|(|Δ| + |τ'|) ≤ ρ}, and re-centres it exactly, so each level of the butterfly adds an
 * error of the same bound; butterflies are at most log2 of the cluster's queries deep (at most
 * {@value #MAX_DEPTH}), so both sums are within about 5e−14 relative of the windowed sums and t̂
 * within twice that (targets are non-negative). Rounding adds about 1e−16·(1 + R·h) relative,
 * where R·h ≤ {@value #SPAN_LIMIT} bounds the exponents {@code (c_j − c̄)τ}: no cluster is
 * wider. In tests against the full sum, t̂ agrees to 1e−12 relative or better.
 *
 * <p>Clusters are chosen greedily over the sorted queries, each with the span that makes its
 * estimated cost per query least, direct summation included. Queries where s_0 or s_1 is −∞
 * (x = 0 or 1) keep only the centres at c = 0 or 1 (0·log 0 = 0): a prefix or suffix of the
 * sorted centres, summed directly. Weights are exponentiated through {@link FastExp}.
 *
 * <p>Determinism: a query's value depends only on the training fold, the bandwidth and the
 * distinct queries, which fix the clusters; never on the thread count or the other bandwidths
 * of the batch. Cost per bandwidth: O(n'·log n) for the windows; per cluster O(|window|·K) for
 * the root moments, O(K²) per kept (box, cell) pair and O(K) per query and cell at the leaves;
 * or O(|window|) per query summed directly. Memory O(n + n') per bandwidth, and per work space
 * (one per task running at once, reused by later tasks of the run's regressions) O(n) plus at most
 * {@value #SPAN_LIMIT}/ρ cells of 2K moments per level of the butterfly.
 *
 * <p>The code is shaped for the JIT compiler as much as for the processor: class-wise
 * calibration runs a hundred regressions in a few seconds, and compiling them took as long as
 * running them. A loop over many points lives in a small method of its own (a method with such
 * a loop is compiled from the loop's entry, and once more in full); the butterfly's descent has
 * no loop; rare paths (growing arrays, counting work) stay out of hot methods.
 */
final class ScalarRegression {
    /** Cell radius times box half-width. */
    static final double RHO = 1.0;
    /** Moments per cell K, a multiple of 6 (sums run 2, 3 or 6 orders at a time): the remainder bound ρ^K/K!·e^{2ρ} is 1.2e−15 at ρ = 1. */
    static final int TERMS = 18;
    /** The largest R·h (centre spread times τ half-range) of a cluster, which bounds the exponents' rounding. */
    static final double SPAN_LIMIT = 2048;
    /** The deepest butterfly. */
    static final int MAX_DEPTH = 40;
    /** Candidate spans of a cluster, in σ, times the first query's window width c_hi − c_lo. */
    private static final double[] SPANS = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    /** Windows of at most this many centres are summed directly without trying a cluster. */
    private static final int SMALL_WINDOW = 32;
    /** The tests of the window searches. */
    private static final int FALLS = 0;
    private static final int ABOVE = 1;
    private static final int BELOW = 2;
    /** Queries per task of the window search. */
    private static final int CHUNK = 256;
    /** Estimated costs, in multiply-adds: one directly summed term, ... */
    private static final double DIRECT_COST = 20;
    /** ... one centre's share of the root moments (an exponential and 2.5·K updates), ... */
    private static final double MOMENT_COST = 12 + 2.5 * TERMS;
    /** ... one cell carried to a child box, ... */
    private static final double SHIFT_COST = 2.0 * TERMS * TERMS + 20;
    /** ... and one cell evaluated at one query (an exponential and 2·K updates). */
    private static final double CELL_COST = 12 + 2 * TERMS;
    /** {@code TILT_BINOMIAL[q·K + l]} = C(q + l, l) where q + l < K, 0 beyond (never read). */
    private static final double[] TILT_BINOMIAL = new double[TERMS * TERMS];
    private static final double[] INVERSE = new double[TERMS + 1];

    static {
        // Pascal's rule, C(q + l, l) = C(q + l − 1, l − 1) + C(q + l − 1, l), in exact integers
        for (int q = 0; q < TERMS; q++) {
            for (int l = 0; q + l < TERMS; l++) {
                TILT_BINOMIAL[q * TERMS + l] = q == 0 || l == 0 ? 1
                        : TILT_BINOMIAL[q * TERMS + l - 1] + TILT_BINOMIAL[(q - 1) * TERMS + l];
            }
        }
        for (int k = 1; k <= TERMS; k++) {
            INVERSE[k] = 1.0 / k;
        }
    }

    /**
     * @param ascending values ascending (ties allowed) in [0, count)
     * @param hint      the answer for another j, in [0, count]: the search starts there
     * @return the first index in [0, count) whose value is at least j, count if none
     */
    static int firstAtOrAfter(int[] ascending, int count, int j, int hint) {
        if (hint == count || ascending[hint] >= j) {
            return hint == 0 || ascending[hint - 1] < j ? hint : lowerBound(ascending, 0, hint - 1, j);
        }
        int next = hint + 1;
        return next == count || ascending[next] >= j ? next : lowerBound(ascending, next + 1, count, j);
    }

    /** @return the first index in [left, right) whose value is at least j, right if none */
    private static int lowerBound(int[] ascending, int left, int right, int j) {
        while (left < right) {
            int mid = (left + right) >>> 1;
            if (ascending[mid] >= j) {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        return left;
    }

    /** What regressions did: queries summed directly and through butterflies, and the deepest butterfly. For tests and logs. */
    static final class Work {
        final LongAdder direct = new LongAdder();
        final LongAdder expanded = new LongAdder();
        final LongAccumulator depth = new LongAccumulator(Math::max, 0);
        /** Terms summed directly, centres' shares of root moments, cells shifted, cells evaluated at queries. */
        final LongAdder terms = new LongAdder();
        final LongAdder moments = new LongAdder();
        final LongAdder rootCells = new LongAdder();
        final LongAdder shifts = new LongAdder();
        final LongAdder evaluations = new LongAdder();

        @Override
        public String toString() {
            return direct.sum() + " queries summed directly (" + terms.sum() + " terms), " + expanded.sum()
                    + " through butterflies up to depth " + depth.get() + " (" + moments.sum() + " moment updates in "
                    + rootCells.sum() + " root cells, "
                    + shifts.sum() + " shifts, " + evaluations.sum() + " cell evaluations)";
        }
    }

    private ScalarRegression() {
    }

    /** @return {@code x^K / K! · e^{2x}}, the relative remainder bound of K Taylor terms of e^{δτ} with |δτ| ≤ x */
    static double remainder(double x, int terms) {
        double term = 1;
        for (int k = 1; k <= terms; k++) {
            term *= x / k;
        }
        return term * Math.exp(2 * x);
    }

    /**
     * @param training   the training fold, {@link TrainingSet#sortedScalar()}
     * @param queries    the distinct queries in the kernel's terms
     * @param bandwidths g bandwidths
     * @param logNormalisers per bandwidth, A(c_j, b) for every centre
     * @param cutoff     how far in log below the peak a weight is negligible, −40 − ln n
     * @param parallelism the pool
     * @param work       receives what was done
     * @return t̂ for every bandwidth and distinct query
     */
    static NadarayaWatson.Fit regress(TrainingSet training, QueryPoints queries, double[] bandwidths,
                                      double[][] logNormalisers, double cutoff, Parallelism parallelism, Work work) {
        return regress(training, queries, bandwidths, logNormalisers, cutoff, parallelism, work, new WorkSpaces());
    }

    /**
     * Work spaces of the butterflies, handed from one task to the next: a few per thread for all
     * of a run's regressions rather than new ones per regression, whose arrays would be grown
     * again each time (class-wise CIFAR-10 runs a hundred regressions; their work spaces were
     * about a tenth of the run's allocations). Their contents never carry over from one cluster
     * to the next. Safe for concurrent regressions.
     */
    static final class WorkSpaces {
        private final Deque<Butterfly> spare = new ArrayDeque<>();

        /** @return a work space for training folds of up to n centres */
        Butterfly take(int n) {
            Butterfly butterfly;
            synchronized (spare) {
                butterfly = spare.isEmpty() ? null : spare.pop();
            }
            if (butterfly == null) {
                return new Butterfly(n);
            }
            butterfly.reserve(n);
            return butterfly;
        }

        void give(Butterfly butterfly) {
            butterfly.pass = null;
            synchronized (spare) {
                spare.push(butterfly);
            }
        }
    }

    /** {@link #regress(TrainingSet, QueryPoints, double[], double[][], double, Parallelism, Work)} with the run's work spaces. */
    static NadarayaWatson.Fit regress(TrainingSet training, QueryPoints queries, double[] bandwidths,
                                      double[][] logNormalisers, double cutoff, Parallelism parallelism, Work work,
                                      WorkSpaces spare) {
        int g = bandwidths.length;
        double[][] fitted = new double[g][];
        long[] fallbacks = new long[g];
        boolean[][] fellBack = new boolean[g][];
        double[] s0 = statistic(queries, 0);
        double[] s1 = statistic(queries, 1);
        // the loops over queries are in methods of their own: this method runs a few times, and
        // a loop here would have the compiler compile all it calls once more for the loop
        Windows windows = new Windows(s0.length);
        for (int b = 0; b < g; b++) {
            Pass pass = new Pass(training, s0, s1, 1.0 / bandwidths[b], logNormalisers[b], cutoff, windows, work);
            fitted[b] = pass.run(parallelism, spare);
            fallbacks[b] = pass.fallbacks(queries);
            fellBack[b] = pass.fellBack;
        }
        return new NadarayaWatson.Fit(fitted, fallbacks, fellBack);
    }

    /** @return statistic k of every distinct query, −∞ where it is (x = 0 or 1) */
    private static double[] statistic(QueryPoints queries, int k) {
        double[] out = new double[queries.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = queries.values()[2 * i + k];
            for (int infinite : queries.infinite(i)) {
                if (infinite == k) {
                    out[i] = Double.NEGATIVE_INFINITY;
                }
            }
        }
        return out;
    }

    /**
     * The per-query work arrays of a pass (window bounds and σ), made once per regression and
     * handed from one bandwidth's pass to the next, which run one after the other: class-wise
     * regressions run hundreds of passes, and fresh arrays for each were about 40 MB of a
     * class-wise CIFAR-10 run. A pass writes every entry before it reads it.
     */
    private record Windows(int[] lo, int[] hi, double[] sigma) {
        Windows(int queries) {
            this(new int[queries], new int[queries], new double[queries]);
        }
    }

    /** One bandwidth: windows, clusters and sums for every query. */
    private static final class Pass {
        private final double[] c;
        private final double[] complement;
        private final double[] multiplicity;
        private final double[] targets;
        private final double[] s0;
        private final double[] s1;
        private final double inv;
        private final double[] logNorm;
        private final double cutoff;
        private final double meanTarget;
        private final int n;
        private final int[] lo;
        private final int[] hi;
        private final double[] sigma;
        private final double[] out;
        private final boolean[] fellBack;
        private final Work work;

        Pass(TrainingSet training, double[] s0, double[] s1, double inv, double[] logNorm, double cutoff,
             Windows windows, Work work) {
            this.work = work;
            this.c = training.scalarCentres();
            this.complement = training.scalarComplements();
            this.multiplicity = training.multiplicity();
            this.targets = training.scalarTargetSums();
            this.s0 = s0;
            this.s1 = s1;
            this.inv = inv;
            this.logNorm = logNorm;
            this.cutoff = cutoff;
            this.meanTarget = training.meanTarget()[0];
            this.n = c.length;
            this.lo = windows.lo();
            this.hi = windows.hi();
            this.sigma = windows.sigma();
            this.out = new double[s0.length];
            this.fellBack = new boolean[s0.length];
        }

        /** @return the queries, with multiplicity, whose windows were empty */
        long fallbacks(QueryPoints queries) {
            long count = 0;
            for (int i = 0; i < fellBack.length; i++) {
                if (fellBack[i]) {
                    count += queries.multiplicity(i);
                }
            }
            return count;
        }

        /**
         * @param spare work spaces of earlier tasks, taken and given back by this pass's tasks:
         *     a few per thread for all bandwidths and regressions rather than new ones per task,
         *     whose arrays would be grown again each time
         */
        double[] run(Parallelism parallelism, WorkSpaces spare) {
            int queries = s0.length;
            parallelism.forEach((queries + CHUNK - 1) / CHUNK, task -> {
                int end = Math.min(queries, (task + 1) * CHUNK);
                int[] hint = {-1, 0, 0};
                for (int i = task * CHUNK; i < end; i++) {
                    window(i, hint);
                    sigma[i] = (s0[i] - s1[i]) * inv;
                }
            });
            int[] clusters = clusters();
            int[] tasks = balance(clusters, parallelism.threads());
            parallelism.forEach(tasks.length - 1, task -> {
                Butterfly butterfly = spare.take(n);
                butterfly.pass = this;
                for (int k = tasks[task]; k < tasks[task + 1]; k++) {
                    sumCluster(butterfly, clusters, k);
                }
                butterfly.count(work);
                spare.give(butterfly);
            });
            return out;
        }

        /**
         * Sums cluster k's queries, with the butterfly or directly. A method of its own: the
         * task's loop over clusters would have the compiler compile all this once more from the
         * loop's entry.
         */
        private void sumCluster(Butterfly butterfly, int[] clusters, int k) {
            int from = Math.abs(clusters[k]) - 1;
            int to = Math.abs(clusters[k + 1]) - 1;
            if (clusters[k] > 0) {
                butterfly.run(from, to);
                butterfly.expandedQueries += to - from;
            } else {
                butterfly.directQueries += to - from;
                for (int i = from; i < to; i++) {
                    butterfly.directTerms += Math.max(0, width(i));
                    direct(i, butterfly.logs);
                }
            }
        }

        /** The log weight of centre j at statistics (a, b): the same operations as the blocked evaluation. */
        double f(int j, double a, double b) {
            return (a * c[j] + b * complement[j]) * inv - logNorm[j];
        }

        private boolean finite(int i) {
            return s0[i] != Double.NEGATIVE_INFINITY && s1[i] != Double.NEGATIVE_INFINITY;
        }

        /**
         * Sets lo[i], hi[i]: the window for finite statistics, the surviving centres otherwise
         * (empty: lo > hi). The searches gallop from the previous query's window in the same
         * chunk, whose queries are sorted: windows move little from one query to the next.
         *
         * @param hint the peak, lo and hi of the chunk's last query with a finite window, the
         *     peak −1 if none; updated
         */
        private void window(int i, int[] hint) {
            double a = s0[i];
            double b = s1[i];
            if (a == Double.NEGATIVE_INFINITY && b == Double.NEGATIVE_INFINITY) {
                lo[i] = 0;
                hi[i] = -1;
                return;
            }
            if (a == Double.NEGATIVE_INFINITY) {
                // only centres with u_0 = c = 0 survive: a prefix
                int end = 0;
                while (end < n && c[end] == 0) {
                    end++;
                }
                lo[i] = 0;
                hi[i] = end - 1;
                return;
            }
            if (b == Double.NEGATIVE_INFINITY) {
                int start = n;
                while (start > 0 && complement[start - 1] == 0) {
                    start--;
                }
                lo[i] = start;
                hi[i] = n - 1;
                return;
            }
            boolean fresh = hint[0] < 0;
            int peak = first(FALLS, 0, n - 1, fresh ? n / 2 : hint[0], a, b, 0);
            double threshold = f(peak, a, b) + cutoff;
            lo[i] = first(ABOVE, 0, peak, fresh ? 0 : Math.min(hint[1], peak), a, b, threshold);
            hi[i] = first(BELOW, peak + 1, n, fresh ? n : Math.max(hint[2], peak) + 1, a, b, threshold) - 1;
            hint[0] = peak;
            hint[1] = lo[i];
            hint[2] = hi[i];
        }

        /**
         * @return the first j in [from, to] where the test holds, for a test that fails and then
         *     holds along [from, to) and is taken to hold at {@code to}, galloping from a guess
         *     in [from, to]
         */
        private int first(int test, int from, int to, int guess, double a, double b, double threshold) {
            int left;
            int right;
            int step = 1;
            if (guess >= to || holds(test, guess, a, b, threshold)) {
                right = Math.min(guess, to);
                left = right - step;
                while (left >= from && holds(test, left, a, b, threshold)) {
                    right = left;
                    step *= 2;
                    left = right - step;
                }
                left = Math.max(left + 1, from);
            } else {
                left = guess + 1;
                right = Math.min(to, left + step);
                while (right < to && !holds(test, right, a, b, threshold)) {
                    left = right + 1;
                    step *= 2;
                    right = Math.min(to, left + step);
                }
            }
            while (left < right) {
                int mid = (left + right) >>> 1;
                if (holds(test, mid, a, b, threshold)) {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            return left;
        }

        /** The searches' tests: f falls after j, f(c_j) is at or above the threshold, or below it. */
        private boolean holds(int test, int j, double a, double b, double threshold) {
            double value = f(j, a, b);
            return test == FALLS ? f(j + 1, a, b) <= value : test == ABOVE ? value >= threshold : value < threshold;
        }

        /** @return the first centre of the windows of queries [from, to) */
        int firstCentre(int from, int to) {
            int start = Integer.MAX_VALUE;
            for (int i = from; i < to; i++) {
                start = Math.min(start, lo[i]);
            }
            return start;
        }

        /** @return the last centre of the windows of queries [from, to) */
        int lastCentre(int from, int to) {
            int end = -1;
            for (int i = from; i < to; i++) {
                end = Math.max(end, hi[i]);
            }
            return end;
        }

        int width(int i) {
            return hi[i] - lo[i] + 1;
        }

        /**
         * Consecutive queries, greedily: a query with infinite statistics or a small window is
         * summed directly and alone; otherwise the query starts a cluster whose span in σ (a
         * multiple of {@link #SPANS} over its window's width) makes the estimated cost per query
         * least, or is summed directly if that is cheaper still.
         *
         * @return the clusters' boundaries plus one, ascending in absolute value from 1 to the
         *     number of queries plus one; a cluster summed directly has a negative start
         */
        private int[] clusters() {
            int queries = s0.length;
            int[] bounds = new int[queries + 1];
            int count = 0;
            // the end of the run of finite queries holding the start, found once per run
            int run = 0;
            int start = 0;
            while (start < queries) {
                int end = 0;
                if (finite(start) && width(start) > SMALL_WINDOW) {
                    if (run <= start) {
                        run = finiteRunEnd(start);
                    }
                    end = clusterEnd(start, run);
                }
                bounds[count++] = end > 0 ? start + 1 : -(start + 1);
                start = end > 0 ? end : start + 1;
            }
            bounds[count++] = queries + 1;
            return Arrays.copyOf(bounds, count);
        }

        /** @return the first query at or after start that is not finite, the number of queries if none */
        private int finiteRunEnd(int start) {
            int run = start;
            while (run < s0.length && finite(run)) {
                run++;
            }
            return run;
        }

        /**
         * @param start a finite query with a window wider than {@link #SMALL_WINDOW}
         * @param run   the end of its run of finite queries
         * @return the end of the cluster from start whose span makes the cost per query least, 0
         *     if summing start directly is cheaper still
         */
        private int clusterEnd(int start, int run) {
            double best = DIRECT_COST * width(start);
            int end = 0;
            for (double span : SPANS) {
                int stop = upper(start, run, sigma[start] + span / (c[hi[start]] - c[lo[start]]));
                double cost = cost(start, stop);
                if (cost < best) {
                    best = cost;
                    end = stop;
                }
                if (stop == run || cost == Double.POSITIVE_INFINITY && stop > start + 1) {
                    break;
                }
            }
            if (end > 0 && run - end <= 2 && cost(start, run) < Double.POSITIVE_INFINITY) {
                // rather than leave a query or two to be summed alone
                end = run;
            }
            return end;
        }

        /** @return the first index in (from, to] whose σ exceeds the limit, to if none */
        int upper(int from, int to, double limit) {
            int left = from + 1;
            int right = to;
            while (left < right) {
                int mid = (left + right) >>> 1;
                if (sigma[mid] > limit) {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            return left;
        }

        /**
         * @return the estimated cost per query of the butterfly for the cluster [from, to),
         *     infinite if it would be wider than {@link #SPAN_LIMIT}
         */
        private double cost(int from, int to) {
            int count = to - from;
            if (count < 2) {
                return Double.POSITIVE_INFINITY;
            }
            int last = to - 1;
            int start = Math.min(lo[from], lo[last]);
            int end = Math.max(hi[from], hi[last]);
            double h = (sigma[last] - sigma[from]) / 2;
            double reach = (c[end] - c[start]) / 2;
            if (reach * h > SPAN_LIMIT / 2) {
                return Double.POSITIVE_INFINITY;
            }
            double cell = 2 * RHO / h;
            double window = c[hi[from]] - c[lo[from]];
            double spread = Math.max(0, 2 * reach - window);
            // the butterfly as Butterfly.descend builds it, for queries spread evenly
            double shifts = 0;
            double boxes = 1;
            double width = cell;
            while (true) {
                double queries = count / boxes;
                double cells = (window + spread / boxes) / width + 1;
                double perQuery = window / width + 1;
                if (queries <= 1 || cells <= 2 || queries * perQuery * CELL_COST / 2 <= cells * SHIFT_COST * 1.5) {
                    double leaves = count * perQuery;
                    return ((end - start + 1) * MOMENT_COST + shifts * SHIFT_COST + leaves * CELL_COST) / count;
                }
                boxes *= 2;
                width *= 2;
                shifts += boxes * ((window + spread / boxes) / width + 1);
            }
        }

        /** Cuts the clusters into tasks of similar size, a few per thread; results do not depend on the cut. */
        private int[] balance(int[] clusters, int threads) {
            int count = clusters.length - 1;
            long total = 0;
            long[] work = new long[count];
            for (int k = 0; k < count; k++) {
                int from = Math.abs(clusters[k]) - 1;
                int to = Math.abs(clusters[k + 1]) - 1;
                work[k] = clusters[k] > 0 ? 4L * (hi[to - 1] - lo[from] + 1L) + 40L * (to - from) : 0;
                for (int i = from; clusters[k] < 0 && i < to; i++) {
                    work[k] += Math.max(1, width(i));
                }
                total += work[k];
            }
            long share = Math.max(1, total / (4L * threads));
            int[] cuts = new int[count + 1];
            int tasks = 0;
            long sum = 0;
            cuts[tasks++] = 0;
            for (int k = 0; k < count; k++) {
                sum += work[k];
                if (sum >= share && k + 1 < count) {
                    cuts[tasks++] = k + 1;
                    sum = 0;
                }
            }
            cuts[tasks++] = count;
            return Arrays.copyOf(cuts, tasks);
        }

        /** The window of query i summed term by term. */
        void direct(int i, double[] logs) {
            int start = lo[i];
            int end = hi[i];
            if (start > end) {
                out[i] = meanTarget;
                fellBack[i] = true;
                return;
            }
            double a = s0[i] == Double.NEGATIVE_INFINITY ? 0 : s0[i];
            double b = s1[i] == Double.NEGATIVE_INFINITY ? 0 : s1[i];
            double top = Double.NEGATIVE_INFINITY;
            for (int j = start; j <= end; j++) {
                double l = f(j, a, b);
                logs[j - start] = l;
                top = Math.max(top, l);
            }
            double den = 0;
            double num = 0;
            for (int j = start; j <= end; j++) {
                double e = FastExp.exp(logs[j - start] - top);
                den += e * multiplicity[j];
                num += e * targets[j];
            }
            out[i] = num / den;
        }
    }


    /** A task's work space, reused by later tasks of the run's regressions ({@link WorkSpaces}): the butterfly of a cluster, one level of cells per depth. */
    static final class Butterfly {
        /** The pass whose task uses this work space. */
        private Pass pass;
        private double[] logs;
        private final Cells[] levels = new Cells[MAX_DEPTH + 2];
        private final double[] shifted = new double[TERMS];
        private final double[] shiftedTargets = new double[TERMS];
        private final double[] powers = new double[TERMS];
        /** The tilt of a carry, {@code C(q + l, l) Δ^l} at [q·K + l]. */
        private final double[] tilt = new double[TERMS * TERMS];
        private final double[] centring = new double[TERMS];
        /** Per centre of a root cell: weight, offset from the cell's centre, power of it; grown on demand. */
        private double[] weights = new double[0];
        private double[] offsets = new double[0];
        private double[] offsetPowers = new double[0];
        /** The same for the cell's centres with target weight, packed. */
        private double[] targetWeights = new double[0];
        private double[] targetOffsets = new double[0];
        private double[] targetOffsetPowers = new double[0];
        private double[] tau = new double[0];
        /** The cluster's least and largest τ. */
        private double lowTau;
        private double highTau;
        private double refS0;
        private double refS1;
        private double centre;
        private double origin;
        private double rootWidth;
        /**
         * This task's share of the {@link Work}, counted in plain fields and added once per task:
         * counting into the shared adders in the hot loops would compile their atomic updates into
         * each of them.
         */
        private long directQueries;
        private long directTerms;
        private long expandedQueries;
        private long momentUpdates;
        private long rootCellCount;
        private long shiftCount;
        private long evaluationCount;
        private int deepest;

        /** The cells kept for one box, ascending. */
        private static final class Cells {
            private int count;
            private long[] index = new long[0];
            private int[] first = new int[0];
            private int[] last = new int[0];
            private double[] scale = new double[0];
            /** The cell's centre minus the cluster's c̄, kept: the leaves use it for every query. */
            private double[] offset = new double[0];
            /** Whether a cell's target moments may be non-zero: class-wise targets are mostly 0. */
            private boolean[] targeted = new boolean[0];
            private double[] moments = new double[0];
            private double[] targetMoments = new double[0];

            void clear(int capacity) {
                count = 0;
                if (capacity > index.length) {
                    allocate(capacity);
                }
            }

            /** Out of {@link #clear}: rare, and kept out of the hot methods that clear cells. */
            private void allocate(int capacity) {
                int size = Math.max(capacity, 2 * index.length);
                index = new long[size];
                first = new int[size];
                last = new int[size];
                scale = new double[size];
                offset = new double[size];
                targeted = new boolean[size];
                moments = new double[size * TERMS];
                targetMoments = new double[size * TERMS];
            }

            /**
             * @param offsetFromMean the cell's centre minus the cluster's c̄
             * @return the new cell's position, without target weight; its moments are zero if
             *     {@code zero}, to be written otherwise
             */
            int add(long cell, int from, int to, double logScale, double offsetFromMean, boolean zero) {
                int at = count++;
                offset[at] = offsetFromMean;
                index[at] = cell;
                first[at] = from;
                last[at] = to;
                scale[at] = logScale;
                targeted[at] = false;
                if (zero) {
                    Arrays.fill(moments, at * TERMS, (at + 1) * TERMS, 0.0);
                }
                return at;
            }

            /** Marks cell at as having target weight, its target moments zero so far. */
            void target(int at) {
                if (!targeted[at]) {
                    targeted[at] = true;
                    Arrays.fill(targetMoments, at * TERMS, (at + 1) * TERMS, 0.0);
                }
            }

            /** @return the first cell whose last centre is at or after j (count if none) */
            int firstFrom(int j) {
                return lowerBound(last, 0, count, j);
            }

            /**
             * {@link #firstFrom(int)} from the answer for an earlier j nearby: the queries of a
             * box are sorted, and their windows' first centres move by a cell or none from one
             * to the next, where a search among all cells took an eighth of class-wise kde.
             *
             * @param hint the first cell for another j, in [0, count]
             */
            int firstFrom(int j, int hint) {
                return firstAtOrAfter(last, count, j, hint);
            }
        }

        /** @param centres the training fold's centres n */
        Butterfly(int centres) {
            this.logs = new double[centres];
        }

        /** Makes room for a training fold of n centres. */
        void reserve(int centres) {
            if (logs.length < centres) {
                logs = new double[centres];
            }
        }

        /** Adds this task's counts to the work, and starts counting afresh. */
        void count(Work work) {
            work.direct.add(directQueries);
            work.terms.add(directTerms);
            work.expanded.add(expandedQueries);
            work.moments.add(momentUpdates);
            work.rootCells.add(rootCellCount);
            work.shifts.add(shiftCount);
            work.evaluations.add(evaluationCount);
            work.depth.accumulate(deepest);
            directQueries = 0;
            directTerms = 0;
            expandedQueries = 0;
            momentUpdates = 0;
            rootCellCount = 0;
            shiftCount = 0;
            evaluationCount = 0;
            deepest = 0;
        }

        private Cells level(int depth) {
            Cells cells = levels[depth];
            return cells != null ? cells : newLevel(depth);
        }

        /** Out of {@link #level}: a level is made once per work space, and this code stays out of the hot methods. */
        private Cells newLevel(int depth) {
            levels[depth] = new Cells();
            return levels[depth];
        }

        /** Sums the cluster [from, to) of finite queries. */
        void run(int from, int to) {
            Pass p = pass;
            double mid = (p.sigma[from] + p.sigma[to - 1]) / 2;
            int ref = Math.min(to - 1, p.upper(from - 1, to - 1, mid));
            if (ref > from && mid - p.sigma[ref - 1] < p.sigma[ref] - mid) {
                ref--;
            }
            refS0 = p.s0[ref];
            refS1 = p.s1[ref];
            if (tau.length < to - from) {
                tau = new double[Math.max(to - from, 2 * tau.length)];
            }
            // the loops over the cluster's queries are in methods of their own, each compiled once
            // and small, rather than loops here that would have this method compiled on its own
            // entry and once more in full
            int start = p.firstCentre(from, to);
            int end = p.lastCentre(from, to);
            fillTau(from, to);
            double low = lowTau;
            double high = highTau;
            double root = (low + high) / 2;
            double half = (high - low) / 2;
            centre = (p.c[start] + p.c[end]) / 2;
            origin = p.c[start];
            rootWidth = half > 0 ? 2 * RHO / half : Double.POSITIVE_INFINITY;
            rootCells(start, end, root);
            descend(0, root, half, from, to, from);
        }

        /** Sets τ of queries [from, to) relative to the reference query, at tau[i − from], and their range. */
        private void fillTau(int from, int to) {
            Pass p = pass;
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                double t = ((p.s0[i] - refS0) - (p.s1[i] - refS1)) * p.inv;
                tau[i - from] = t;
                low = Math.min(low, t);
                high = Math.max(high, t);
            }
            lowTau = low;
            highTau = high;
        }

        /** The root cells of [start, end] with their moments for the root box, tilted to its centre. */
        private void rootCells(int start, int end, double root) {
            Pass p = pass;
            double[] c = p.c;
            Cells cells = level(0);
            cells.clear(Math.min(end - start + 1, 1024));
            for (int j = start; j <= end; j = rootCell(cells, j, end, root)) {
                rootCellCount++;
            }
        }

        /**
         * Adds the root cell of centre j, with its moments, to the cells.
         *
         * @return the first centre after the cell, at most end + 1
         */
        private int rootCell(Cells cells, int j, int end, double root) {
            Pass p = pass;
            double[] c = p.c;
            long cell = cellOf(c[j]);
            int k = cellEnd(j, end, cell);
            double max = rootLogs(j, k, root);
            if (cells.count == cells.index.length) {
                grow(cells);
            }
            double mid = cellCentre(cell, 0);
            int at = cells.add(cell, j, k - 1, max, mid - centre, false);
            momentUpdates += k - j;
            if (weights.length < k - j) {
                growWeights(k - j);
            }
            int targeted = rootWeights(j, k, max, mid);
            moments(cells.moments, at * TERMS, weights, offsets, offsetPowers, k - j);
            // moments() writes every target moment: nothing to clear, as Cells.target would
            cells.targeted[at] = targeted > 0;
            if (targeted > 0) {
                moments(cells.targetMoments, at * TERMS, targetWeights, targetOffsets, targetOffsetPowers, targeted);
            }
            return k;
        }

        /**
         * Sets logs[i − j] for the centres i in [j, k): their log weights at the reference query,
         * tilted to the root box's centre. The loops over a cell's centres are methods of their
         * own: in {@link #rootCell} they would have it compiled on a loop's entry first and again
         * in full.
         *
         * @return the largest
         */
        private double rootLogs(int j, int k, double root) {
            Pass p = pass;
            double[] c = p.c;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = j; i < k; i++) {
                double l = p.f(i, refS0, refS1) + (c[i] - centre) * root;
                logs[i - j] = l;
                max = Math.max(max, l);
            }
            return max;
        }

        /**
         * Sets the weights, offsets from mid and powers of the centres [j, k), and the same for
         * those with target weight, packed: without branches, each is written at the next place,
         * which only a non-zero target weight keeps.
         *
         * @return how many have target weight
         */
        private int rootWeights(int j, int k, double max, double mid) {
            Pass p = pass;
            double[] c = p.c;
            int targeted = 0;
            for (int i = j; i < k; i++) {
                double e = FastExp.exp(logs[i - j] - max);
                double offset = c[i] - mid;
                weights[i - j] = e * p.multiplicity[i];
                offsets[i - j] = offset;
                offsetPowers[i - j] = 1;
                double target = e * p.targets[i];
                targetWeights[targeted] = target;
                targetOffsets[targeted] = offset;
                targetOffsetPowers[targeted] = 1;
                targeted += target != 0 ? 1 : 0;
            }
            return targeted;
        }

        /**
         * @return the first centre after j outside j's root cell, at most end + 1: found by
         *     galloping and bisection rather than a division per centre, as {@link #cellOf} never
         *     decreases along the sorted centres (each of its steps is monotone), so that a cell is
         *     a run of them
         */
        private int cellEnd(int j, int end, long cell) {
            double[] c = pass.c;
            int inside = j;
            int probe = j + 1;
            for (int step = 2; probe <= end && cellOf(c[probe]) == cell; step *= 2) {
                inside = probe;
                probe = inside + step;
            }
            int outside = Math.min(probe, end + 1);
            while (outside - inside > 1) {
                int mid = (inside + outside) >>> 1;
                if (cellOf(c[mid]) == cell) {
                    inside = mid;
                } else {
                    outside = mid;
                }
            }
            return outside;
        }

        private void growWeights(int count) {
            int size = Math.max(count, 2 * weights.length);
            weights = new double[size];
            targetWeights = new double[size];
            targetOffsets = new double[size];
            targetOffsetPowers = new double[size];
            offsets = new double[size];
            offsetPowers = new double[size];
        }

        /**
         * The moments {@code μ_q = Σ_i w_i δ_i^q/q!} of a fresh cell from its centres' weights and
         * offsets, into out[base + q]. Six orders at a time, each summed over the centres in
         * order, keep the same operations as one centre at a time, while the six sums and the
         * centres' powers give the processor independent chains. The target moments are those of
         * the centres with target weight alone: the others' terms are zeros, which leave a sum
         * as it is (it is never −0).
         *
         * @param powers 1 per centre; overwritten
         */
        private static void moments(double[] out, int base, double[] w, double[] d, double[] powers, int count) {
            for (int q = 0; q < TERMS; q += 6) {
                double i0 = INVERSE[q + 1];
                double i1 = INVERSE[q + 2];
                double i2 = INVERSE[q + 3];
                double i3 = INVERSE[q + 4];
                double i4 = INVERSE[q + 5];
                double i5 = INVERSE[q + 6];
                double m0 = 0;
                double m1 = 0;
                double m2 = 0;
                double m3 = 0;
                double m4 = 0;
                double m5 = 0;
                for (int i = 0; i < count; i++) {
                    double power = powers[i];
                    m0 += w[i] * power;
                    power *= d[i] * i0;
                    m1 += w[i] * power;
                    power *= d[i] * i1;
                    m2 += w[i] * power;
                    power *= d[i] * i2;
                    m3 += w[i] * power;
                    power *= d[i] * i3;
                    m4 += w[i] * power;
                    power *= d[i] * i4;
                    m5 += w[i] * power;
                    powers[i] = power * (d[i] * i5);
                }
                out[base + q] = m0;
                out[base + q + 1] = m1;
                out[base + q + 2] = m2;
                out[base + q + 3] = m3;
                out[base + q + 4] = m4;
                out[base + q + 5] = m5;
            }
        }

        private static void grow(Cells cells) {
            int size = Math.max(16, 2 * cells.index.length);
            cells.index = Arrays.copyOf(cells.index, size);
            cells.first = Arrays.copyOf(cells.first, size);
            cells.last = Arrays.copyOf(cells.last, size);
            cells.scale = Arrays.copyOf(cells.scale, size);
            cells.offset = Arrays.copyOf(cells.offset, size);
            cells.targeted = Arrays.copyOf(cells.targeted, size);
            cells.moments = Arrays.copyOf(cells.moments, size * TERMS);
            cells.targetMoments = Arrays.copyOf(cells.targetMoments, size * TERMS);
        }

        private long cellOf(double value) {
            return rootWidth == Double.POSITIVE_INFINITY ? 0 : (long) Math.floor((value - origin) / rootWidth);
        }

        private double cellCentre(long cell, int depth) {
            if (rootWidth == Double.POSITIVE_INFINITY) {
                return centre;
            }
            double width = Math.scalb(rootWidth, depth);
            return origin + (cell + 0.5) * width;
        }

        /**
         * The box of half-width {@code half} around {@code box} at this depth, holding the
         * cluster's queries [from, to) (tau offset by {@code base}): summed from its cells, or
         * split in two with the cells carried to each half. No loop of its own (the split point
         * is found by {@link #splitAt}): a method with a loop is compiled once for the loop's
         * entry and once more in full, and this one inlines much.
         */
        private void descend(int depth, double box, double half, int from, int to, int base) {
            Cells cells = level(depth);
            deepest = Math.max(deepest, depth);
            if (!split(cells, depth, half, from, to)) {
                leaves(cells, box, from, to, base);
                return;
            }
            int split = splitAt(box, from, to, base);
            double quarter = half / 2;
            // one call site each for carry and descend: the compiler inlines each once, not twice
            for (int side = -1; side <= 1; side += 2) {
                int start = side < 0 ? from : split;
                int end = side < 0 ? split : to;
                if (start < end) {
                    carry(depth, side * quarter, start, end);
                    descend(depth + 1, box + side * quarter, quarter, start, end, base);
                }
            }
        }

        /** @return the first of the box's queries [from, to) above its centre, to if none */
        private int splitAt(double box, int from, int to, int base) {
            int split = from;
            while (split < to && tau[split - base] <= box) {
                split++;
            }
            return split;
        }

        /** Whether the box of queries [from, to) is split in two rather than summed from its cells. */
        private boolean split(Cells cells, int depth, double half, int from, int to) {
            int queries = to - from;
            if (queries == 1 || cells.count <= 2 || depth == MAX_DEPTH || half == 0) {
                return false;
            }
            int perQuery = cellsMeeting(cells, pass.lo[from], pass.hi[from]);
            // splitting carries every cell once or twice and halves the cells each query meets
            return queries * perQuery * CELL_COST / 2 > cells.count * SHIFT_COST * 1.5;
        }

        private int cellsMeeting(Cells cells, int start, int end) {
            int count = 0;
            for (int g = cells.firstFrom(start); g < cells.count && cells.first[g] <= end; g++) {
                count++;
            }
            return count;
        }

        /**
         * Fills the cells of depth + 1 for the child box at {@code box + shift} holding queries
         * [from, to): the parents of the cells of this depth that meet the queries' windows.
         */
        private void carry(int depth, double shift, int from, int to) {
            int start = pass.firstCentre(from, to);
            int end = pass.lastCentre(from, to);
            Cells cells = level(depth);
            Cells parents = level(depth + 1);
            parents.clear(cells.count);
            tiltBy(shift);
            for (int g = cells.firstFrom(start); g < cells.count && cells.first[g] <= end; ) {
                g = carryParent(cells, parents, g, end, depth, shift);
            }
        }

        /**
         * Carries child cell g, and the next if it has the same parent and meets the windows
         * ending at {@code end}, to their parent: one cell of depth + 1 added to the parents.
         *
         * @return the first child cell after them
         */
        private int carryParent(Cells cells, Cells parents, int g, int end, int depth, double shift) {
            long parent = cells.index[g] >> 1;
            int h = g + 1;
            if (h < cells.count && cells.first[h] <= end && cells.index[h] >> 1 == parent) {
                h++;
            }
            double parentCentre = cellCentre(parent, depth + 1);
            double scale = Double.NEGATIVE_INFINITY;
            for (int k = g; k < h; k++) {
                scale = Math.max(scale, cells.scale[k] + cells.offset[k] * shift);
            }
            if (parents.count == parents.index.length) {
                grow(parents);
            }
            int at = parents.add(parent, cells.first[g], cells.last[h - 1], scale, parentCentre - centre, true);
            for (int k = g; k < h; k++) {
                if (cells.targeted[k]) {
                    parents.target(at);
                }
                double childCentre = cellCentre(cells.index[k], depth);
                double factor = FastExp.exp(cells.scale[k] + (childCentre - centre) * shift - scale);
                shift(cells, k, parents, at, factor, childCentre - parentCentre);
            }
            shiftCount += h - g;
            return h;
        }

        /** Fills {@link #tilt} for a shift in τ; a method of its own, compiled once rather than in each caller. */
        private void tiltBy(double shift) {
            double[] power = powers;
            power[0] = 1;
            for (int l = 1; l < TERMS; l++) {
                power[l] = power[l - 1] * shift;
            }
            // the whole square, the unread corner too: loops of fixed length compile small
            for (int q = 0; q < TERMS; q++) {
                for (int l = 0; l < TERMS; l++) {
                    tilt[q * TERMS + l] = TILT_BINOMIAL[q * TERMS + l] * power[l];
                }
            }
        }

        /**
         * Adds child cell k's share, tilted by the shift in τ (powers of it in {@link #powers})
         * and re-centred by d, times a factor, to parent cell at.
         */
        private void shift(Cells cells, int k, Cells parents, int at, double factor, double d) {
            double[] dPower = centring;
            dPower[0] = 1;
            for (int m = 1; m < TERMS; m++) {
                dPower[m] = dPower[m - 1] * d * INVERSE[m];
            }
            recentre(tilt(cells.moments, k * TERMS, shifted), dPower, parents.moments, at * TERMS, factor);
            if (cells.targeted[k]) {
                recentre(tilt(cells.targetMoments, k * TERMS, shiftedTargets), dPower, parents.targetMoments,
                        at * TERMS, factor);
            }
        }

        /**
         * The tilt {@code ν_q = Σ_l C(q + l, l) Δ^l μ_{q+l}}, summed over l in order for each q in
         * a local sum. Two orders at a time ({@value #TERMS} is even), one term apart in length:
         * the processor runs the two sums' chains of additions side by side.
         *
         * @return out
         */
        private double[] tilt(double[] mu, int base, double[] out) {
            for (int q = 0; q < TERMS; q += 2) {
                int row = q * TERMS;
                int next = row + TERMS;
                double sum = 0.0 + tilt[row] * mu[base + q];
                double nextSum = 0.0 + tilt[next] * mu[base + q + 1];
                int last = TERMS - 1 - q;
                for (int l = 1; l < last; l++) {
                    sum += tilt[row + l] * mu[base + q + l];
                    nextSum += tilt[next + l] * mu[base + q + 1 + l];
                }
                out[q] = sum + tilt[row + last] * mu[base + q + last];
                out[q + 1] = nextSum;
            }
            return out;
        }

        /**
         * Adds {@code factor · μ'_k} to parent[at + k], {@code μ'_k = Σ_{q≤k} ν_q d^{k−q}/(k−q)!}
         * summed over q in order; two orders k at a time, as in {@link #tilt}.
         */
        private void recentre(double[] nu, double[] dPower, double[] parent, int at, double factor) {
            for (int kk = 0; kk < TERMS; kk += 2) {
                double sum = 0.0 + nu[0] * dPower[kk];
                double nextSum = 0.0 + nu[0] * dPower[kk + 1];
                for (int q = 1; q <= kk; q++) {
                    sum += nu[q] * dPower[kk - q];
                    nextSum += nu[q] * dPower[kk + 1 - q];
                }
                parent[at + kk] += factor * sum;
                parent[at + kk + 1] += factor * (nextSum + nu[kk + 1] * dPower[0]);
            }
        }

        /** Each query of the box summed from the cells that meet its window. */
        private void leaves(Cells cells, double box, int from, int to, int base) {
            int first = cells.firstFrom(pass.lo[from]);
            for (int i = from; i < to; i++) {
                first = cells.firstFrom(pass.lo[i], first);
                leaf(cells, i, tau[i - base] - box, first);
            }
        }

        /**
         * Query i summed from the cells that meet its window, at τ' = t from the box's centre.
         *
         * @param g0 the first cell whose last centre is at or after the window's first
         */
        private void leaf(Cells cells, int i, double t, int g0) {
            Pass p = pass;
            int g1 = g0;
            double best = Double.NEGATIVE_INFINITY;
            while (g1 < cells.count && cells.first[g1] <= p.hi[i]) {
                best = Math.max(best, cells.scale[g1] + cells.offset[g1] * t);
                g1++;
            }
            double den = 0;
            double num = 0;
            evaluationCount += g1 - g0;
            double[] moments = cells.moments;
            double[] targets = cells.targetMoments;
            int g = g0;
            // two cells at a time, each with both polynomials: four chains of multiply-adds side by
            // side. A cell without target weight adds 0 to the numerator: its target polynomial
            // (of moments left from an earlier cell) is computed alongside and not used.
            for (; g + 1 < g1; g += 2) {
                int b = g * TERMS;
                int c = b + TERMS;
                double m = 0;
                double s = 0;
                double mNext = 0;
                double sNext = 0;
                for (int k = TERMS - 1; k >= 0; k--) {
                    m = m * t + moments[b + k];
                    s = s * t + targets[b + k];
                    mNext = mNext * t + moments[c + k];
                    sNext = sNext * t + targets[c + k];
                }
                double e = FastExp.exp(cells.scale[g] + cells.offset[g] * t - best);
                double eNext = FastExp.exp(cells.scale[g + 1] + cells.offset[g + 1] * t - best);
                den += e * m;
                num += cells.targeted[g] ? e * s : 0;
                den += eNext * mNext;
                num += cells.targeted[g + 1] ? eNext * sNext : 0;
            }
            if (g < g1) {
                int b = g * TERMS;
                double m = 0;
                double s = 0;
                for (int k = TERMS - 1; k >= 0; k--) {
                    m = m * t + moments[b + k];
                    s = s * t + targets[b + k];
                }
                double e = FastExp.exp(cells.scale[g] + cells.offset[g] * t - best);
                den += e * m;
                num += cells.targeted[g] ? e * s : 0;
            }
            p.out[i] = num / den;
        }
    }
}
