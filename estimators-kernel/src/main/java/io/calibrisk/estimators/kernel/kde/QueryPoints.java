package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Points;

/**
 * Query points merged where identical, bandwidth-free, in the kernel's terms. For the
 * exponential form: per distinct query its statistics {@code s(x)}, with 0 stored in place of
 * each {@code s_k(x) = −∞} and the list of such infinite statistics kept apart. An infinite
 * statistic contributes 0 against a centre whose {@code u_k} is 0 (0·log 0 = 0) and kills the
 * kernel (log −∞) against a centre whose {@code u_k} is positive; the evaluation applies the
 * latter from the list. For the pairwise evaluation: the distinct points themselves. Memory
 * O(n'·q).
 */
final class QueryPoints {
    private static final int[] NONE = new int[0];

    private final int width;
    private final double[] values;
    private final int[][] infinite;
    private final int[] groupOf;
    private final long[] multiplicity;

    private QueryPoints(int width, double[] values, int[][] infinite, int[] groupOf, long[] multiplicity) {
        this.width = width;
        this.values = values;
        this.infinite = infinite;
        this.groupOf = groupOf;
        this.multiplicity = multiplicity;
    }

    /**
     * @param points n' query points of a notion
     * @param kernel the density kernel
     * @return the distinct queries in the kernel's terms
     * @throws io.calibrisk.api.InvalidInputException if a point lies outside the kernel's domain
     */
    static QueryPoints of(Points points, KdeKernel kernel) {
        int m = points.dimension();
        kernel.checkDomain(points, "query points");
        DistinctRows distinct = DistinctRows.of(points.toArray(), points.size(), m);
        int n = distinct.count();
        int width = kernel.width(m);
        double[] values;
        int[][] infinite = new int[n][];
        // each loop over the points in a method of its own: run a few dozen times over thousands
        // of points, a loop has the compiler compile its method from the loop's entry, and only
        // the loop should be compiled, not all of this method each time
        if (kernel.exponential()) {
            values = new double[n * width];
            statistics(distinct, m, kernel, values, infinite);
        } else {
            values = distinct.rows();
            java.util.Arrays.fill(infinite, NONE);
        }
        return new QueryPoints(width, values, infinite, distinct.groupOf(), multiplicity(distinct));
    }

    /** Fills the statistics of the distinct points, 0 in place of −∞, and their lists of infinite ones. */
    private static void statistics(DistinctRows distinct, int m, KdeKernel kernel, double[] values, int[][] infinite) {
        int width = kernel.width(m);
        double[] x = new double[m];
        double[] s = new double[width];
        for (int i = 0; i < infinite.length; i++) {
            System.arraycopy(distinct.rows(), i * m, x, 0, m);
            kernel.pointStatistics(x, s);
            int count = 0;
            for (int k = 0; k < width; k++) {
                if (s[k] == Double.NEGATIVE_INFINITY) {
                    count++;
                } else {
                    values[i * width + k] = s[k];
                }
            }
            infinite[i] = count == 0 ? NONE : infiniteList(s, count);
        }
    }

    private static long[] multiplicity(DistinctRows distinct) {
        long[] multiplicity = new long[distinct.count()];
        for (int group : distinct.groupOf()) {
            multiplicity[group]++;
        }
        return multiplicity;
    }

    private static int[] infiniteList(double[] s, int count) {
        int[] list = new int[count];
        int at = 0;
        for (int k = 0; k < s.length; k++) {
            if (s[k] == Double.NEGATIVE_INFINITY) {
                list[at++] = k;
            }
        }
        return list;
    }

    /** @return the number of distinct queries */
    int size() {
        return infinite.length;
    }

    /** @return the numbers per query: q statistics, or m coordinates for the pairwise evaluation */
    int width() {
        return width;
    }

    /**
     * @return per distinct query, row-major: its statistics with 0 in place of −∞ (exponential
     *     form), or its point (pairwise evaluation)
     */
    double[] values() {
        return values;
    }

    /**
     * @param row a distinct query
     * @return the indices k of its statistics {@code s_k = −∞} (shared; do not modify)
     */
    int[] infinite(int row) {
        return infinite[row];
    }

    /**
     * @param row a distinct query
     * @return how many of the original queries it stands for
     */
    long multiplicity(int row) {
        return multiplicity[row];
    }

    /** @return for every original query, its distinct query (shared; do not modify) */
    int[] groupOf() {
        return groupOf;
    }
}
