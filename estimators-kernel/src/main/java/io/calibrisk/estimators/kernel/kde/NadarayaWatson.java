package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;

/**
 * The Nadaraya–Watson regression {@code t̂(x) = Σ_j k(z_j; x) t_j / Σ_j k(z_j; x)} of a
 * training fold at many query points, for several bandwidths at once, in log space, over every
 * pair. Scalar folds with the Beta kernel's form go through {@link ScalarRegression} instead.
 *
 * <p>When the kernel has an exponential form,
 * {@code log k(z_j; x_i) = S_ij / b − A(z_j, b) + B(x_i)} where {@code S = s(X) · u(Z)ᵀ} does
 * not depend on b and B cancels in the ratio. So each block of S (queries × centres) is formed
 * once, as a matrix product, and reused for every bandwidth; only the per-centre constants
 * A(z_j, b) and the exponentials change with b. For the Beta and Dirichlet kernels, u(z) are the
 * kernel coordinates, s(x) their logarithms and A = log B(z/b + 1). Without an exponential form
 * every log weight is one call of the kernel's log density. Identical training points are one
 * centre with a multiplicity ({@link TrainingSet}), identical queries one query
 * ({@link QueryPoints}). The sums are a streaming log-sum-exp: per query and bandwidth, a running
 * maximum M of the log weights, with the denominator and numerators kept relative to exp(M) and
 * rescaled when a block raises M.
 *
 * <p>A weight below {@code exp(M − 40 − ln n)} is not exponentiated: all such weights together
 * weigh less than e^−40 ≈ 4e−18 of the largest, beneath the rounding of the sums. The others go
 * through {@link FastExp} (within 2 ulp). A query whose weights are all zero (every centre has a
 * positive coordinate where the query has a zero) takes the mean target and is counted as a
 * fallback; this does not depend on b.
 *
 * <p>Determinism: every (query, bandwidth) pair sees the same operations in the same order
 * whatever the thread count, the query blocking or the other bandwidths of the batch; only the
 * centres' order and {@link TrainingSet#BLOCK} fix it. Cost: O(n'·n·q) for the products plus
 * O(n'·n·g) log weights and at most as many exponentials, for g bandwidths (without an
 * exponential form: n'·n·g log densities instead); memory O(g·n'·m) for the results plus
 * O(block²) per task.
 */
final class NadarayaWatson {
    /** 0, 1, 2, …: the survivors of a block where every weight survives. */
    private static final int[] IDENTITY = new int[TrainingSet.BLOCK];

    static {
        for (int j = 0; j < IDENTITY.length; j++) {
            IDENTITY[j] = j;
        }
    }

    /** Coordinates of s(x) that {@link Task#addFour} adds to a row of S per pass: its four terms, not a setting. */
    private static final int COORDINATES = 4;
    /** Queries per task. It does not affect results. */
    static final int QUERY_BLOCK = 32;
    /** How far (in log) below the running maximum a weight may be skipped, before the −ln n term. */
    private static final double NEGLIGIBLE = -40.0;

    private NadarayaWatson() {
    }

    /**
     * @param size the number n of training points
     * @return how far in log below the largest weight a weight is negligible: −40 − ln n
     */
    static double cutoff(int size) {
        return NEGLIGIBLE - Math.log(size);
    }

    /**
     * The regression for a batch of bandwidths.
     *
     * @param fitted    per bandwidth, t̂ at each distinct query, row-major with m columns
     * @param fallbacks per bandwidth, the number of original queries without kernel mass
     * @param fellBack  per bandwidth, whether each distinct query had no kernel mass (so that the
     *                  fallbacks of a part of the queries can be counted)
     */
    record Fit(double[][] fitted, long[] fallbacks, boolean[][] fellBack) {
    }

    /**
     * One share of the regression's sums, before the ratio: per bandwidth and distinct query the
     * largest log weight M (−∞ where no weight counts), and the denominator and numerators
     * relative to exp(M). Shares of disjoint sets of centres add up after rescaling to a common M.
     *
     * @param max          per bandwidth, M of each distinct query
     * @param denominator  per bandwidth, {@code Σ_j m_j e^{w_j − M}} of each distinct query
     * @param numerators   per bandwidth, {@code Σ_j e^{w_j − M} t_j}, row-major with m columns
     */
    record Sums(double[][] max, double[][] denominator, double[][] numerators) {
    }

    /**
     * The sums of the regression for a batch of bandwidths, without the ratio ({@link #ratio}).
     *
     * @param training       a set of centres
     * @param queries        the query points in the kernel's terms
     * @param kernel         the density kernel
     * @param bandwidths     g bandwidths
     * @param logNormalisers per bandwidth, A(z_j, b) for every centre; null without an exponential form
     * @param cutoff         how far in log below the running maximum a weight is negligible
     * @param parallelism    the pool for blocks of queries
     * @return the sums for every bandwidth and distinct query
     */
    static Sums sums(TrainingSet training, QueryPoints queries, KdeKernel kernel, double[] bandwidths,
                     double[][] logNormalisers, double cutoff, Parallelism parallelism) {
        int n = queries.size();
        int g = bandwidths.length;
        int m = training.dimension();
        double[][] numerators = new double[g][n * m];
        double[][] max = new double[g][n];
        double[][] denominator = new double[g][n];
        int tasks = (n + QUERY_BLOCK - 1) / QUERY_BLOCK;
        parallelism.forEach(tasks, task -> {
            int from = task * QUERY_BLOCK;
            int to = Math.min(n, from + QUERY_BLOCK);
            new Task(training, queries, kernel, bandwidths, logNormalisers, cutoff, numerators, from, to)
                    .sumBlocks()
                    .copySums(max, denominator);
        });
        return new Sums(max, denominator, numerators);
    }

    /**
     * @param training        the training fold
     * @param queries         the query points in the kernel's terms
     * @param kernel          the density kernel
     * @param bandwidths      g bandwidths
     * @param logNormalisers  per bandwidth, A(z_j, b) for every centre; null without an exponential form
     * @param parallelism     the pool for blocks of queries
     * @return t̂ for every bandwidth and distinct query
     */
    static Fit regress(TrainingSet training, QueryPoints queries, KdeKernel kernel, double[] bandwidths,
                       double[][] logNormalisers, Parallelism parallelism) {
        return ratio(sums(training, queries, kernel, bandwidths, logNormalisers, cutoff(training.size()), parallelism),
                training.meanTarget(), queries);
    }

    /**
     * The ratio t̂ = numerators / denominator of summed shares, in place of the numerators. A
     * query whose denominator is 0 (no kernel mass) takes the mean target and is counted, with
     * its multiplicity, as a fallback.
     *
     * @param sums    the sums; their numerators are overwritten by t̂
     * @param mean    the mean target of the training fold, m values
     * @param queries the distinct queries the sums are for
     * @return t̂ for every bandwidth and distinct query
     */
    static Fit ratio(Sums sums, double[] mean, QueryPoints queries) {
        int g = sums.denominator().length;
        int m = mean.length;
        long[] fallbacks = new long[g];
        boolean[][] fellBack = new boolean[g][];
        for (int b = 0; b < g; b++) {
            double[] out = sums.numerators()[b];
            double[] denominator = sums.denominator()[b];
            fellBack[b] = new boolean[denominator.length];
            for (int i = 0; i < denominator.length; i++) {
                int offset = i * m;
                double den = denominator[i];
                if (den == 0) {
                    System.arraycopy(mean, 0, out, offset, m);
                    fallbacks[b] += queries.multiplicity(i);
                    fellBack[b][i] = true;
                    continue;
                }
                for (int c = 0; c < m; c++) {
                    out[offset + c] /= den;
                }
            }
        }
        return new Fit(sums.numerators(), fallbacks, fellBack);
    }

    /** One block of queries against every training block, for every bandwidth. */
    private static final class Task {
        private final TrainingSet training;
        private final QueryPoints queries;
        private final KdeKernel kernel;
        private final double[] bandwidths;
        private final double[] inverse;
        private final double[][] logNormalisers;
        private final double cutoff;
        /** Per bandwidth, the numerators of every query, this task's rows among them. */
        private final double[][] numerators;
        private final int from;
        private final int rows;
        private final int dims;
        private final int m;
        /** The block of S (exponential form), or the current centre and query (pairwise). */
        private final double[] product;
        private final double[] centre;
        private final double[] query;
        private final double[] weights;
        private final int[] survivors;
        private final double[] max;
        private final double[] denominator;
        /** The largest and smallest log weight of the current block, query and bandwidth. */
        private double blockMax;
        private double blockMin;

        Task(TrainingSet training, QueryPoints queries, KdeKernel kernel, double[] bandwidths,
             double[][] logNormalisers, double cutoff, double[][] numerators, int from, int to) {
            this.training = training;
            this.queries = queries;
            this.kernel = kernel;
            this.bandwidths = bandwidths;
            this.logNormalisers = logNormalisers;
            this.cutoff = cutoff;
            this.numerators = numerators;
            this.from = from;
            this.rows = to - from;
            this.dims = queries.width();
            this.m = training.dimension();
            int g = bandwidths.length;
            this.inverse = new double[g];
            for (int b = 0; b < g; b++) {
                inverse[b] = 1.0 / bandwidths[b];
            }
            this.product = kernel.exponential() ? new double[rows * TrainingSet.BLOCK] : null;
            this.centre = new double[m];
            this.query = new double[m];
            this.weights = new double[TrainingSet.BLOCK];
            this.survivors = new int[TrainingSet.BLOCK];
            this.max = new double[g * rows];
            Arrays.fill(max, Double.NEGATIVE_INFINITY);
            this.denominator = new double[g * rows];
        }

        /** Copies this block of queries' running maxima and denominators out, per bandwidth. */
        void copySums(double[][] maxOut, double[][] denominatorOut) {
            for (int b = 0; b < inverse.length; b++) {
                System.arraycopy(max, b * rows, maxOut[b], from, rows);
                System.arraycopy(denominator, b * rows, denominatorOut[b], from, rows);
            }
        }

        /** Sums every training block into the running maxima, denominators and numerators. */
        Task sumBlocks() {
            for (int block = 0; block < training.blockCount(); block++) {
                int width = training.blockWidth(block);
                if (kernel.exponential()) {
                    logNumerators(block, width);
                }
                for (int i = 0; i < rows; i++) {
                    for (int b = 0; b < inverse.length; b++) {
                        if (kernel.exponential()) {
                            logWeights(block, width, i, b);
                        } else {
                            pairwiseLogWeights(block, width, i, b);
                        }
                        accumulate(block, width, i, b);
                    }
                }
            }
            return this;
        }

        /** {@code S_ij = Σ_k u_k(z_j) s_k(x_i)} for the block, −∞ where an infinite s meets a positive u. */
        private void logNumerators(int block, int width) {
            double[] z = training.block(block);
            double[] logs = queries.values();
            for (int i = 0; i < rows; i++) {
                int row = i * TrainingSet.BLOCK;
                Arrays.fill(product, row, row + width, 0.0);
                int q = (from + i) * dims;
                int k = 0;
                for (; k + COORDINATES <= dims; k += COORDINATES) {
                    addFour(z, width, row, k, logs[q + k], logs[q + k + 1], logs[q + k + 2], logs[q + k + 3]);
                }
                for (; k < dims; k++) {
                    double l = logs[q + k];
                    if (l == 0) {
                        // s_ik is 0 or −∞: the term vanishes or is handled below
                        continue;
                    }
                    int zk = k * width;
                    for (int j = 0; j < width; j++) {
                        product[row + j] += l * z[zk + j];
                    }
                }
                for (int infinite : queries.infinite(from + i)) {
                    int zk = infinite * width;
                    for (int j = 0; j < width; j++) {
                        if (z[zk + j] > 0) {
                            product[row + j] = Double.NEGATIVE_INFINITY;
                        }
                    }
                }
            }
        }

        /**
         * Adds coordinates k to k + 3 to a row of the block of S, each element taking its four
         * terms in the order of k: the same sums, to the bit, as adding them one coordinate at a
         * time, with one load and store of the row per four coordinates instead of per coordinate.
         * A zero statistic (0 or −∞, handled apart) adds 0·u = +0 or −0, which leaves every sum as
         * it is: the sums start at +0 and never become −0, as u is finite and non-negative.
         */
        private void addFour(double[] z, int width, int row, int k, double l0, double l1, double l2, double l3) {
            if (l0 == 0 && l1 == 0 && l2 == 0 && l3 == 0) {
                return;
            }
            int z0 = k * width;
            int z1 = z0 + width;
            int z2 = z1 + width;
            int z3 = z2 + width;
            for (int j = 0; j < width; j++) {
                product[row + j] = product[row + j] + l0 * z[z0 + j] + l1 * z[z1 + j] + l2 * z[z2 + j]
                        + l3 * z[z3 + j];
            }
        }

        /**
         * The log weights of query i against the block at bandwidth b, from the block of S. The
         * extremes are taken by comparisons, which ran a quarter faster than {@link Math#max} and
         * {@link Math#min} here: those differ from comparisons only for NaN, which a log weight
         * never is (S is finite or −∞, A finite), and in the sign of a zero extreme. No later step
         * can tell the two zeros apart: they compare equal, and a weight less a zero maximum is
         * the same number or a zero, whose exponential is 1.
         */
        private void logWeights(int block, int width, int i, int b) {
            double inv = inverse[b];
            double[] logNorm = logNormalisers[b];
            int start = training.blockStart(block);
            int row = i * TrainingSet.BLOCK;
            double high = Double.NEGATIVE_INFINITY;
            double low = Double.POSITIVE_INFINITY;
            for (int j = 0; j < width; j++) {
                double w = product[row + j] * inv - logNorm[start + j];
                weights[j] = w;
                high = w > high ? w : high;
                low = w < low ? w : low;
            }
            blockMax = high;
            blockMin = low;
        }

        /** The log weights of query i against the block at bandwidth b, one log density per pair. */
        private void pairwiseLogWeights(int block, int width, int i, int b) {
            int start = training.blockStart(block);
            System.arraycopy(queries.values(), (from + i) * m, query, 0, m);
            for (int j = 0; j < width; j++) {
                // copies, so that the kernel plugin cannot alter the fold through its arguments
                training.copyCentre(start + j, centre);
                weights[j] = kernel.logDensity(centre, query, bandwidths[b]);
            }
            blockMax = Double.NEGATIVE_INFINITY;
            blockMin = Double.POSITIVE_INFINITY;
            for (int j = 0; j < width; j++) {
                blockMax = Math.max(blockMax, weights[j]);
                blockMin = Math.min(blockMin, weights[j]);
            }
        }

        private void accumulate(int block, int width, int i, int b) {
            int start = training.blockStart(block);
            int slot = b * rows + i;
            double top = max[slot];
            if (blockMax == Double.NEGATIVE_INFINITY || blockMax < top + cutoff) {
                return;
            }
            double[] out = numerators[b];
            int offset = (from + i) * m;
            double den = denominator[slot];
            if (blockMax > top) {
                if (top != Double.NEGATIVE_INFINITY) {
                    double scale = Math.exp(top - blockMax);
                    den *= scale;
                    for (int c = 0; c < m; c++) {
                        out[offset + c] *= scale;
                    }
                }
                top = blockMax;
                max[slot] = top;
            }
            // gather the weights worth exponentiating first: a data-dependent branch in the
            // summing loop below would be mispredicted about as often as it is taken
            double threshold = top + cutoff;
            int count = 0;
            if (blockMin >= threshold) {
                // every weight counts (wide kernels): no selection
                System.arraycopy(IDENTITY, 0, survivors, 0, width);
                count = width;
            } else {
                for (int j = 0; j < width; j++) {
                    survivors[count] = j;
                    count += weights[j] >= threshold ? 1 : 0;
                }
            }
            double[] multiplicity = training.multiplicity();
            if (m == 1) {
                // scalar notions: a dense target sum per centre, no sparse indirection
                double[] targets = training.scalarTargetSums();
                double num = out[offset];
                for (int s = 0; s < count; s++) {
                    int j = survivors[s];
                    double e = FastExp.exp(weights[j] - top);
                    den += e * multiplicity[start + j];
                    num += e * targets[start + j];
                }
                out[offset] = num;
            } else if (training.singleTargets() != null) {
                // one non-zero target per centre (one-hot labels, no merged disagreeing points)
                int[] label = training.singleTargets();
                double[] targetValue = training.targetValue();
                for (int s = 0; s < count; s++) {
                    int j = survivors[s];
                    double e = FastExp.exp(weights[j] - top);
                    den += e * multiplicity[start + j];
                    out[offset + label[start + j]] += e * targetValue[start + j];
                }
            } else {
                int[] targetStart = training.targetStart();
                int[] targetIndex = training.targetIndex();
                double[] targetValue = training.targetValue();
                for (int s = 0; s < count; s++) {
                    int j = survivors[s];
                    double e = FastExp.exp(weights[j] - top);
                    den += e * multiplicity[start + j];
                    int end = targetStart[start + j + 1];
                    for (int p = targetStart[start + j]; p < end; p++) {
                        out[offset + targetIndex[p]] += e * targetValue[p];
                    }
                }
            }
            denominator[slot] = den;
        }
    }
}
