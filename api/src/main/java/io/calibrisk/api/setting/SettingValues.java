package io.calibrisk.api.setting;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An estimator's settings for one run, every one declared, parsed, checked against its domain
 * and with its default resolved before the estimator is created: integers as {@link Long},
 * reals as {@link Double}, choices as {@link String}, kernels as the kernel plugins themselves.
 *
 * @param values setting name → typed value, in declaration order
 * @since 1.0
 */
public record SettingValues(Map<String, Object> values) {

    /** Copies the map, keeping its order. */
    public SettingValues {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** @return no settings */
    public static SettingValues none() {
        return new SettingValues(Map.of());
    }

    /**
     * @param name an integer setting
     * @return its value
     * @throws InvalidSettingException if there is no such integer setting
     */
    public long integer(String name) {
        return get(name, Long.class);
    }

    /**
     * @param name a real setting
     * @return its value
     * @throws InvalidSettingException if there is no such real setting
     */
    public double real(String name) {
        return get(name, Double.class);
    }

    /**
     * @param name a choice setting
     * @return the chosen name
     * @throws InvalidSettingException if there is no such choice setting
     */
    public String choice(String name) {
        return get(name, String.class);
    }

    /**
     * @param name a setting of type {@link ValueType#densityKernel()}
     * @return the kernel
     * @throws InvalidSettingException if there is no such setting
     */
    public DensityKernel densityKernel(String name) {
        return get(name, DensityKernel.class);
    }

    /**
     * @param name a setting of type {@link ValueType#positiveDefiniteKernel()}
     * @return the kernel
     * @throws InvalidSettingException if there is no such setting
     */
    public PositiveDefiniteKernel positiveDefiniteKernel(String name) {
        return get(name, PositiveDefiniteKernel.class);
    }

    private <T> T get(String name, Class<T> type) {
        Object value = values.get(name);
        if (!type.isInstance(value)) {
            throw InvalidSettingException.of("setting", name, value == null ? "was not declared or resolved"
                    : "holds a " + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
        }
        return type.cast(value);
    }
}
