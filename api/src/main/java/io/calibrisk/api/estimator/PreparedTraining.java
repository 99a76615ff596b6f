package io.calibrisk.api.estimator;

import io.calibrisk.api.search.Hyperparameters;

/**
 * The hyperparameter-free part of fitting on one training set, computed once and reused for
 * every grid point. Instances may be called from several threads.
 */
@FunctionalInterface
public interface PreparedTraining {

    /**
     * @param hyperparameters the grid point; use {@link Hyperparameters#value} for the
     *                        effective values
     * @return the fitted calibration estimation function
     */
    CalibrationFunction fit(Hyperparameters hyperparameters);
}
