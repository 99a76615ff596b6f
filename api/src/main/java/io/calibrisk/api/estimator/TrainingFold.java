package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.search.Hyperparameters;

import java.util.List;

/**
 * What an estimator prepares on: one training fold of one component of the notion.
 *
 * @param id      which fold and component this is; equal ids within one run mean equal data,
 *                so {@code id} is the key for sharing work through {@link RunCache}
 * @param data    the training points {@code z_j} and targets {@code t_j}
 * @param planned the points the first round of the search will fit, in order (may be empty),
 *                so that work shared by several points can be planned for exactly them
 * @since 1.0
 */
public record TrainingFold(Id id, CalibrationSet data, List<Hyperparameters> planned) {

    /**
     * A training fold's identity within one run.
     *
     * @param fold      the held-out fold, 0..k−1 (the training data are the other folds)
     * @param component the notion's component: 0, or the class for class-wise calibration
     */
    public record Id(int fold, int component) {
    }

    /**
     * @throws InvalidSettingException if an argument is missing
     */
    public TrainingFold {
        if (id == null || data == null || planned == null) {
            throw InvalidSettingException.of("training fold", null, "no argument may be null");
        }
        planned = List.copyOf(planned);
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
