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

    /**
     * Prepares a training fold knowing the grid points that will be fitted on it, in order, so
     * that work shared by several grid points (a kernel matrix product across bandwidths, say)
     * can be planned for exactly those points. The pipeline calls this form; the default
     * ignores the grid.
     *
     * @param training the training set, at least 2 samples
     * @param grid     the grid points {@link PreparedTraining#fit} will be called with
     * @return the preparation, reused for every grid point
     */
    default PreparedTraining prepare(CalibrationSet training, java.util.List<io.calibrisk.api.search.Hyperparameters> grid) {
        return prepare(training);
    }

    /**
     * The working memory of one fold, so that the pipeline can refuse a run that would not fit
     * in the heap before it starts. Count what grows with the data (an n × n kernel matrix,
     * features of the query points), not small constants.
     *
     * @param trainingSize the size n of the training set
     * @param querySize    the larger of the evaluation fold and the test split
     * @param dimension    the dimension m of a point
     * @return the estimate; {@link MemoryNeed#NONE} by default
     */
    default MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
        return MemoryNeed.NONE;
    }
}
