package io.calibrisk.pipeline.report;

import java.util.List;

/**
 * A binning estimator's bins at its chosen point, tabulated on the test split: what a classic
 * reliability diagram draws, one point per bin (mean confidence, mean accuracy) with its count.
 * The bins are the fold models' (their inner edges averaged over folds; equal-width bins are
 * the same in every fold); bin b holds {@code (lower, upper]}, the first also its lower edge.
 *
 * @param label what the bins are of: {@code top-label} or {@code class k}
 * @param bins  the bins in increasing order, empty ones included
 */
public record BinTable(String label, List<Bin> bins) {

    /** Copies the list. */
    public BinTable {
        bins = List.copyOf(bins);
    }

    /**
     * One bin.
     *
     * @param lower      its lower edge
     * @param upper      its upper edge
     * @param count      the number of test samples in it
     * @param confidence the mean of their z (NaN, written as null, when empty)
     * @param accuracy   the mean of their targets t (NaN when empty)
     */
    public record Bin(double lower, double upper, int count, double confidence, double accuracy) {
    }

    /** @return the number of test samples over all bins */
    public int total() {
        return bins.stream().mapToInt(Bin::count).sum();
    }
}
