package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.search.Hyperparameters;

import java.util.List;

/**
 * What an estimator prepares on: one training fold of one component of the notion.
 *
 * @param id        which fold and component this is; equal ids within one run mean equal data,
 *                  so {@code id} is the key for sharing work through {@link RunCache}
 * @param data      the training points {@code z_j} and targets {@code t_j}
 * @param planned   the points the first round of the search will fit, in order (may be empty),
 *                  so that work shared by several points can be planned for exactly them
 * @param partition which fold each training point comes from, and the points every fold is
 *                  evaluated at; null outside a cross-validated run (since 1.3)
 * @since 1.0
 */
public record TrainingFold(Id id, CalibrationSet data, List<Hyperparameters> planned, Partition partition) {

    /**
     * A training fold's identity within one run.
     *
     * @param fold      the held-out fold, 0..k−1 (the training data are the other folds)
     * @param component the notion's component: 0, or the class for class-wise calibration
     */
    public record Id(int fold, int component) {
        // Written out, with the values the record's own methods give: those are bootstrapped at
        // their first call, which costs a run's start-up tens of milliseconds (docs/performance.md,
        // "Records' own methods").
        @Override
        public final boolean equals(Object o) {
            return o instanceof Id other && fold == other.fold && component == other.component;
        }

        @Override
        public final int hashCode() {
            return 31 * fold + component;
        }
    }

    /**
     * Where a training fold's points come from, for estimators whose fit is a sum over training
     * points (a Nadaraya–Watson regression, say): such an estimator may compute each fold's
     * share once and combine the shares of the other k − 1 folds, instead of summing over every
     * training fold anew. Within one run and component, the points of fold g are the same, in
     * the same order, in every training fold that holds them.
     *
     * @param folds  the number of folds k, at least 2
     * @param foldOf for each training point, in the order of {@link TrainingFold#data()}, the fold
     *               it belongs to: 0..k−1 and never the held-out fold
     * @param test   the points at which the pipeline asks every training fold of this component for
     *               its function (the test split), or null if there are none
     * @since 1.3
     */
    public record Partition(int folds, int[] foldOf, Points test) {

        /**
         * @throws InvalidSettingException if folds is below 2 or foldOf is missing
         */
        public Partition {
            if (folds < 2) {
                throw InvalidSettingException.of("partition folds", folds, "must be at least 2");
            }
            if (foldOf == null) {
                throw InvalidSettingException.of("partition foldOf", null, "must not be null");
            }
            foldOf = foldOf.clone();
        }

        /** @return for each training point its fold, a copy */
        @Override
        public int[] foldOf() {
            return foldOf.clone();
        }
    }

    /**
     * @throws InvalidSettingException if an argument other than the partition is missing, or the
     *     partition does not fit the data: one fold per training point, each in 0..k−1 and not the
     *     held-out fold, and test points of the data's dimension
     */
    public TrainingFold {
        if (id == null || data == null || planned == null) {
            throw InvalidSettingException.of("training fold", null, "no argument may be null");
        }
        planned = List.copyOf(planned);
        if (partition != null) {
            check(id, data, partition);
        }
    }

    /**
     * A training fold without its partition, as in SPI 1.2.
     *
     * @param id      which fold and component this is
     * @param data    the training points and targets
     * @param planned the points the first round of the search will fit
     */
    public TrainingFold(Id id, CalibrationSet data, List<Hyperparameters> planned) {
        this(id, data, planned, null);
    }

    private static void check(Id id, CalibrationSet data, Partition partition) {
        int[] foldOf = partition.foldOf;
        if (foldOf.length != data.size()) {
            throw InvalidSettingException.of("partition foldOf length", foldOf.length,
                    "must be the number of training points, " + data.size());
        }
        for (int g : foldOf) {
            if (g < 0 || g >= partition.folds() || g == id.fold()) {
                throw InvalidSettingException.of("partition fold of a training point", g, "must be in 0.."
                        + (partition.folds() - 1) + " and not the held-out fold " + id.fold());
            }
        }
        if (partition.test() != null && partition.test().dimension() != data.dimension()) {
            throw InvalidSettingException.of("partition test point dimension", partition.test().dimension(),
                    "must be the training points' dimension, " + data.dimension());
        }
    }

    /**
     * A training fold outside a pipeline run, e.g. in a test: fold 0, component 0, nothing planned.
     *
     * @param data the training data
     * @return the fold
     */
    public static TrainingFold of(CalibrationSet data) {
        return new TrainingFold(new Id(0, 0), data, List.of());
    }
}
