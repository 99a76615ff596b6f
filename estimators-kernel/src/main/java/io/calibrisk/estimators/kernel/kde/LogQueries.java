package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Points;

/**
 * Query points in log space, bandwidth-free, merged where identical: per distinct query,
 * {@code log x_ik} of its kernel coordinates with 0 stored where {@code x_ik = 0}, and the list
 * of such zero coordinates. A zero coordinate contributes 0·log 0 = 0 against a centre whose
 * coordinate is also 0, and kills the kernel (log −∞) against a centre whose coordinate is
 * positive; the evaluation applies the latter from the list. Memory O(n'·D).
 */
final class LogQueries {
    private static final int[] NONE = new int[0];

    private final int coordinates;
    private final double[] logs;
    private final int[][] zeros;
    private final int[] groupOf;
    private final long[] multiplicity;

    private LogQueries(int coordinates, double[] logs, int[][] zeros, int[] groupOf, long[] multiplicity) {
        this.coordinates = coordinates;
        this.logs = logs;
        this.zeros = zeros;
        this.groupOf = groupOf;
        this.multiplicity = multiplicity;
    }

    /**
     * @param points n' query points of a notion
     * @param space  the kernel's space
     * @return their log coordinates
     */
    static LogQueries of(Points points, KernelSpace space) {
        int dims = space.coordinates(points.dimension());
        DistinctRows distinct = DistinctRows.of(space.coordinates(points, "query points"), points.size(), dims);
        int n = distinct.count();
        double[] x = distinct.rows();
        double[] logs = new double[x.length];
        int[][] zeros = new int[n][];
        for (int i = 0; i < n; i++) {
            int count = 0;
            for (int k = 0; k < dims; k++) {
                double v = x[i * dims + k];
                if (v == 0) {
                    count++;
                } else {
                    logs[i * dims + k] = Math.log(v);
                }
            }
            zeros[i] = count == 0 ? NONE : zeroList(x, i * dims, dims, count);
        }
        long[] multiplicity = new long[n];
        for (int group : distinct.groupOf()) {
            multiplicity[group]++;
        }
        return new LogQueries(dims, logs, zeros, distinct.groupOf(), multiplicity);
    }

    private static int[] zeroList(double[] x, int offset, int dims, int count) {
        int[] list = new int[count];
        int at = 0;
        for (int k = 0; k < dims; k++) {
            if (x[offset + k] == 0) {
                list[at++] = k;
            }
        }
        return list;
    }

    /** @return the number of distinct queries */
    int size() {
        return zeros.length;
    }

    int coordinates() {
        return coordinates;
    }

    /** @return the log coordinates of the distinct queries, row-major, 0 in place of log 0 */
    double[] logs() {
        return logs;
    }

    /**
     * @param row a distinct query
     * @return its coordinates that are exactly 0 (shared; do not modify)
     */
    int[] zeros(int row) {
        return zeros[row];
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
