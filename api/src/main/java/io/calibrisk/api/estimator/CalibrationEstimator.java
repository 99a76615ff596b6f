package io.calibrisk.api.estimator;

import io.calibrisk.api.data.CalibrationSet;

/**
 * An estimator configured for one run. For every training fold (and every component of the
 * notion) the pipeline calls {@link #prepare} once, then {@link PreparedTraining#fit} once per
 * grid point. Expensive work that does not depend on the hyperparameters (sorting, a kernel
 * matrix and its factorisation) belongs in {@code prepare}, so the whole grid reuses it.
 *
 * <p>Implementations must be safe to call from several threads at once (the pipeline prepares
 * folds in parallel) and deterministic: the same input gives bit-identical results whatever
 * the number of threads.
 */
@FunctionalInterface
public interface CalibrationEstimator {

    /**
     * @param training the training set: points {@code z_j} and targets {@code t_j}, at least
     *                 2 samples
     * @return the preparation, reused for every grid point
     */
    PreparedTraining prepare(CalibrationSet training);
}
