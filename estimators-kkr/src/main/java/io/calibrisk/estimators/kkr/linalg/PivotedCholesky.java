package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;

/**
 * The pivoted (incomplete) Cholesky factorisation {@code K ≈ L Lᵀ} of a symmetric positive
 * semi-definite matrix given by its diagonal and its columns on demand (Harbrecht, Peters and
 * Schneider, Appl. Numer. Math. 62, 2012). Each step takes the largest remaining diagonal entry
 * of the Schur complement as pivot (the lowest index on ties), so the rank-r factor is the
 * Nyström approximation on the r pivot columns and the residual {@code K − LLᵀ} is positive
 * semi-definite with trace equal to the sum of the remaining diagonal. Stops when that trace is
 * at most {@code tolerance · tr(K)}, when the rank reaches the cap, or when no positive diagonal
 * entry is left. The Gram matrix LᵀL, which the eigendecomposition of the factor needs, is
 * taken at the end as one matrix product.
 *
 * <p><b>Blocking.</b> Column t is {@code (K[:, p] − L[:, <t] L[p, <t]ᵀ) / √d_p}: done one
 * column at a time, every step streams all of L from memory for a matrix-vector product, which
 * bounds the speed by memory bandwidth. The pivot of the next step depends on the whole column,
 * so the steps cannot be merged; but the pivots of the next few steps are, in practice, almost
 * always among the rows whose remaining diagonal is largest now. So each block takes the
 * {@value #CANDIDATES} largest remaining diagonal entries as candidates, predicts from their
 * small Schur complement which of them the next steps will take, and computes those columns
 * {@code S = K[:, C] − L L[C, :]ᵀ} in one pass over L: a matrix product per fixed block of
 * {@value #PASS_ROWS} rows, with L in place (L is kept column-major, as the factor hands it out,
 * so the BLAS reads it without a copy). Then the steps run as long as the greedy pivot is a
 * predicted one, each finishing its column from S with the few columns of the block,
 * {@code S[:, p] − L_blk L_blk[p, :]ᵀ}. A pivot outside them ends the block. The pivots are
 * exactly the greedy ones (the diagonal is kept exact after every step); only the order in which
 * the terms of a column are summed differs from the unblocked algorithm. LᵀL is one product at
 * the end, L's columns against L by rows, so that its inner loop runs along whole rows of LᵀL
 * (taken a block at a time during the factorisation, its rows were 64 long, and it cost more
 * than the factorisation's own passes).
 *
 * <p>On the rbf kernel of 32 000 simulated predictions with 100 classes (rank 3000) the blocks
 * hold 38 steps on average, so L is read once per 38 steps instead of once per step; the product
 * of a pass then runs at about 26 GFlop/s on one core of an AMD EPYC, against 11 with
 * 64 candidates and L in panels of 256 rows copied for each product (39.5 s for the whole
 * factorisation then, 28.2 s now).
 *
 * <p>Cost: O(n r²) flops, n·r²/2 multiply-adds for the passes and as many for LᵀL, and n·r
 * kernel entries (candidates not predicted are never computed). Memory: L grows by doubling, so
 * that at its peak (a doubling, or the factor trimmed to its rank) it holds at most 3n·r
 * doubles; the predicted pivots' columns at most n·({@value #CANDIDATES} + 1) more, the
 * current block's columns by panels n·{@value #MAX_BLOCK}, and the candidates' rows of L
 * 2·{@value #CANDIDATES}·r. All parallel work has a fixed split
 * into blocks of rows and fixed summation orders, so the factor does not depend on the number of
 * threads.
 */
public final class PivotedCholesky {
    /** Rows per panel: the unit of a step's work and of its residual's partial sums. */
    private static final int PANEL = 256;
    /** Rows per block of a pass: the unit of its parallel work, large enough for the BLAS to run near its speed. */
    private static final int PASS_ROWS = 1024;
    /** Panels per task of a step (the work of a step is small). */
    private static final int STEP_PANELS = 8;
    /** Rows of LᵀL per parallel task. */
    private static final int GRAM_ROWS = 32;
    /** Rows of LᵀL per native call. */
    private static final int NATIVE_GRAM_ROWS = 128;
    /** Candidate pivots per block. */
    static final int CANDIDATES = 128;
    /** The columns L has room for at first. */
    private static final int INITIAL_COLUMNS = 16;
    /** The most steps per block: a step costs n multiply-adds per earlier step of its block. */
    static final int MAX_BLOCK = 128;

    private PivotedCholesky() {
    }

    /** Supplies the columns of K. */
    @FunctionalInterface
    public interface Columns {
        /**
         * Writes {@code K[j][pivot]} for j in [from, to) into {@code out[offset + j]}.
         *
         * @param pivot  the column
         * @param from   first row
         * @param to     one past the last row
         * @param out    the destination
         * @param offset where row 0 would go
         */
        void column(int pivot, int from, int to, double[] out, int offset);

        /**
         * Writes columns {@code pivots[c]}, c < count, rows [from, to), column-major:
         * {@code K[j][pivots[c]]} into {@code out[c·stride + j]}. A source that computes several
         * columns at once faster (as products of blocks) overrides this.
         *
         * @param pivots the columns
         * @param count  how many of them
         * @param from   first row
         * @param to     one past the last row
         * @param out    the destination
         * @param stride the distance between two columns in {@code out}
         */
        default void columns(int[] pivots, int count, int from, int to, double[] out, int stride) {
            for (int c = 0; c < count; c++) {
                column(pivots[c], from, to, out, c * stride);
            }
        }
    }

    /**
     * The factor.
     *
     * @param size          n
     * @param rank          r
     * @param pivots        the pivot rows in order of selection, r values
     * @param columns       L, column t at {@code [t·n, (t+1)·n)}; entries at earlier pivots are exactly 0;
     *                      may hold further columns beyond the r-th (a {@link #leading} factor shares them)
     * @param gram          LᵀL, r × r row-major, exactly symmetric
     * @param initialTrace  tr(K)
     * @param residualTrace {@code tr(K − LLᵀ)}, the sum of the remaining diagonal
     */
    public record Factor(int size, int rank, int[] pivots, double[] columns, double[] gram, double initialTrace,
                         double residualTrace) {

        /**
         * @throws InvalidSettingException if the shapes disagree
         */
        public Factor {
            if (pivots.length != rank || columns.length < (long) rank * size || gram.length != rank * rank) {
                throw InvalidSettingException.of("pivoted Cholesky factor", rank, "shapes disagree");
            }
        }

        /**
         * @param row    in [0, n)
         * @param column in [0, r)
         * @return {@code L[row][column]}
         */
        public double get(int row, int column) {
            return columns[column * size + row];
        }

        /**
         * The factor of the first q steps, which the pivoted Cholesky would have returned with
         * the cap q: the leading q columns of L (shared with this factor, not copied), their
         * pivots and the leading q × q block of LᵀL. Its residual trace is this one's plus
         * {@code Σ_{t≥q} ‖L_t‖²}, the dropped columns' share, summed without cancellation.
         *
         * @param q the rank, in [1, r]
         * @return the leading factor
         */
        public Factor leading(int q) {
            if (q < 1 || q > rank) {
                throw InvalidSettingException.of("leading rank", q, "must be in [1, " + rank + "]");
            }
            double[] block = new double[q * q];
            for (int i = 0; i < q; i++) {
                System.arraycopy(gram, i * rank, block, i * q, q);
            }
            double dropped = 0;
            for (int t = rank - 1; t >= q; t--) {
                dropped += gram[t * rank + t];
            }
            return new Factor(size, q, Arrays.copyOf(pivots, q), columns, block, initialTrace,
                    residualTrace + dropped);
        }
    }

    /**
     * @param n    the size of K
     * @param rank the rank the factorisation reaches
     * @return the doubles it holds at its peak: L while it doubles or is trimmed to its rank
     *     (3n·r, at least n·{@value #INITIAL_COLUMNS}), the Schur-complement columns of a
     *     block's predicted pivots (at most r and {@value #CANDIDATES}, with one column of room),
     *     the block's columns by panels (at most r and {@value #MAX_BLOCK}), and the rows of L at
     *     the last and the current prediction's candidates (at most {@value #CANDIDATES} each)
     */
    public static long peakDoubles(long n, long rank) {
        return Math.max(3 * n * rank, n * INITIAL_COLUMNS) + n * (Math.min(CANDIDATES, rank) + 1)
                + n * Math.min(MAX_BLOCK, rank) + 2 * Math.min(CANDIDATES, n) * rank;
    }

    /**
     * Factors K.
     *
     * @param diagonal  the diagonal of K, n non-negative values; not modified
     * @param source    the columns of K
     * @param tolerance the relative trace tolerance, in [0, 1)
     * @param maxRank   the cap on r, at least 1
     * @param pool      the pool the row panels run on
     * @return the factor
     */
    public static Factor of(double[] diagonal, Columns source, double tolerance, int maxRank, Parallelism pool) {
        check(tolerance, maxRank);
        return run(diagonal, source, tolerance, maxRank, pool, true).factor();
    }

    private static void check(double tolerance, int maxRank) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw InvalidSettingException.of("tolerance", tolerance, "must be in [0, 1)");
        }
        if (maxRank < 1) {
            throw InvalidSettingException.of("max-rank", maxRank, "must be at least 1");
        }
    }

    /**
     * The rank {@link #of} reaches, with the same pivots and the same stops, but without L's
     * Gram LᵀL, which is half the cost of the factor: for estimating, before a run, the rank its
     * folds will reach from a sample.
     *
     * @param diagonal  the diagonal of K, n non-negative values; not modified
     * @param source    the columns of K
     * @param tolerance the relative trace tolerance, in [0, 1)
     * @param maxRank   the cap on r, at least 1
     * @param pool      the pool the row panels run on
     * @return the rank r
     */
    public static int rank(double[] diagonal, Columns source, double tolerance, int maxRank, Parallelism pool) {
        check(tolerance, maxRank);
        Run run = run(diagonal, source, tolerance, maxRank, pool, true);
        run.eliminate();
        return run.rank;
    }

    /**
     * {@link #of} with every prediction made as the greedy pivoting on the candidates' whole Schur
     * complement, eliminated step by step, and the candidates' rows of L gathered anew: for the
     * tests, which check that both give the same bits.
     */
    static Factor eliminatedWhole(double[] diagonal, Columns source, double tolerance, int maxRank,
                                  Parallelism pool) {
        return run(diagonal, source, tolerance, maxRank, pool, false).factor();
    }

    /**
     * The passes over L (one per block) that {@link #of} makes, or {@link #eliminatedWhole} when
     * not lazy: for the tests of the prediction, whose failures still leave the greedy pivots (up
     * to a near tie that rounding decides) but end the blocks elsewhere.
     */
    static int passes(double[] diagonal, Columns source, double tolerance, int maxRank, boolean lazy) {
        Run run = run(diagonal, source, tolerance, maxRank, Parallelism.sequential(), lazy);
        run.factor();
        return run.passes;
    }

    private static Run run(double[] diagonal, Columns source, double tolerance, int maxRank, Parallelism pool,
                           boolean lazy) {
        return new Run(diagonal, source, tolerance, Math.min(maxRank, diagonal.length), pool, lazy);
    }

    /** The state of one factorisation. */
    private static final class Run {
        private final int n;
        private final int cap;
        private final Columns source;
        private final Parallelism pool;
        private final double[] d;
        private final double trace;
        private final double stop;
        private final int panels;
        /** L, column-major: column t at {@code [t·n, (t+1)·n)}, room for {@code capacity} columns. */
        private double[] l;
        private int capacity;
        /**
         * The current block's candidate Schur-complement columns, column-major (candidate c at
         * {@code [c·n, (c+1)·n)}), room for {@code width} candidates and one more column, which
         * the native binding's check of an operand's extent in whole columns needs.
         */
        private double[] schur = new double[0];
        private int width;
        /**
         * The current block's columns again, by panels of {@value #PANEL} rows (column t0 + u of
         * panel b at {@code block[b][u]}): the steps' products read them as rows, which the JIT
         * vectorises, where columns of one array at different offsets it does not.
         */
        private final double[][][] block;
        private final boolean[] taken;
        private final int[] pivots;
        private int rank;
        private double residual;
        /**
         * Whether a prediction computes only the chosen candidates' columns of their Schur
         * complement and extends the last prediction's rows of L (see {@link #predicted}); off
         * only for tests.
         */
        private final boolean lazy;
        /** The last prediction's candidate of each row (its place in the ranking), −1 for other rows. */
        private final int[] lastPlace;
        /** The last prediction's candidates and their rows of L. */
        private int[] lastRanked = new int[0];
        private double[][] lastRows;
        /** The rank at the last prediction: the columns of L its rows hold. */
        private int lastRank;
        /** The passes over L so far. */
        private int passes;

        Run(double[] diagonal, Columns source, double tolerance, int cap, Parallelism pool, boolean lazy) {
            this.n = diagonal.length;
            this.cap = cap;
            this.source = source;
            this.pool = pool;
            this.d = diagonal.clone();
            double sum = 0;
            for (double v : d) {
                sum += v;
            }
            this.trace = sum;
            this.stop = tolerance * sum;
            this.panels = (n + PANEL - 1) / PANEL;
            this.capacity = Math.min(cap, INITIAL_COLUMNS);
            this.l = new double[columns(capacity)];
            this.block = new double[panels][Math.min(cap, MAX_BLOCK)][];
            this.taken = new boolean[n];
            this.pivots = new int[cap];
            this.residual = sum;
            this.lazy = lazy;
            this.lastPlace = new int[n];
            Arrays.fill(lastPlace, -1);
        }

        /** @return the doubles of {@code count} columns of n */
        private int columns(int count) {
            long size = (long) count * n;
            if (size > Integer.MAX_VALUE - 8) {
                throw InvalidSettingException.of("max-rank", count, "makes L, " + count + " columns of " + n
                        + " rows, larger than a Java array can be; lower it");
            }
            return (int) size;
        }

        Factor factor() {
            eliminate();
            return assemble();
        }

        /** The steps, until the tolerance, the cap or the diagonal stops them. */
        void eliminate() {
            boolean more = true;
            while (more && rank < cap && residual > stop) {
                int[] candidates = predicted(candidates());
                if (candidates.length == 0) {
                    break;
                }
                int first = rank;
                int end = Math.min(cap, first + MAX_BLOCK);
                // room for one column beyond the pass's: the binding checks L's extent in whole columns
                reserve(first + 1);
                pass(candidates, first);
                while (rank < end && residual > stop) {
                    int p = argmax();
                    if (p < 0) {
                        more = false;
                        break;
                    }
                    int c = indexOf(candidates, p);
                    if (c < 0) {
                        break;
                    }
                    step(p, c, first);
                }
            }
        }

        /** Grows L to hold at least {@code needed} columns: doubling, so that the copies cost O(n·r) in all. */
        private void reserve(int needed) {
            if (needed <= capacity) {
                return;
            }
            int grown = Math.min(cap, Math.max(needed, 2 * capacity));
            l = Arrays.copyOf(l, columns(grown));
            capacity = grown;
        }

        /**
         * The untaken rows with the largest positive remaining diagonal, largest first, lowest
         * index on ties: {@value #CANDIDATES} of them and, if there is one, the next.
         */
        private int[] candidates() {
            int size = CANDIDATES + 1;
            int[] best = new int[size];
            int count = 0;
            for (int j = 0; j < n; j++) {
                double v = d[j];
                if (taken[j] || !(v > 0) || (count == size && !(v > d[best[count - 1]]))) {
                    continue;
                }
                int at = count == size ? size - 1 : count++;
                while (at > 0 && v > d[best[at - 1]]) {
                    best[at] = best[at - 1];
                    at--;
                }
                best[at] = j;
            }
            return Arrays.copyOf(best, count);
        }

        /**
         * The candidates the next steps will take, in order, as far as that is certain: greedy
         * pivoting is run on the candidates alone, on their small Schur complement
         * {@code K[C, C] − L[C, :] L[C, :]ᵀ}; its pivots are the true ones as long as each one's
         * remaining diagonal exceeds the largest outside the candidates (which can only
         * decrease). Only these get their full Schur-complement column, so that no column is
         * computed in vain; a step whose pivot was not predicted (rounding) just ends the block.
         *
         * <p>Greedy pivoting needs, at each step, only the chosen candidate's column of the Schur
         * complement, reduced by the steps before. So the prediction computes that column alone,
         * when the candidate is chosen: its entries summed whole, then each earlier step's product
         * subtracted in order. Each entry then goes through the very operations, in the same order,
         * that eliminating the whole complement step by step applied to it (up to the order of a
         * product's two factors, which is exact; {@link #eliminatedWhole}, which the tests compare
         * bit for bit), but only (steps × candidates) entries are computed instead of all
         * candidates' pairs. That matters where the blocks are short: on the one-dimensional
         * scores of class-wise and top-label kkr (rank 10 to 46 over 6400 points) a block takes
         * one or two pivots, and the whole complement of 128 candidates, 8256 pairs and their
         * kernel values, was most of the factorisation. At rank 3000 a block takes about 38 of
         * the 128 candidates: about 4100 chains, half the whole complement's, and about what
         * continuing the pairs that blocks share cost (the factorisation takes as long as then).
         *
         * <p>Most candidates stay candidates from one block to the next, so their rows of L are
         * the last prediction's extended by the columns added since, not gathered anew from the
         * column-major L.
         *
         * @param ranked the candidates, largest first, then the largest row outside them (if any)
         * @return the predicted pivots, at least the first candidate
         */
        private int[] predicted(int[] ranked) {
            int m = Math.min(CANDIDATES, ranked.length);
            if (m <= 1) {
                return Arrays.copyOf(ranked, m);
            }
            double outside = ranked.length > CANDIDATES ? d[ranked[CANDIDATES]] : 0.0;
            double[][] lc = factorRows(ranked, m);
            remember(ranked, m, lc);
            double[][] eliminated = lazy ? null : schur(ranked, lc);
            double[] rest = new double[m];
            for (int c = 0; c < m; c++) {
                rest[c] = d[ranked[c]];
            }
            boolean[] chosen = new boolean[m];
            int[] order = new int[m];
            int limit = Math.min(m, Math.min(MAX_BLOCK, cap - rank));
            double[][] steps = new double[limit][];
            int count = 0;
            // each loop of the prediction is a method of its own, small enough for the JIT
            // compiler to compile once: as one method it was compiled four times over (from
            // each loop's entry, then whole), at about 0.3 s of compiler time each
            while (count < limit) {
                int best = greatest(ranked, chosen, rest);
                if (best < 0 || (count > 0 && !(rest[best] > outside))) {
                    break;
                }
                chosen[best] = true;
                double[] column = lazy ? reducedColumn(ranked, lc, chosen, best, steps, count)
                        : column(eliminated, best);
                steps[count] = eliminate(column, chosen, rest, best);
                if (!lazy) {
                    update(eliminated, chosen, steps[count]);
                }
                order[count++] = ranked[best];
            }
            return Arrays.copyOf(order, Math.max(count, 1));
        }

        /** @return the last prediction's place of candidate c's row, or −1 if it was none (or the prediction is not lazy) */
        private int lastPlaceOf(int[] ranked, int c) {
            return lazy ? lastPlace[ranked[c]] : -1;
        }

        /** Keeps this prediction's candidates and their rows of L for the next one. */
        private void remember(int[] ranked, int m, double[][] lc) {
            if (!lazy) {
                return;
            }
            for (int row : lastRanked) {
                lastPlace[row] = -1;
            }
            lastRanked = Arrays.copyOf(ranked, m);
            for (int c = 0; c < m; c++) {
                lastPlace[ranked[c]] = c;
            }
            lastRows = lc;
            lastRank = rank;
        }

        /**
         * @return {@code L[ranked[c], :]} for c < m, each row as an array of the current rank: a
         *     last candidate's row extended by the columns added since, the others gathered
         *     whole, column by column
         */
        private double[][] factorRows(int[] ranked, int m) {
            int t0 = rank;
            double[][] lc = new double[m][];
            int[] gathered = new int[m];
            int[] from = new int[m];
            int count = 0;
            for (int c = 0; c < m; c++) {
                int last = lastPlaceOf(ranked, c);
                lc[c] = last >= 0 ? Arrays.copyOf(lastRows[last], t0) : new double[t0];
                if (last < 0 || lastRank < t0) {
                    gathered[count] = c;
                    from[count++] = last >= 0 ? lastRank : 0;
                }
            }
            gather(ranked, lc, gathered, from, count, t0);
            return lc;
        }

        /** {@code lc[c][s] = L[ranked[c]][s]} for the listed c and s in [from, t0), a column at a time. */
        private void gather(int[] ranked, double[][] lc, int[] gathered, int[] from, int count, int t0) {
            for (int s = 0; s < t0; s++) {
                int column = s * n;
                for (int g = 0; g < count; g++) {
                    if (s >= from[g]) {
                        int c = gathered[g];
                        lc[c][s] = l[column + ranked[c]];
                    }
                }
            }
        }

        /**
         * The kernel's value at candidates c and e, oriented by their ranking (the later one's
         * row of the earlier one's column), so that a pair gets the same value whichever of the
         * two asks for it.
         */
        private double kernel(int[] ranked, int c, int e, double[] one) {
            int row = ranked[Math.max(c, e)];
            source.column(ranked[Math.min(c, e)], row, row + 1, one, -row);
            return one[0];
        }

        /**
         * @return candidate {@code best}'s column of the Schur complement at the current step
         *     {@code count}, for the unchosen candidates (0 elsewhere): {@code K[c, best] −
         *     L[c, :]·L[best, :]}, then minus each earlier step's {@code l_j[c]·l_j[best]}, in order
         */
        private double[] reducedColumn(int[] ranked, double[][] lc, boolean[] chosen, int best, double[][] steps,
                                       int count) {
            int m = lc.length;
            int[] partners = new int[m];
            double[] values = new double[m];
            double[] one = new double[1];
            int size = 0;
            for (int c = 0; c < m; c++) {
                if (!chosen[c]) {
                    values[size] = kernel(ranked, c, best, one);
                    partners[size++] = c;
                }
            }
            subtractProducts(lc[best], lc, partners, values, size, rank);
            for (int j = 0; j < count; j++) {
                reduce(values, partners, size, steps[j], steps[j][best]);
            }
            double[] column = new double[m];
            for (int i = 0; i < size; i++) {
                column[partners[i]] = values[i];
            }
            return column;
        }

        /** {@code values[i] −= l[partners[i]]·a}: one earlier step's product. */
        private static void reduce(double[] values, int[] partners, int size, double[] l, double a) {
            for (int i = 0; i < size; i++) {
                values[i] -= l[partners[i]] * a;
            }
        }

        /** @return the candidates' whole Schur complement {@code K[C, C] − L[C, :] L[C, :]ᵀ}, symmetric (for the tests' reference) */
        private double[][] schur(int[] ranked, double[][] lc) {
            int m = lc.length;
            double[][] schurCc = new double[m][m];
            double[] one = new double[1];
            int[] partners = new int[m];
            double[] values = new double[m];
            for (int c = 0; c < m; c++) {
                for (int e = 0; e <= c; e++) {
                    values[e] = kernel(ranked, c, e, one);
                    partners[e] = e;
                }
                subtractProducts(lc[c], lc, partners, values, c + 1, rank);
                for (int e = 0; e <= c; e++) {
                    schurCc[c][e] = values[e];
                    schurCc[e][c] = values[e];
                }
            }
            return schurCc;
        }

        /** @return column {@code best} of the eliminated complement, row by row */
        private static double[] column(double[][] eliminated, int best) {
            double[] column = new double[eliminated.length];
            for (int c = 0; c < column.length; c++) {
                column[c] = eliminated[c][best];
            }
            return column;
        }

        /**
         * {@code values[i] −= Σ_{s < to} x[s]·lc[partners[i]][s]}, subtracted in order of s
         * for each i (the chain of the unblocked sum), four chains at a time so that the
         * processor overlaps them.
         */
        private static void subtractProducts(double[] x, double[][] lc, int[] partners, double[] values, int count,
                                             int to) {
            int i = 0;
            for (; i + 4 <= count; i += 4) {
                double[] y0 = lc[partners[i]];
                double[] y1 = lc[partners[i + 1]];
                double[] y2 = lc[partners[i + 2]];
                double[] y3 = lc[partners[i + 3]];
                double v0 = values[i];
                double v1 = values[i + 1];
                double v2 = values[i + 2];
                double v3 = values[i + 3];
                for (int s = 0; s < to; s++) {
                    double xs = x[s];
                    v0 -= xs * y0[s];
                    v1 -= xs * y1[s];
                    v2 -= xs * y2[s];
                    v3 -= xs * y3[s];
                }
                values[i] = v0;
                values[i + 1] = v1;
                values[i + 2] = v2;
                values[i + 3] = v3;
            }
            for (; i < count; i++) {
                double[] y = lc[partners[i]];
                double v = values[i];
                for (int s = 0; s < to; s++) {
                    v -= x[s] * y[s];
                }
                values[i] = v;
            }
        }

        /** @return the unchosen candidate with the largest positive remaining diagonal, the lowest row on ties; −1 if none */
        private static int greatest(int[] ranked, boolean[] chosen, double[] rest) {
            int best = -1;
            for (int c = 0; c < rest.length; c++) {
                if (!chosen[c] && rest[c] > 0 && (best < 0 || rest[c] > rest[best]
                        || (rest[c] == rest[best] && ranked[c] < ranked[best]))) {
                    best = c;
                }
            }
            return best;
        }

        /**
         * One step of greedy pivoting on the candidates, at the candidate just chosen: its column
         * of the Schur complement as reduced by the steps before, scaled to {@code l}, whose
         * squares leave the remaining diagonal.
         *
         * @return l, 0 at the chosen candidates
         */
        private static double[] eliminate(double[] column, boolean[] chosen, double[] rest, int best) {
            int m = rest.length;
            double inverse = 1.0 / Math.sqrt(rest[best]);
            double[] l = new double[m];
            for (int c = 0; c < m; c++) {
                if (!chosen[c]) {
                    l[c] = column[c] * inverse;
                    rest[c] = Math.max(0.0, rest[c] - l[c] * l[c]);
                }
            }
            return l;
        }

        /** The step's product subtracted from the whole complement's unchosen rows (the tests' reference). */
        private static void update(double[][] eliminated, boolean[] chosen, double[] l) {
            for (int c = 0; c < l.length; c++) {
                if (!chosen[c]) {
                    subtract(eliminated[c], l[c], l);
                }
            }
        }

        /** {@code row[e] −= a·l[e]} for every e. */
        private static void subtract(double[] row, double a, double[] l) {
            for (int e = 0; e < row.length; e++) {
                row[e] -= a * l[e];
            }
        }

        /** The greedy pivot: the untaken row with the largest positive remaining diagonal, lowest index on ties. */
        private int argmax() {
            int p = -1;
            double best = 0;
            for (int j = 0; j < n; j++) {
                if (!taken[j] && d[j] > best) {
                    best = d[j];
                    p = j;
                }
            }
            return p;
        }

        private static int indexOf(int[] values, int value) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == value) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * One pass over the first {@code t0} columns of L: the Schur-complement columns of the
         * candidates, {@code S = K[:, C] − L L[C, :]ᵀ}, by fixed blocks of {@value #PASS_ROWS}
         * rows, each one product with L in place.
         */
        private void pass(int[] candidates, int t0) {
            passes++;
            int cc = candidates.length;
            if (cc > width) {
                width = cc;
                schur = new double[columns(width + 1)];
            }
            // L[C, <t0] column-major, cc × t0
            double[] lc = new double[cc * t0];
            for (int s = 0; s < t0; s++) {
                for (int c = 0; c < cc; c++) {
                    lc[c + s * cc] = l[s * n + candidates[c]];
                }
            }
            pool.forEach((n + PASS_ROWS - 1) / PASS_ROWS, part -> {
                int from = part * PASS_ROWS;
                int to = Math.min(n, from + PASS_ROWS);
                source.columns(candidates, cc, from, to, schur, n);
                if (t0 > 0) {
                    Gemm.subtractProductColumnMajor(to - from, cc, t0, l, from, n, lc, cc, schur, from, n);
                }
            });
        }

        /** Step {@code rank}: column t from candidate c's Schur column and the block's columns [t0, t). */
        private void step(int p, int c, int t0) {
            int t = rank;
            reserve(t + 1);
            double pivot = d[p];
            double inverse = 1.0 / Math.sqrt(pivot);
            int w = t - t0;
            double[] coefficient = new double[w];
            for (int u = 0; u < w; u++) {
                coefficient[u] = -l[(t0 + u) * n + p];
            }
            taken[p] = true;
            int tasks = (panels + STEP_PANELS - 1) / STEP_PANELS;
            double[] partialResidual = new double[panels];
            pool.forEach(tasks, task -> {
                for (int b = task * STEP_PANELS; b < Math.min(panels, (task + 1) * STEP_PANELS); b++) {
                    int from = b * PANEL;
                    int len = Math.min(n, from + PANEL) - from;
                    if (block[b][w] == null) {
                        block[b][w] = new double[len];
                    }
                    double[] column = block[b][w];
                    System.arraycopy(schur, c * n + from, column, 0, len);
                    if (w > 0) {
                        Gemm.multiplyAdd(1, 0, len, w, coefficient, 0, w, block[b], 0, new double[][] {column}, 0);
                    }
                    double sum = 0;
                    for (int i = 0; i < len; i++) {
                        int j = from + i;
                        if (taken[j]) {
                            column[i] = 0.0;
                        } else {
                            double v = column[i] * inverse;
                            column[i] = v;
                            double rest = Math.max(0.0, d[j] - v * v);
                            d[j] = rest;
                            sum += rest;
                        }
                    }
                    System.arraycopy(column, 0, l, t * n + from, len);
                    partialResidual[b] = sum;
                }
            });
            l[t * n + p] = Math.sqrt(pivot);
            block[p / PANEL][w][p % PANEL] = Math.sqrt(pivot);
            d[p] = 0;
            pivots[t] = p;
            double sum = 0;
            for (double v : partialResidual) {
                sum += v;
            }
            residual = sum;
            rank++;
        }

        private Factor assemble() {
            double[] out = capacity == rank ? l : Arrays.copyOf(l, rank * n);
            l = null;
            return new Factor(n, rank, Arrays.copyOf(pivots, rank), out, gram(out), trace, residual);
        }

        /**
         * LᵀL as one product, {@code G[s][u] = Σ_i L[i][s] L[i][u]}, with L's columns as the rows of
         * the left factor and L by rows as the right one, so that the product runs along rows of
         * G, r long; by blocks of {@value #GRAM_ROWS} rows from the diagonal on, then mirrored:
         * n·r²/2 multiply-adds, a fixed split, so the result does not depend on the threads.
         */
        private double[] gram(double[] out) {
            int r = rank;
            if (NativeBlas.available() && r >= Gemm.NATIVE_MIN) {
                return nativeGram(out);
            }
            double[][] byRows = new double[n][r];
            for (int s = 0; s < r; s++) {
                for (int i = 0; i < n; i++) {
                    byRows[i][s] = out[s * n + i];
                }
            }
            double[][] g = new double[r][r];
            pool.forEach((r + GRAM_ROWS - 1) / GRAM_ROWS, block -> {
                int s0 = block * GRAM_ROWS;
                Gemm.multiplyAdd(Math.min(r, s0 + GRAM_ROWS) - s0, s0, r, n, out, s0 * n, n, byRows, 0, g, s0);
            });
            double[] flat = new double[r * r];
            for (int a = 0; a < r; a++) {
                for (int u = a; u < r; u++) {
                    flat[a * r + u] = g[a][u];
                    flat[u * r + a] = g[a][u];
                }
            }
            return flat;
        }

        /**
         * LᵀL through the native BLAS, straight from the assembled factor (column t of L is
         * contiguous, so L is column-major with leading dimension n and needs no copy by rows):
         * rows [s0, s1) of G from column s0 on, {@code G[s0:s1, s0:r] = L[:, s0:s1]ᵀ L[:, s0:r]},
         * in fixed blocks of {@value #NATIVE_GRAM_ROWS} rows (so the result does not depend on the
         * threads), then mirrored.
         */
        private double[] nativeGram(double[] out) {
            int r = rank;
            double[] flat = new double[r * r];
            pool.forEach((r + NATIVE_GRAM_ROWS - 1) / NATIVE_GRAM_ROWS, task -> {
                int s0 = task * NATIVE_GRAM_ROWS;
                int s1 = Math.min(r, s0 + NATIVE_GRAM_ROWS);
                // column-major, the block is r − s0 rows (u) by s1 − s0 columns (a), element
                // (u, a) is G[a][u]: Lᵀ's rows u times L's columns a
                int height = r - s0;
                double[] block = new double[height * (s1 - s0)];
                NativeBlas.dgemm("T", "N", height, s1 - s0, n, 1.0, out, s0 * n, n, out, s0 * n, n, 0.0,
                        block, 0, height);
                for (int a = s0; a < s1; a++) {
                    System.arraycopy(block, (a - s0) * height + a - s0, flat, a * r + a, r - a);
                }
            });
            for (int a = 0; a < r; a++) {
                for (int u = a + 1; u < r; u++) {
                    flat[u * r + a] = flat[a * r + u];
                }
            }
            return flat;
        }
    }
}
