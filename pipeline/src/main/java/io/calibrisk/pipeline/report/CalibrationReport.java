package io.calibrisk.pipeline.report;

import io.calibrisk.api.data.Notion;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of a run of the pipeline (Algorithm 1 of Gruber and Bach): for every estimator,
 * its risk curve and its estimate of the calibration error, and the recommended estimator,
 * the one with the lowest validation risk.
 *
 * @param notion      the notion of calibration
 * @param samples     the number of samples n
 * @param classes     the number of classes d
 * @param folds       the number of folds k
 * @param testSamples the size of the held-out test split
 * @param split       how the split was made, e.g. {@code seed 0, test fraction 0.2} or a file
 * @param estimators  the results, in the order the estimators were requested
 * @param recommended the name of the estimator with the lowest fold-mean risk at its chosen
 *                    grid point, or null when every estimator failed
 * @param notes       remarks about the input or the run worth a user's attention
 * @param search      the search strategy that chose each estimator's point, e.g. {@code grid}
 */
public record CalibrationReport(Notion notion, int samples, int classes, int folds, int testSamples,
                                String split, List<EstimatorResult> estimators, String recommended,
                                List<String> notes, String search) {

    /** Copies the lists. */
    public CalibrationReport {
        estimators = List.copyOf(estimators);
        notes = List.copyOf(notes);
    }

    /**
     * A report of a run under the {@code grid} search.
     *
     * @param notion      the notion of calibration
     * @param samples     the number of samples n
     * @param classes     the number of classes d
     * @param folds       the number of folds k
     * @param testSamples the size of the held-out test split
     * @param split       how the split was made
     * @param estimators  the results
     * @param recommended the recommended estimator, or null
     * @param notes       remarks about the input or the run
     */
    public CalibrationReport(Notion notion, int samples, int classes, int folds, int testSamples, String split,
                             List<EstimatorResult> estimators, String recommended, List<String> notes) {
        this(notion, samples, classes, folds, testSamples, split, estimators, recommended, notes, "grid");
    }

    /**
     * @param name an estimator's name
     * @return its result, if it was run
     */
    public Optional<EstimatorResult> estimator(String name) {
        return estimators.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** @return the recommended estimator's result, unless every estimator failed */
    public Optional<EstimatorResult> recommendedResult() {
        return recommended == null ? Optional.empty() : estimator(recommended);
    }
}
