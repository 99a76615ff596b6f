package io.calibrisk.estimators.binning;

/**
 * The bin of a point under the (e_b, e_{b+1}] rule, the number of inner edges strictly below
 * it, in expected O(1) rather than O(log M): [0, 1] is cut into equal buckets, and a point's count is
 * the edges of the buckets below its own plus a binary search among the edges of its own
 * bucket. Class-wise fits bin every training point at every grid point, and a search over all
 * edges was most of their time.
 *
 * <p>Exact, not approximate: the bucket {@code ⌊z·L⌋} (clamped to [0, L − 1]) never decreases
 * as z grows, so an edge in a lower bucket than z's is below z, one in a higher bucket is above
 * it, and the edges of z's bucket are one run of the sorted edges. A NaN point falls in the
 * first bucket and counts no edge, as a binary search over all edges would. Memory and set-up: O(M + L) with
 * {@code L = min(4M, 65536)} buckets.
 */
final class BinLookup {
    /** Buckets per bin. */
    static final int BUCKETS_PER_BIN = 4;
    /** The most buckets, so that a million bins need no more than a quarter of a megabyte here. */
    static final int MAX_BUCKETS = 1 << 16;

    private final double[] innerEdges;
    private final int buckets;
    /** {@code below[k]}: the number of edges in buckets before k, k = 0..L. */
    private final int[] below;

    /** @param innerEdges e_1..e_{M−1}, non-decreasing, not NaN (not copied) */
    BinLookup(double[] innerEdges) {
        this.innerEdges = innerEdges;
        this.buckets = Math.min(MAX_BUCKETS, BUCKETS_PER_BIN * (innerEdges.length + 1));
        this.below = new int[buckets + 1];
        for (double edge : innerEdges) {
            below[bucket(edge) + 1]++;
        }
        for (int k = 1; k <= buckets; k++) {
            below[k] += below[k - 1];
        }
    }

    int buckets() {
        return buckets;
    }

    /** @return the bucket of z, {@code ⌊z·L⌋} clamped to [0, L − 1] (0 for NaN) */
    int bucket(double z) {
        return Math.max(0, Math.min(buckets - 1, (int) (z * buckets)));
    }

    /**
     * @param z a point
     * @return the number of inner edges strictly below z
     */
    int bin(double z) {
        int k = bucket(z);
        int lo = below[k];
        int hi = below[k + 1];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (innerEdges[mid] < z) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
