package io.calibrisk.api.kernel;

import io.calibrisk.api.data.Notion;

/**
 * Where a kernel's arguments live. A kernel serves a notion when the notion's points lie in
 * its domain: scalar notions (top-label, class-wise) have points in [0, 1], canonical
 * calibration has probability vectors.
 *
 * @since 1.0
 */
public enum KernelDomain {
    /** Scalars in [0, 1], passed as arrays of length 1. */
    UNIT_INTERVAL,
    /** Probability vectors: non-negative entries summing to one. */
    SIMPLEX,
    /** Any real vectors. */
    EUCLIDEAN;

    /**
     * @param notion a notion
     * @return whether every point of the notion lies in this domain
     */
    public boolean serves(Notion notion) {
        switch (this) {
            case EUCLIDEAN:
                return true;
            case SIMPLEX:
                return notion == Notion.CANONICAL;
            case UNIT_INTERVAL:
                return notion != Notion.CANONICAL;
            default:
                throw new AssertionError(this);
        }
    }

    /** @return the domain's name in messages, e.g. {@code unit-interval} */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
