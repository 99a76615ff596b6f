package io.calibrisk.estimators.binning;

import io.calibrisk.api.data.Points;

/**
 * The sorted order of the point sets one fold's functions are evaluated on (its evaluation fold
 * and the test split), made once per fold rather than once per grid point. Equal-mass edges
 * crowd where class-wise scores pile up near 0, into the few buckets of {@link BinLookup} that
 * hold those scores, and each point then cost a binary search among most of the edges at every
 * grid point. With the order, a grid point's bins are one merging pass over the sorted points
 * and the edges ({@link SortedPoints#bins}), O(n + M), exactly the lookup's bins.
 *
 * <p>Sets are recognised by identity: the pipeline scores every grid point of a fold on the
 * same evaluation and test sets. The last {@value #KEPT} sets are kept, 12 bytes per point
 * each, for as long as the fold's preparation.
 */
final class QueryOrders {
    /** Sets kept: the evaluation fold and the test split, with room for a caller's own. */
    static final int KEPT = 4;
    /** Sets smaller than this are looked up point by point: sorting them would save nothing. */
    static final int SMALL = 64;

    private final Points[] sets = new Points[KEPT];
    private final SortedPoints[] orders = new SortedPoints[KEPT];
    private int next;
    private int sorted;

    /**
     * @param points scalar points
     * @return their order, made at the first call for this very set
     */
    synchronized SortedPoints of(Points points) {
        for (int i = 0; i < KEPT; i++) {
            if (sets[i] == points) {
                return orders[i];
            }
        }
        SortedPoints order = SortedPoints.of(points.toArray());
        sorted++;
        sets[next] = points;
        orders[next] = order;
        next = (next + 1) % KEPT;
        return order;
    }

    /** @return how many sets were sorted so far: each kept set once (for tests) */
    synchronized int sorted() {
        return sorted;
    }
}
