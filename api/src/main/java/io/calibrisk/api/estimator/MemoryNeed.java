package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * The working memory an estimator needs for one training fold, beyond the data the pipeline
 * holds itself, and what a user can change when it does not fit.
 *
 * @param bytes  the estimated peak bytes while one fold is prepared, fitted and evaluated
 * @param advice a setting that would need less, e.g. {@code --set kkr.mode=fast}; empty if none
 *
 * @since 1.0
 */
public record MemoryNeed(long bytes, String advice) {

    /** No memory worth counting. */
    public static final MemoryNeed NONE = new MemoryNeed(0, "");

    /**
     * @throws InvalidSettingException if bytes is negative
     */
    public MemoryNeed {
        if (bytes < 0) {
            throw InvalidSettingException.of("bytes", bytes, "must not be negative");
        }
        advice = advice == null ? "" : advice;
    }
}
