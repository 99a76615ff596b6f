package io.calibrisk.api.data;

import io.calibrisk.api.InvalidSettingException;

/**
 * Points {@code z_i} and targets {@code t_i} of one component of a notion, over a set of
 * samples: the training folds an estimator is fitted on, the fold its risk is evaluated on, or
 * the test split its estimate is computed on.
 *
 * @param points  the points z, n × m
 * @param targets the targets t, n × m, each entry 0 or 1
 *
 * @since 1.0
 */
public record CalibrationSet(Points points, Points targets) {

    /**
     * @throws InvalidSettingException if the shapes differ
     */
    public CalibrationSet {
        if (points == null || targets == null) {
            throw InvalidSettingException.of("points/targets", null, "must not be null");
        }
        if (points.size() != targets.size() || points.dimension() != targets.dimension()) {
            throw InvalidSettingException.of("targets", targets,
                    "must have the shape of the points, " + points);
        }
    }

    // Written out, with the values the record's own methods give: those are bootstrapped at their
    // first call, which costs a run's start-up tens of milliseconds (docs/performance.md, "Records'
    // own methods").
    @Override
    public final boolean equals(Object o) {
        return o instanceof CalibrationSet other && points.equals(other.points) && targets.equals(other.targets);
    }

    @Override
    public final int hashCode() {
        return 31 * points.hashCode() + targets.hashCode();
    }

    /** @return the number of samples n */
    public int size() {
        return points.size();
    }

    /** @return the dimension m of a point */
    public int dimension() {
        return points.dimension();
    }

    /** @return the residuals {@code r_i = z_i - t_i} */
    public Points residuals() {
        return points.minus(targets);
    }

    /**
     * @param rows the samples to keep, in order
     * @return the subset
     */
    public CalibrationSet select(int[] rows) {
        return new CalibrationSet(points.select(rows), targets.select(rows));
    }
}
