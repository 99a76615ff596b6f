package io.calibrisk.pipeline.evaluation;

/**
 * Receives progress of a run: one step is one fit (one fold, one component, one point) with
 * its risk and estimate. Called from worker threads; implementations must be thread-safe and
 * quick.
 */
@FunctionalInterface
public interface Progress {

    /** Ignores every event. */
    Progress NONE = event -> { };

    /**
     * @param event what was just completed
     */
    void update(Event event);

    /**
     * An estimator's search begins: until its first step completes (a long fold can take
     * minutes), this is how a listener knows which estimator is running.
     *
     * @param estimator      the estimator
     * @param estimatorIndex its position among the run's estimators, from 0
     * @param estimators     the number of estimators in the run
     */
    default void started(String estimator, int estimatorIndex, int estimators) {
    }

    /**
     * @param estimator      the estimator being run
     * @param estimatorIndex its position among the run's estimators, from 0
     * @param estimators     the number of estimators in the run
     * @param fold           the fold just completed a step on
     * @param gridPoint      the point just completed, as its index in the order the search
     *                       evaluated its points (under {@code grid}: the grid's order)
     * @param completed      the steps completed for this estimator so far
     * @param total          the steps this estimator takes in all, as far as known: a strategy
     *                       that searches in rounds adds each round's steps when it starts it
     * @param folds          the search's folds (each prepares once, then fits its steps), or 0
     *                       where not known
     * @param threads        the threads the search runs its folds on, or 0 where not known
     */
    record Event(String estimator, int estimatorIndex, int estimators, int fold, int gridPoint,
                 long completed, long total, int folds, int threads) {
        /** An event whose folds and threads are not known. */
        public Event(String estimator, int estimatorIndex, int estimators, int fold, int gridPoint,
                     long completed, long total) {
            this(estimator, estimatorIndex, estimators, fold, gridPoint, completed, total, 0, 0);
        }
    }
}
