package io.calibrisk.pipeline.io;

import java.util.List;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;

/**
 * Predictions and their labels, read and checked together: what
 * {@link io.calibrisk.pipeline.Calibrisk#evaluate} takes.
 *
 * @param predictions n rows of d probabilities
 * @param labels      n labels in 0..d−1
 * @param files       the files they were read from, for the report's record of the run; empty
 *                    when they were not read from files
 */
public record LabelledPredictions(Predictions predictions, Labels labels, List<InputFile> files) {

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
        files = files == null ? List.of() : List.copyOf(files);
    }

    /**
     * Predictions and labels that were not read from files.
     *
     * @param predictions n rows of d probabilities
     * @param labels      n labels in 0..d−1
     */
    public LabelledPredictions(Predictions predictions, Labels labels) {
        this(predictions, labels, List.of());
    }

    /**
     * @param read the files they were read from
     * @return the same predictions and labels, with the files
     */
    LabelledPredictions withFiles(List<InputFile> read) {
        return new LabelledPredictions(predictions, labels, read);
    }
}
