package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * A named estimator setting that is not tuned, e.g. the kernel of kernel ridge regression.
 *
 * @param name         the setting's name, e.g. {@code kernel}
 * @param defaultValue its default, as text
 * @param description  what it means
 */
public record Setting(String name, String defaultValue, String description) {

    /**
     * @throws InvalidSettingException if the name is blank
     */
    public Setting {
        if (name == null || name.isBlank()) {
            throw InvalidSettingException.of("setting name", name, "must not be blank");
        }
    }
}
