package io.calibrisk.estimators.kkr;

import io.calibrisk.api.InvalidSettingException;

import java.util.Locale;

/** How a training fold's kernel matrix is factored. */
public enum Mode {
    /** A pivoted Cholesky (Nyström) factor of relative trace tolerance and capped rank: O(n r²). */
    FAST,
    /** The full symmetric eigendecomposition of the n × n kernel matrix: O(n³). */
    EXACT;

    /**
     * @param estimator the estimator's name, for messages
     * @param text      {@code fast} or {@code exact}, any case
     * @return the mode
     * @throws InvalidSettingException if the text names no mode
     */
    public static Mode parse(String estimator, String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        for (Mode mode : values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(key)) {
                return mode;
            }
        }
        throw InvalidSettingException.of(estimator + ".mode", text, "expected fast or exact");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
