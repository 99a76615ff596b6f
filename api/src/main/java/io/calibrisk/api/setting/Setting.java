package io.calibrisk.api.setting;

import io.calibrisk.api.InvalidSettingException;

/**
 * A named estimator setting that is not tuned, e.g. the kernel of kernel ridge regression.
 * Users give it as {@code --set ESTIMATOR.NAME=VALUE}; calibrisk parses and checks the value
 * with the setting's {@link ValueType} before any work and hands the estimator the typed value
 * through {@link SettingValues}.
 *
 * @param name         the setting's name, free text without {@code '='}, {@code ','} or white
 *                     space, e.g. {@code max-rank}
 * @param type         the type and domain of its values
 * @param defaultValue its default, as text, within the domain
 * @param description  what it means, one line
 * @since 1.0
 */
public record Setting(String name, ValueType type, String defaultValue, String description) {

    /**
     * @throws InvalidSettingException if the name is blank or holds '=', ',' or white space,
     *     the type is missing, or the default is outside the domain
     */
    public Setting {
        if (name == null || name.isBlank() || !name.strip().equals(name) || name.indexOf('=') >= 0
                || name.indexOf(',') >= 0 || name.chars().anyMatch(Character::isWhitespace)) {
            throw InvalidSettingException.of("setting name", name, "must be non-empty, without '=', ',' or white space");
        }
        if (type == null) {
            throw InvalidSettingException.of("setting " + name + " type", null, "must be given");
        }
        if (defaultValue == null) {
            throw InvalidSettingException.of("setting " + name + " default", null, "must be given");
        }
        type.parse(name + " (default)", defaultValue);
        description = description == null ? "" : description;
    }
}
