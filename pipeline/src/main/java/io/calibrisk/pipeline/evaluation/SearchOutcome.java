package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;

import java.util.List;

/**
 * What the fold runner learned about one estimator: every point its search evaluated, in order,
 * or why it failed.
 *
 * @param estimator the estimator
 * @param points    every point evaluated, in the order first evaluated; empty if it failed
 * @param failure   null on success; otherwise the plain problem, one line
 * @param seconds   the wall-clock time of its search
 */
record SearchOutcome(PlannedEstimator estimator, List<EvaluatedPoint> points, String failure, double seconds) {

    SearchOutcome {
        points = List.copyOf(points);
    }

    /**
     * @param estimator the estimator
     * @param seconds   the time spent before it failed
     * @param failure   what went wrong
     * @return a failed outcome
     */
    static SearchOutcome failed(PlannedEstimator estimator, double seconds, String failure) {
        return new SearchOutcome(estimator, List.of(), failure, seconds);
    }

    /** @return true if the estimator failed */
    boolean failed() {
        return failure != null;
    }
}
