package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;

/**
 * The pivoted (incomplete) Cholesky factorisation {@code K ≈ L Lᵀ} of a symmetric positive
 * semi-definite matrix given by its diagonal and its columns on demand (Harbrecht, Peters and
 * Schneider, Appl. Numer. Math. 62, 2012). Each step takes the largest remaining diagonal entry
 * of the Schur complement as pivot (the lowest index on ties), so the rank-r factor is the Nyström approximation on the r pivot columns and the residual
 * {@code K − LLᵀ} is positive semi-definite with trace equal to the sum of the remaining
 * diagonal.
 *
 * <p>The Gram matrix LᵀL, which the eigendecomposition of the factor needs, is accumulated in
 * the same passes over L. Stops when that trace is at most {@code tolerance · tr(K)}, when the rank reaches the cap,
 * or when no positive diagonal entry is left. Cost: O(n r²) flops and n·r column entries;
 * memory n·r.
 */
public final class PivotedCholesky {
    private static final int ROW_BLOCK = 1024;

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
    }

    /**
     * The factor.
     *
     * @param size          n
     * @param rank          r
     * @param pivots        the pivot rows in order of selection, r values
     * @param columns       L, column t at {@code [t·n, (t+1)·n)}; entries at earlier pivots are exactly 0
     * @param gram          LᵀL, r × r row-major, exactly symmetric (taken while factoring)
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
     * Factors K.
     *
     * @param diagonal  the diagonal of K, n non-negative values; not modified
     * @param source    the columns of K
     * @param tolerance the relative trace tolerance, in [0, 1)
     * @param maxRank   the cap on r, at least 1
     * @param pool      the pool the row blocks run on
     * @return the factor
     */
    public static Factor of(double[] diagonal, Columns source, double tolerance, int maxRank, Parallelism pool) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw InvalidSettingException.of("tolerance", tolerance, "must be in [0, 1)");
        }
        if (maxRank < 1) {
            throw InvalidSettingException.of("max-rank", maxRank, "must be at least 1");
        }
        int n = diagonal.length;
        int cap = Math.min(maxRank, n);
        double[] d = diagonal.clone();
        double trace = 0;
        for (double v : d) {
            trace += v;
        }
        // L is stored by panels of ROW_BLOCK rows, each panel's columns contiguous, so that a
        // step streams each panel sequentially; panels grow with the rank (the cap is a bound)
        int blocks = (n + ROW_BLOCK - 1) / ROW_BLOCK;
        double[][] panel = new double[blocks][];
        int[] rows = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            rows[b] = Math.min(n, (b + 1) * ROW_BLOCK) - b * ROW_BLOCK;
            panel[b] = new double[rows[b] * Math.min(cap, 64)];
        }
        int[] pivots = new int[cap];
        boolean[] taken = new boolean[n];
        double[][] gram = new double[cap][];
        double residual = trace;
        int rank = 0;
        double stop = tolerance * trace;
        while (rank < cap && residual > stop) {
            int p = -1;
            double best = 0;
            for (int j = 0; j < n; j++) {
                if (!taken[j] && d[j] > best) {
                    best = d[j];
                    p = j;
                }
            }
            if (p < 0) {
                break;
            }
            int t = rank;
            if ((t + 1) * rows[0] > panel[0].length) {
                int columns = Math.min(cap, Math.max(2 * (panel[0].length / rows[0]), t + 1));
                for (int b = 0; b < blocks; b++) {
                    panel[b] = java.util.Arrays.copyOf(panel[b], rows[b] * columns);
                }
            }
            double[] coefficient = new double[t];
            int pb = p / ROW_BLOCK;
            int pi = p - pb * ROW_BLOCK;
            for (int s = 0; s < t; s++) {
                coefficient[s] = panel[pb][s * rows[pb] + pi];
            }
            double inverse = 1.0 / Math.sqrt(best);
            int pivot = p;
            // while streaming the earlier columns, also take their products with column t − 1,
            // which is final now: row t − 1 of LᵀL, in per-panel partial sums added in panel order
            double[] partial = new double[blocks * Math.max(t, 1)];
            pool.forEach(blocks, b -> {
                double[] l = panel[b];
                int len = rows[b];
                int from = b * ROW_BLOCK;
                int base = t * len;
                int previous = (t - 1) * len;
                source.column(pivot, from, from + len, l, base - from);
                for (int s = 0; s < t; s++) {
                    double c = coefficient[s];
                    int col = s * len;
                    // Four partial sums break the dependency chain of one running sum (the loop
                    // is otherwise bound by the latency of the additions); their order is fixed.
                    double dot0 = 0;
                    double dot1 = 0;
                    double dot2 = 0;
                    double dot3 = 0;
                    int i = 0;
                    for (; i + 3 < len; i += 4) {
                        double v0 = l[col + i];
                        double v1 = l[col + i + 1];
                        double v2 = l[col + i + 2];
                        double v3 = l[col + i + 3];
                        dot0 += v0 * l[previous + i];
                        dot1 += v1 * l[previous + i + 1];
                        dot2 += v2 * l[previous + i + 2];
                        dot3 += v3 * l[previous + i + 3];
                        l[base + i] -= c * v0;
                        l[base + i + 1] -= c * v1;
                        l[base + i + 2] -= c * v2;
                        l[base + i + 3] -= c * v3;
                    }
                    for (; i < len; i++) {
                        double v = l[col + i];
                        dot0 += v * l[previous + i];
                        l[base + i] -= c * v;
                    }
                    partial[b * t + s] = (dot0 + dot1) + (dot2 + dot3);
                }
                for (int i = 0; i < len; i++) {
                    l[base + i] = taken[from + i] ? 0.0 : l[base + i] * inverse;
                }
            });
            if (t > 0) {
                gram[t - 1] = new double[t];
                for (int s = 0; s < t; s++) {
                    double g = 0;
                    for (int b = 0; b < blocks; b++) {
                        g += partial[b * t + s];
                    }
                    gram[t - 1][s] = g;
                }
            }
            panel[pb][t * rows[pb] + pi] = Math.sqrt(best);
            taken[p] = true;
            pivots[t] = p;
            d[p] = 0;
            residual = 0;
            for (int b = 0; b < blocks; b++) {
                double[] l = panel[b];
                int base = t * rows[b];
                int from = b * ROW_BLOCK;
                for (int i = 0; i < rows[b]; i++) {
                    if (!taken[from + i]) {
                        double v = l[base + i];
                        d[from + i] = Math.max(0.0, d[from + i] - v * v);
                        residual += d[from + i];
                    }
                }
            }
            rank++;
        }
        double[] columns = new double[rank * n];
        for (int b = 0; b < blocks; b++) {
            for (int s = 0; s < rank; s++) {
                System.arraycopy(panel[b], s * rows[b], columns, s * n + b * ROW_BLOCK, rows[b]);
            }
        }
        if (rank > 0) {
            int last = (rank - 1) * n;
            gram[rank - 1] = new double[rank];
            for (int s = 0; s < rank; s++) {
                double g = 0;
                for (int b = 0; b < blocks; b++) {
                    double block = 0;
                    int from = b * ROW_BLOCK;
                    for (int i = 0; i < rows[b]; i++) {
                        block += columns[s * n + from + i] * columns[last + from + i];
                    }
                    g += block;
                }
                gram[rank - 1][s] = g;
            }
        }
        double[] g = new double[rank * rank];
        for (int a = 0; a < rank; a++) {
            for (int s = 0; s <= a; s++) {
                g[a * rank + s] = gram[a][s];
                g[s * rank + a] = gram[a][s];
            }
        }
        return new Factor(n, rank, java.util.Arrays.copyOf(pivots, rank), columns, g, trace, residual);
    }
}
