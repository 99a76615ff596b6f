package io.calibrisk.api.estimator;

import io.calibrisk.api.search.Hyperparameters;

import java.util.List;

/**
 * The hyperparameter-free part of fitting on one training fold, computed once and reused for
 * every hyperparameter point. Instances may be called from several threads.
 *
 * @since 1.0
 */
@FunctionalInterface
public interface PreparedTraining {

    /**
     * @param hyperparameters the point, inside the search space's domains; use
     *                        {@link Hyperparameters#value} for the effective values
     * @return the fitted calibration estimation function
     */
    CalibrationFunction fit(Hyperparameters hyperparameters);

    /**
     * Announces the points of a later round of the search before they are fitted one by one,
     * so that work they share can be done together (the first round is announced in
     * {@link TrainingFold#planned()}). Results must not depend on it. Does nothing by default.
     *
     * @param points the points about to be fitted, in order
     */
    default void plan(List<Hyperparameters> points) {
    }
}
