package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * The work a run asks of one estimator, as the pipeline plans it before any fold starts, for
 * {@link CalibrationEstimator#timeNeed}: each of the folds is prepared once per component and
 * fitted at the points of the estimator's search space (a search strategy that refines asks for
 * more rounds), as many folds and components at a time as the run has threads.
 *
 * @param folds        the training folds k, at least 1
 * @param components   the problems per fold, at least 1: d for class-wise, 1 otherwise
 * @param trainingSize the size n of the largest training fold, at least 1
 * @param querySize    the larger of the evaluation fold and the test split, at least 1
 * @param dimension    the dimension m of a point, at least 1
 * @param gridPoints   the points of the estimator's search space, at least 1
 * @param threads      the run's threads, at least 1
 * @since 1.4
 */
public record Workload(int folds, int components, int trainingSize, int querySize, int dimension, int gridPoints,
                       int threads) {

    /**
     * @throws InvalidSettingException naming the first count below 1
     */
    public Workload {
        positive("folds", folds);
        positive("components", components);
        positive("training size", trainingSize);
        positive("query size", querySize);
        positive("dimension", dimension);
        positive("grid points", gridPoints);
        positive("threads", threads);
    }

    /**
     * @return how many times the threads are all busy with a fold's problem, the last time
     *     perhaps not all: ⌈k·components / threads⌉, the factor from one problem's time to the
     *     run's when every problem costs the same and runs on one thread
     */
    public long rounds() {
        long problems = (long) folds * components;
        return (problems + threads - 1) / threads;
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw InvalidSettingException.of(name, value, "must be at least 1");
        }
    }
}
