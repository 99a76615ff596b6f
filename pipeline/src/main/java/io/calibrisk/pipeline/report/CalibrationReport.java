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
 * @param warnings    problems with the run a user must read before trusting the numbers, e.g.
 *                    a test split too small for the interval
 * @param classicEce  the classic 15-bin ECE on all samples, for reference (not risk-selected);
 *                    null when not computed
 * @param provenance  what repeats the run: versions, options, plugins, inputs; null when not
 *                    recorded
 */
public record CalibrationReport(Notion notion, int samples, int classes, int folds, int testSamples,
                                String split, List<EstimatorResult> estimators, String recommended,
                                List<String> notes, String search, List<String> warnings, ClassicEce classicEce,
                                Provenance provenance) {

    /** Copies the lists. */
    public CalibrationReport {
        estimators = List.copyOf(estimators);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }

    /**
     * A report without warnings, classic ECE and provenance.
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
     * @param search      the search strategy
     */
    public CalibrationReport(Notion notion, int samples, int classes, int folds, int testSamples, String split,
                             List<EstimatorResult> estimators, String recommended, List<String> notes, String search) {
        this(notion, samples, classes, folds, testSamples, split, estimators, recommended, notes, search, List.of(),
                null, null);
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

    /**
     * @return the estimators tied with the recommended one (their paired fold-risk difference
     *     is within the noise, {@link RiskDifference#withinNoise()}), in report order
     */
    public List<EstimatorResult> tied() {
        return estimators.stream().filter(EstimatorResult::tied).toList();
    }

    /**
     * The answer in one line, e.g. {@code top-label CE = 0.0777 [0.0735, 0.0817] (95%; √ of
     * the squared L2 error) by bins-mass, lowest validation risk}: what the table ends with and
     * the JSON report's {@code answer}.
     *
     * @return the line
     */
    public String answer() {
        return Summary.answer(this);
    }

    /**
     * @param inputs where the data came from
     * @return this report with the inputs in its provenance (a report without provenance is
     *     returned as it is)
     */
    public CalibrationReport withInputs(Provenance.Inputs inputs) {
        if (provenance == null) {
            return this;
        }
        return new CalibrationReport(notion, samples, classes, folds, testSamples, split, estimators, recommended,
                notes, search, warnings, classicEce, provenance.withInputs(inputs));
    }
}
