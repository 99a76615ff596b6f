package io.calibrisk.pipeline.evaluation;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the steps of one estimator's search for a {@link Progress} listener. The total grows
 * as a strategy asks for more rounds; under {@code grid} it is known from the start.
 */
final class ProgressTracker {
    private final Progress progress;
    private final String estimator;
    private final int index;
    private final int count;
    private final AtomicLong completed = new AtomicLong();
    private volatile long total;
    private volatile int folds;
    private volatile int threads;
    private volatile boolean stopped;

    /**
     * @param progress  the listener
     * @param estimator the estimator being searched
     * @param index     its position among the run's estimators
     * @param count     the number of estimators in the run
     */
    ProgressTracker(Progress progress, String estimator, int index, int count) {
        this.progress = progress;
        this.estimator = estimator;
        this.index = index;
        this.count = count;
    }

    /** Announces that the estimator's search begins. */
    void start() {
        progress.started(estimator, index, count);
    }

    /**
     * Silences this tracker: the estimator was stopped for its time limit, and steps its
     * abandoned threads may still complete would name it as running again.
     */
    void stop() {
        stopped = true;
    }

    /**
     * Announces a round; called between rounds, by one thread.
     *
     * @param folds   the folds
     * @param threads the threads the folds run on
     * @param steps   the round's fits: folds × components × points
     */
    void plan(int folds, int threads, long steps) {
        this.folds = folds;
        this.threads = threads;
        total += steps;
    }

    /**
     * @param fold  the fold a fit was completed on
     * @param point the point's index in the search's order
     */
    void step(int fold, int point) {
        if (stopped) {
            return;
        }
        progress.update(new Progress.Event(estimator, index, count, fold, point, completed.incrementAndGet(), total, folds, threads));
    }
}
