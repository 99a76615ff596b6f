package io.calibrisk.api.estimator;

import io.calibrisk.api.data.CalibrationSet;

import java.util.Optional;

/**
 * An estimator configured for one run. For every training fold (and every component of the
 * notion) the pipeline calls {@link #prepare} once, then {@link PreparedTraining#fit} once per
 * hyperparameter point the search strategy asks for, possibly over several rounds. Expensive
 * work that does not depend on the hyperparameters (sorting, a kernel matrix and its
 * factorisation) belongs in {@code prepare}, so every point reuses it.
 *
 * <p>Implementations must be safe to call from several threads at once (the pipeline prepares
 * folds in parallel) and deterministic: the same input gives bit-identical results whatever
 * the number of threads.
 *
 * @since 1.0
 */
@FunctionalInterface
public interface CalibrationEstimator {

    /**
     * @param training the training fold: its data (at least 2 samples), which fold and
     *                 component it is, and the points the first round will fit
     * @return the preparation, reused for every hyperparameter point of this fold
     */
    PreparedTraining prepare(TrainingFold training);

    /**
     * The working memory of one fold, so that the pipeline plans a run's memory before it
     * starts: where the folds the threads would run at once do not fit in the heap, it runs fewer
     * at a time, and it refuses a run of which one fold would not fit. Count what grows with the
     * data (an n × n kernel matrix, features of the query points), not small constants; what
     * each thread needs while it works on one of the fold's fits goes in
     * {@link MemoryNeed#threadBytes()}, counted once per thread of the run.
     *
     * @param trainingSize the size n of the training set
     * @param querySize    the larger of the evaluation fold and the test split
     * @param dimension    the dimension m of a point
     * @return the estimate; {@link MemoryNeed#NONE} by default
     */
    default MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
        return MemoryNeed.NONE;
    }

    /**
     * The setting with which the given number of folds at once fit in the room given, as the
     * pipeline counts a need ({@link MemoryNeed}: {@code folds × bytes + threads × threadBytes},
     * the fold's data already taken out of the room), so that a run that does not fit names a
     * value rather than a direction. The pipeline asks only where folds do not fit: in a refusal
     * for one fold, in the warning that folds run fewer at a time for all of them at once, and
     * puts the answer in its message. Answer with what a user passes, e.g.
     * {@code --set kkr.max-rank=1400}: the setting that loses the least while it fits.
     *
     * @param trainingSize the size n of the training set
     * @param querySize    the larger of the evaluation fold and the test split
     * @param dimension    the dimension m of a point
     * @param folds        the folds at once, at least 1
     * @param bytes        the room, bytes, at least 1
     * @return the setting, empty where none makes the folds fit; by default {@link #memoryNeed}'s
     *     advice
     * @since 1.7
     */
    default String memoryAdvice(int trainingSize, int querySize, int dimension, int folds, long bytes) {
        MemoryNeed need = memoryNeed(trainingSize, querySize, dimension);
        return need == null ? "" : need.advice();
    }

    /**
     * How long the run's work will take, so that a long run says so before it starts: the
     * pipeline asks once per run (through {@link #timeNeed(Workload, CalibrationSet)}, which
     * asks this one unless overridden), after {@link #memoryNeed} and in the order the
     * estimators run, and says the answer at info level, or as a warning from a minute on.
     * Estimate it from a cost model of the sizes, not by computing; leave out what an estimator
     * earlier in the run computes for this one (found in the run's cache), and say nothing
     * (empty) when the time is not worth a line or cannot be told.
     *
     * @param workload the folds, components, sizes, grid points and threads of the run
     * @return the time it will take; empty by default
     * @since 1.4
     */
    default Optional<TimeNeed> timeNeed(Workload workload) {
        return Optional.empty();
    }

    /**
     * {@link #timeNeed(Workload)} with the data at hand, which is what the pipeline asks: for an
     * estimator whose cost depends on the data and not only on its size (the rank at which a
     * factorisation's tolerance stops it, say), a look at the sample may turn a bound into an
     * estimate. Keep the look small beside the run (a probe on part of the sample, not the
     * work itself) and deterministic; the sample must not be modified.
     *
     * @param workload the folds, components, sizes, grid points and threads of the run
     * @param sample   the run's largest training fold, of the notion's first component
     * @return the time it will take; by default {@link #timeNeed(Workload)}'s answer
     * @since 1.5
     */
    default Optional<TimeNeed> timeNeed(Workload workload, CalibrationSet sample) {
        return timeNeed(workload);
    }
}
