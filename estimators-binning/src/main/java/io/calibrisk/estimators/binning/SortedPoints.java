package io.calibrisk.estimators.binning;

import java.util.Arrays;

/**
 * A training fold's points in ascending order ({@link Double#compare}'s), and for each point a
 * position in that order holding its value. The bins of all training points under one set of
 * edges then come from one merging pass over the sorted points and the edges, O(n + M), rather
 * than a search per point: class-wise scores pile up near 0, where equal-mass edges crowd into a
 * few buckets of {@link BinLookup} and each point's search took O(log M). The bins are exactly
 * {@link BinLookup#bin}'s: the number of edges strictly below the point, 0 for NaN. Memory and
 * set-up: O(n) and O(n log n), once per fold.
 */
final class SortedPoints {
    private final double[] sorted;
    /** For each point, in the training order, a position in {@link #sorted} with its value. */
    private final int[] position;

    private SortedPoints(double[] sorted, int[] position) {
        this.sorted = sorted;
        this.position = position;
    }

    /** @param z the training points (not modified) */
    static SortedPoints of(double[] z) {
        double[] sorted = z.clone();
        Arrays.sort(sorted);
        int[] position = new int[z.length];
        for (int i = 0; i < z.length; i++) {
            position[i] = Arrays.binarySearch(sorted, z[i]);
        }
        return new SortedPoints(sorted, position);
    }

    /** @return the points, ascending (shared; do not modify) */
    double[] values() {
        return sorted;
    }

    /**
     * @param innerEdges e_1..e_{M−1}, non-decreasing, not NaN
     * @return for every point, in the training order, the number of edges strictly below it (0
     *     for NaN): the edges below a point are a prefix, and it only grows along sorted points
     */
    int[] bins(double[] innerEdges) {
        int[] ofSorted = new int[sorted.length];
        int below = 0;
        for (int s = 0; s < sorted.length; s++) {
            double value = sorted[s];
            while (below < innerEdges.length && innerEdges[below] < value) {
                below++;
            }
            // NaN sorts last, above every edge, yet no edge is below it
            ofSorted[s] = Double.isNaN(value) ? 0 : below;
        }
        int[] out = new int[position.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = ofSorted[position[i]];
        }
        return out;
    }
}
