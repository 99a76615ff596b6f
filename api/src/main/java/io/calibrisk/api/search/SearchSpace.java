package io.calibrisk.api.search;

import io.calibrisk.api.InvalidSettingException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hyperparameter grid an estimator is tuned over: the Cartesian product of its axes, the
 * last axis varying fastest. An estimator without hyperparameters has an empty space with one
 * grid point.
 *
 * @param axes the axes, with distinct names
 *
 * @since 1.0
 */
public record SearchSpace(List<Axis> axes) {

    /**
     * @throws InvalidSettingException if two axes share a name
     */
    public SearchSpace {
        axes = List.copyOf(axes);
        Set<String> names = new HashSet<>();
        for (Axis axis : axes) {
            if (!names.add(axis.name())) {
                throw InvalidSettingException.of("axis", axis.name(), "appears twice in one search space");
            }
        }
    }

    /**
     * @param axes the axes
     * @return the search space
     */
    public static SearchSpace of(Axis... axes) {
        return new SearchSpace(List.of(axes));
    }

    /** @return the space with a single grid point and no hyperparameters */
    public static SearchSpace none() {
        return new SearchSpace(List.of());
    }

    /** @return the number of grid points */
    public int size() {
        int size = 1;
        for (Axis axis : axes) {
            size *= axis.size();
        }
        return size;
    }

    /**
     * Replaces the values of one axis, keeping its scaling by n.
     *
     * @param name   the axis
     * @param values the new values
     * @return the new space
     * @throws InvalidSettingException if there is no such axis
     */
    public SearchSpace withValues(String name, double... values) {
        List<Axis> out = new ArrayList<>(axes.size());
        boolean found = false;
        for (Axis axis : axes) {
            if (axis.name().equals(name)) {
                out.add(axis.withValues(values));
                found = true;
            } else {
                out.add(axis);
            }
        }
        if (!found) {
            throw InvalidSettingException.of("hyperparameter", name,
                    "unknown; this search space has " + (axes.isEmpty() ? "no hyperparameters" : names()));
        }
        return new SearchSpace(out);
    }

    /**
     * @param name an axis's name
     * @return the axis
     * @throws InvalidSettingException if there is no such axis
     */
    public Axis axis(String name) {
        for (Axis axis : axes) {
            if (axis.name().equals(name)) {
                return axis;
            }
        }
        throw InvalidSettingException.of("hyperparameter", name, "unknown; this search space has " + names());
    }

    /**
     * The grid's points as reported values (the Cartesian product of the axes, last axis
     * fastest), the form in which a {@link SearchStrategy} proposes points.
     *
     * @return name → reported value, one map per grid point, in search order
     */
    public List<Map<String, Double>> grid() {
        List<Map<String, Double>> out = new ArrayList<>();
        for (Hyperparameters point : points(1)) {
            out.add(point.reported());
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * Any point of the space, on the grid or not, for a training set of size n.
     *
     * @param reported     name → reported value, one for every axis, each in its axis's domain
     * @param trainingSize the size n of the training set, which scales axes with an n-exponent
     * @return the point with its reported and effective values
     * @throws InvalidSettingException if an axis is missing or unknown, or a value is outside
     *     its domain
     */
    public Hyperparameters at(Map<String, Double> reported, int trainingSize) {
        if (reported.size() != axes.size()) {
            throw InvalidSettingException.of("point", reported, "must give a value for exactly the axes " + names());
        }
        Map<String, Double> ordered = new LinkedHashMap<>();
        Map<String, Double> effective = new LinkedHashMap<>();
        for (Axis axis : axes) {
            Double value = reported.get(axis.name());
            if (value == null) {
                throw InvalidSettingException.of("point", reported, "must give a value for exactly the axes " + names());
            }
            axis.domain().check(axis.name(), value);
            ordered.put(axis.name(), value);
            effective.put(axis.name(), axis.effectiveValue(value, trainingSize));
        }
        return new Hyperparameters(ordered, effective);
    }

    private List<String> names() {
        List<String> names = new ArrayList<>();
        axes.forEach(a -> names.add(a.name()));
        return names;
    }

    /**
     * The grid points for a training set of size n, in search order.
     *
     * @param trainingSize the size n of the training set, which scales axes with an n-exponent
     * @return the grid points
     */
    public List<Hyperparameters> points(int trainingSize) {
        int size = size();
        List<Hyperparameters> out = new ArrayList<>(size);
        int[] index = new int[axes.size()];
        for (int p = 0; p < size; p++) {
            Map<String, Double> reported = new LinkedHashMap<>();
            Map<String, Double> effective = new LinkedHashMap<>();
            for (int a = 0; a < axes.size(); a++) {
                Axis axis = axes.get(a);
                reported.put(axis.name(), axis.values()[index[a]]);
                effective.put(axis.name(), axis.effectiveValue(index[a], trainingSize));
            }
            out.add(new Hyperparameters(reported, effective));
            for (int a = axes.size() - 1; a >= 0; a--) {
                if (++index[a] < axes.get(a).size()) {
                    break;
                }
                index[a] = 0;
            }
        }
        return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() {
        if (axes.isEmpty()) {
            return "(no hyperparameters)";
        }
        StringBuilder sb = new StringBuilder();
        for (Axis axis : axes) {
            if (sb.length() > 0) {
                sb.append(" × ");
            }
            sb.append(axis);
        }
        return sb.toString();
    }
}
