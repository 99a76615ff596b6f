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
 * always among the rows whose remaining diagonal is largest now. So each block first takes the
 * {@value #CANDIDATES} largest remaining diagonal entries as candidates and computes their
 * Schur-complement columns {@code S = K[:, C] − L L[C, :]ᵀ} in one matrix product ({@link Gemm},
 * one pass over L); then the steps run as long as the greedy pivot is a candidate, each
 * finishing its column from S with the few columns of the block, {@code S[:, p] − L_blk
 * L_blk[p, :]ᵀ}. A pivot outside the candidates ends the block. The pivots are exactly the
 * greedy ones (the diagonal is kept exact after every step); only the order in which the terms
 * of a column are summed differs from the unblocked algorithm. LᵀL is one product at the end,
 * L's columns against L by rows, so that its inner loop runs along whole rows of LᵀL (taken a
 * block at a time during the factorisation, its rows were 64 long, and it cost more than the
 * factorisation's own passes).
 *
 * <p>On kernel matrices of cifar10-vgg16 (n = 6400, rank about 900) the blocks hold about 17
 * steps on average, so L is read once per 17 steps instead of once per step, at the price of
 * about 1.7 times the multiply-adds of the unblocked algorithm, which the matrix product does at
 * several times the speed.
 *
 * <p>Cost: O(n r²) flops and about 2n·r column entries (candidates not chosen are computed in
 * vain); memory about 3n·r at the end (L by panels, the assembled factor and L by rows for LᵀL)
 * plus n·{@value #CANDIDATES}. All parallel work has a fixed split into row panels and fixed
 * summation orders, so the factor does not depend on the number of threads.
 */
public final class PivotedCholesky {
    /** Rows per panel: the unit of parallel work of a block pass. */
    private static final int PANEL = 256;
    /** Panels per task of a step (the work of a step is small). */
    private static final int STEP_PANELS = 8;
    /** Rows of LᵀL per parallel task. */
    private static final int GRAM_ROWS = 32;
    /** Rows of LᵀL per native call. */
    private static final int NATIVE_GRAM_ROWS = 128;
    /** Candidate pivots per block. */
    static final int CANDIDATES = 64;
    /** The most steps per block: a step costs n multiply-adds per earlier step of its block. */
    static final int MAX_BLOCK = 64;

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
         * Writes columns {@code pivots[c]}, c < count, as {@link #column} would, into
         * {@code out[c]}: a source that computes several columns at once faster (as products
         * of blocks) overrides this.
         *
         * @param pivots the columns
         * @param count  how many of them
         * @param from   first row
         * @param to     one past the last row
         * @param out    the destinations, one per column
         * @param offset where row 0 would go
         */
        default void columns(int[] pivots, int count, int from, int to, double[][] out, int offset) {
            for (int c = 0; c < count; c++) {
                column(pivots[c], from, to, out[c], offset);
            }
        }
    }

    /**
     * The factor.
     *
     * @param size          n
     * @param rank          r
     * @param pivots        the pivot rows in order of selection, r values
     * @param columns       L, column t at {@code [t·n, (t+1)·n)}; entries at earlier pivots are exactly 0
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
            if (pivots.length != rank || columns.length != (long) rank * size || gram.length != rank * rank) {
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
    }

    /**
     * @param n    the size of K
     * @param rank the rank the factorisation reaches
     * @return the doubles it holds at its peak: L by panels, the assembled factor and L by rows
     *     (3n·r), and the candidates' Schur-complement columns (n·{@value #CANDIDATES})
     */
    public static long peakDoubles(long n, long rank) {
        return 3 * n * rank + n * CANDIDATES;
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
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw InvalidSettingException.of("tolerance", tolerance, "must be in [0, 1)");
        }
        if (maxRank < 1) {
            throw InvalidSettingException.of("max-rank", maxRank, "must be at least 1");
        }
        return new Run(diagonal, source, tolerance, Math.min(maxRank, diagonal.length), pool).factor();
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
        private final int[] rows;
        /** Panel b holds rows [b·PANEL, b·PANEL + rows[b]) of L: column s is {@code columns[b][s]}. */
        private final double[][][] columns;
        private int capacity;
        /** Candidate columns of the current block per panel, candidate c at {@code schur[b][c]}. */
        private final double[][][] schur;
        private final boolean[] taken;
        private final int[] pivots;
        private int rank;
        private double residual;

        Run(double[] diagonal, Columns source, double tolerance, int cap, Parallelism pool) {
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
            this.rows = new int[panels];
            this.columns = new double[panels][][];
            this.schur = new double[panels][][];
            this.capacity = Math.min(cap, MAX_BLOCK);
            for (int b = 0; b < panels; b++) {
                rows[b] = Math.min(n, (b + 1) * PANEL) - b * PANEL;
                columns[b] = new double[capacity][];
            }
            this.taken = new boolean[n];
            this.pivots = new int[cap];
            this.residual = sum;
        }

        Factor factor() {
            boolean more = true;
            while (more && rank < cap && residual > stop) {
                int[] candidates = predicted(candidates());
                if (candidates.length == 0) {
                    break;
                }
                int first = rank;
                int end = Math.min(cap, first + MAX_BLOCK);
                reserve(end);
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
            return assemble();
        }

        /** Grows the panels' tables of columns to hold at least {@code needed} columns. */
        private void reserve(int needed) {
            if (needed <= capacity) {
                return;
            }
            int grown = Math.min(cap, Math.max(needed, 2 * capacity));
            for (int b = 0; b < panels; b++) {
                columns[b] = Arrays.copyOf(columns[b], grown);
            }
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
         * @param ranked the candidates, largest first, then the largest row outside them (if any)
         * @return the predicted pivots, at least the first candidate
         */
        private int[] predicted(int[] ranked) {
            int m = Math.min(CANDIDATES, ranked.length);
            if (m <= 1) {
                return Arrays.copyOf(ranked, m);
            }
            double outside = ranked.length > CANDIDATES ? d[ranked[CANDIDATES]] : 0.0;
            int t0 = rank;
            double[][] lc = new double[m][t0];
            for (int c = 0; c < m; c++) {
                int p = ranked[c];
                int b = p / PANEL;
                int i = p - b * PANEL;
                for (int s = 0; s < t0; s++) {
                    lc[c][s] = columns[b][s][i];
                }
            }
            double[][] schurCc = new double[m][m];
            double[] one = new double[1];
            for (int c = 0; c < m; c++) {
                for (int e = 0; e <= c; e++) {
                    source.column(ranked[e], ranked[c], ranked[c] + 1, one, -ranked[c]);
                    double v = one[0];
                    double[] x = lc[c];
                    double[] y = lc[e];
                    for (int s = 0; s < t0; s++) {
                        v -= x[s] * y[s];
                    }
                    schurCc[c][e] = v;
                    schurCc[e][c] = v;
                }
            }
            double[] rest = new double[m];
            for (int c = 0; c < m; c++) {
                rest[c] = d[ranked[c]];
            }
            boolean[] chosen = new boolean[m];
            int[] order = new int[m];
            int count = 0;
            int limit = Math.min(m, Math.min(MAX_BLOCK, cap - t0));
            while (count < limit) {
                int best = -1;
                for (int c = 0; c < m; c++) {
                    if (!chosen[c] && rest[c] > 0 && (best < 0 || rest[c] > rest[best]
                            || (rest[c] == rest[best] && ranked[c] < ranked[best]))) {
                        best = c;
                    }
                }
                if (best < 0 || (count > 0 && !(rest[best] > outside))) {
                    break;
                }
                chosen[best] = true;
                order[count++] = ranked[best];
                double inverse = 1.0 / Math.sqrt(rest[best]);
                double[] l = new double[m];
                for (int c = 0; c < m; c++) {
                    l[c] = chosen[c] ? 0.0 : schurCc[c][best] * inverse;
                }
                for (int c = 0; c < m; c++) {
                    if (chosen[c]) {
                        continue;
                    }
                    rest[c] = Math.max(0.0, rest[c] - l[c] * l[c]);
                    double[] row = schurCc[c];
                    for (int e = 0; e < m; e++) {
                        row[e] -= l[c] * l[e];
                    }
                }
            }
            return Arrays.copyOf(order, Math.max(count, 1));
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
         * One pass over the first {@code t0} columns of L: panel by panel, the Schur-complement
         * columns of the candidates, {@code S = K[:, C] − L L[C, :]ᵀ}.
         */
        private void pass(int[] candidates, int t0) {
            int cc = candidates.length;
            if (cc > 0) {
                // −L[C, <t0], so that the product subtracts
                double[] lc = new double[cc * t0];
                for (int c = 0; c < cc; c++) {
                    int p = candidates[c];
                    int b = p / PANEL;
                    int i = p - b * PANEL;
                    for (int s = 0; s < t0; s++) {
                        lc[c * t0 + s] = -columns[b][s][i];
                    }
                }
                pool.forEach(panels, b -> {
                    int len = rows[b];
                    int from = b * PANEL;
                    if (schur[b] == null) {
                        schur[b] = new double[CANDIDATES][];
                    }
                    double[][] s = schur[b];
                    // rows as the blocks need them: where one pivot is predicted at a time (a
                    // kernel whose diagonal is constant, on scalar scores), one row, not 64
                    for (int c = 0; c < cc; c++) {
                        if (s[c] == null) {
                            s[c] = new double[len];
                        }
                    }
                    source.columns(candidates, cc, from, from + len, s, -from);
                    Gemm.multiplyAdd(cc, 0, len, t0, lc, 0, t0, columns[b], 0, s, 0);
                });
            }
        }

        /** Step {@code rank}: column t from candidate c's Schur column and the block's columns [t0, t). */
        private void step(int p, int c, int t0) {
            int t = rank;
            int pb = p / PANEL;
            int pi = p - pb * PANEL;
            double pivot = d[p];
            double inverse = 1.0 / Math.sqrt(pivot);
            int w = t - t0;
            double[] coefficient = new double[w];
            for (int u = 0; u < w; u++) {
                coefficient[u] = -columns[pb][t0 + u][pi];
            }
            taken[p] = true;
            int tasks = (panels + STEP_PANELS - 1) / STEP_PANELS;
            double[] partialResidual = new double[panels];
            pool.forEach(tasks, task -> {
                for (int b = task * STEP_PANELS; b < Math.min(panels, (task + 1) * STEP_PANELS); b++) {
                    int len = rows[b];
                    int from = b * PANEL;
                    double[] column = schur[b][c].clone();
                    if (w > 0) {
                        Gemm.multiplyAdd(1, 0, len, w, coefficient, 0, w, columns[b], t0, new double[][] {column}, 0);
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
                    columns[b][t] = column;
                    partialResidual[b] = sum;
                }
            });
            columns[pb][t][pi] = Math.sqrt(pivot);
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
            double[] out = new double[rank * n];
            for (int b = 0; b < panels; b++) {
                for (int s = 0; s < rank; s++) {
                    System.arraycopy(columns[b][s], 0, out, s * n + b * PANEL, rows[b]);
                }
            }
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
