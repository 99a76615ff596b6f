package io.calibrisk.api.search;

import io.calibrisk.api.InvalidSettingException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One grid point of a search space.
 *
 * @param reported  name → value as reports show it (e.g. {@code lambda} → the constant c)
 * @param effective name → value the estimator uses (e.g. {@code lambda} → c·n^1.5)
 *
 * @since 1.0
 */
public record Hyperparameters(Map<String, Double> reported, Map<String, Double> effective) {

    /**
     * @throws InvalidSettingException if the two maps name different hyperparameters
     */
    public Hyperparameters {
        if (!reported.keySet().equals(effective.keySet())) {
            throw InvalidSettingException.of("hyperparameters", reported.keySet() + " vs " + effective.keySet(),
                    "reported and effective values must name the same hyperparameters");
        }
        reported = Collections.unmodifiableMap(new LinkedHashMap<>(reported));
        effective = Collections.unmodifiableMap(new LinkedHashMap<>(effective));
    }

    /**
     * Hyperparameters that are not scaled by n.
     *
     * @param values name → value
     * @return the grid point
     */
    public static Hyperparameters of(Map<String, Double> values) {
        return new Hyperparameters(values, values);
    }

    /** @return the grid point of a search space without hyperparameters */
    public static Hyperparameters none() {
        return of(Map.of());
    }

    /**
     * @param name a hyperparameter of the grid point
     * @return its effective value, the one the estimator uses
     * @throws InvalidSettingException if there is no such hyperparameter
     */
    public double value(String name) {
        Double v = effective.get(name);
        if (v == null) {
            throw InvalidSettingException.of("hyperparameter", name, "not in this grid point " + reported);
        }
        return v;
    }

    /**
     * @param name a hyperparameter of the grid point
     * @return its reported value
     * @throws InvalidSettingException if there is no such hyperparameter
     */
    public double reportedValue(String name) {
        Double v = reported.get(name);
        if (v == null) {
            throw InvalidSettingException.of("hyperparameter", name, "not in this grid point " + reported);
        }
        return v;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        reported.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(k).append('=').append(format(v));
        });
        return sb.length() == 0 ? "-" : sb.toString();
    }

    /**
     * Formats a hyperparameter value briefly: integers without a fraction, others in the
     * shortest form that reads back as the same double.
     *
     * @param v the value
     * @return the text
     */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
