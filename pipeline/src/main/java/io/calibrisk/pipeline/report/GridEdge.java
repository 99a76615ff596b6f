package io.calibrisk.pipeline.report;

/**
 * An estimator's chosen point lies at an edge of what its search evaluated on one axis: the
 * risk may still fall beyond it, so the optimum may lie outside the grid. Reports flag it with
 * the advice to widen the grid.
 *
 * @param axis  the axis, e.g. {@code bandwidth}
 * @param value the chosen value, the smallest or largest evaluated on that axis
 * @param upper true at the largest value, false at the smallest
 */
public record GridEdge(String axis, double value, boolean upper) {

    /** @return {@code largest} or {@code smallest} */
    public String side() {
        return upper ? "largest" : "smallest";
    }
}
