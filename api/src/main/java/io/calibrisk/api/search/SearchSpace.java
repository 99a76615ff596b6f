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
            List<String> names = new ArrayList<>();
            axes.forEach(a -> names.add(a.name()));
            throw InvalidSettingException.of("hyperparameter", name,
                    "unknown; this search space has " + (names.isEmpty() ? "no hyperparameters" : names));
        }
        return new SearchSpace(out);
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
