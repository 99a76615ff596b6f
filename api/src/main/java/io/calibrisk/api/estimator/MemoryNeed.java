package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * The working memory an estimator needs for one training fold, beyond the data the pipeline
 * holds itself, and what a user can change when it does not fit.
 *
 * <p>The pipeline counts an estimator's need as {@code folds × (data + bytes) + threads ×
 * threadBytes} for as many folds at once as it runs, with the run's threads
 * ({@link Parallelism#threads()} of the estimator's context): what a fold holds while it is
 * prepared, fitted and evaluated, and what each thread needs while it works on a fit, the work
 * that runs on every thread of the pool whatever the folds at once.
 *
 * @param bytes       the estimated peak bytes a fold holds while it is prepared, fitted and
 *                    evaluated
 * @param advice      a setting that would need less, e.g. {@code --set kkr.mode=fast}; empty if none
 * @param threadBytes the estimated peak bytes of one thread's work on a fold beyond what the fold
 *                    holds (a fit's working space); 0 where that is small (since 1.7)
 *
 * @since 1.0
 */
public record MemoryNeed(long bytes, String advice, long threadBytes) {

    /** No memory worth counting. */
    public static final MemoryNeed NONE = new MemoryNeed(0, "");

    /**
     * @throws InvalidSettingException if bytes or threadBytes is negative
     */
    public MemoryNeed {
        if (bytes < 0) {
            throw InvalidSettingException.of("bytes", bytes, "must not be negative");
        }
        if (threadBytes < 0) {
            throw InvalidSettingException.of("threadBytes", threadBytes, "must not be negative");
        }
        advice = advice == null ? "" : advice;
    }

    /**
     * A need with no working space per thread.
     *
     * @param bytes  the estimated peak bytes a fold holds
     * @param advice a setting that would need less; empty if none
     * @throws InvalidSettingException if bytes is negative
     */
    public MemoryNeed(long bytes, String advice) {
        this(bytes, advice, 0);
    }
}
