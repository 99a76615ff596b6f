package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;

/**
 * Predictions and their labels, read and checked together: what
 * {@link io.calibrisk.pipeline.Calibrisk#evaluate} takes.
 *
 * @param predictions n rows of d probabilities
 * @param labels      n labels in 0..d−1
 */
public record LabelledPredictions(Predictions predictions, Labels labels) {

    /**
     * @throws InvalidInputException if either is missing or they disagree in size or classes
     */
    public LabelledPredictions {
        if (predictions == null || labels == null) {
            throw new InvalidInputException("predictions and labels: both must be given");
        }
        if (predictions.size() != labels.size() || predictions.classes() != labels.classes()) {
            throw new InvalidInputException("predictions and labels: " + predictions.size() + " rows of "
                    + predictions.classes() + " classes but " + labels.size() + " labels of " + labels.classes()
                    + " classes; they must agree");
        }
    }
}
