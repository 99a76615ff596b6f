package io.calibrisk.pipeline.io;

/**
 * What the class columns of an input hold.
 */
public enum Scores {
    /** Probabilities: finite, non-negative, each row summing to 1 within a tolerance. */
    PROBABILITIES,
    /** Logits of any sign and scale, turned into probabilities by a numerically stable softmax. */
    LOGITS;

    /**
     * @param logits whether the columns hold logits, as a command-line flag says
     * @return {@link #LOGITS} or {@link #PROBABILITIES}
     */
    public static Scores of(boolean logits) {
        return logits ? LOGITS : PROBABILITIES;
    }
}
