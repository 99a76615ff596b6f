package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import io.calibrisk.pipeline.evaluation.Selection.Chosen;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimateInterval;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Stage 5 and the report: for each estimator every point it evaluated with its fold results,
 * and at its chosen point the ensemble's estimate CE² (the mean over folds of the fold models'
 * test-split estimates), the interval of CE ({@link Bootstrap}), the grid edges it touches,
 * a binning's per-bin table and, when asked for, the calibration curves; then the classic ECE
 * for reference, the warnings and notes a user should read, and the provenance of the run.
 */
public final class ReportAssembly {
    /** Below this many test samples the interval is not to be trusted, and the report says so. */
    static final int SMALL_TEST_SPLIT = 100;

    private final Plugins plugins;

    /**
     * Stateless; one instance serves every run.
     *
     * @param plugins what discovery found, for the report's record of the plugins that took part
     */
    @Inject
    public ReportAssembly(Plugins plugins) {
        this.plugins = plugins;
    }

    /**
     * @param plan     the run's plan
     * @param folds    the folds
     * @param searched every estimator's search, in report order
     * @param choice   what selection chose
     * @return the report
     */
    CalibrationReport assemble(RunPlan plan, FoldPlan folds, List<SearchOutcome> searched, Selection.Choice choice) {
        EvaluationSettings settings = plan.settings();
        List<EstimatorResult> results = new ArrayList<>(searched.size());
        for (int e = 0; e < searched.size(); e++) {
            results.add(result(searched.get(e), choice.estimators().get(e), folds, settings));
        }
        return new CalibrationReport(settings.notion(), folds.samples(), folds.classes(), folds.folds(),
                folds.testSize(), settings.sampling().describe(), results, choice.recommended(), notes(folds),
                plan.strategy().name(), warnings(folds, results), ClassicEces.of(folds),
                RunRecords.of(plan, folds, plugins));
    }

    private static EstimatorResult result(SearchOutcome outcome, Chosen chosen, FoldPlan folds,
                                          EvaluationSettings settings) {
        PlannedEstimator estimator = outcome.estimator();
        if (outcome.failed()) {
            return EstimatorResult.failed(estimator.name(), estimator.source(), outcome.seconds(), outcome.failure());
        }
        List<GridPointResult> points = new ArrayList<>(outcome.points().size());
        for (EvaluatedPoint point : outcome.points()) {
            List<FoldResult> foldResults = new ArrayList<>(point.folds());
            for (int f = 0; f < point.folds(); f++) {
                foldResults.add(new FoldResult(point.foldRisk(f), point.foldEstimate(f), point.foldDiagnostics(f)));
            }
            points.add(new GridPointResult(point.point(), point.risk(), point.riskStdError(), point.estimateSquared(),
                    foldResults, point.instability(), point.added()));
        }
        if (chosen.best() < 0) {
            return new EstimatorResult(estimator.name(), estimator.source(), outcome.seconds(), points, -1,
                    chosen.failure());
        }
        EvaluatedPoint best = outcome.points().get(chosen.best());
        EstimateInterval interval = Bootstrap.interval(best, settings.interval(), settings.sampling().seed());
        List<CalibrationCurve> curves = settings.curves() ? Curves.ensemble(best, folds) : List.of();
        return new EstimatorResult(estimator.name(), estimator.source(), outcome.seconds(), points, chosen.best(), null,
                interval, curves, chosen.difference(), chosen.edges(), BinTables.of(estimator.name(), best, folds));
    }

    private static List<String> warnings(FoldPlan folds, List<EstimatorResult> results) {
        List<String> warnings = new ArrayList<>();
        if (folds.testSize() < SMALL_TEST_SPLIT) {
            warnings.add("the test split has only " + folds.testSize() + " samples (fewer than " + SMALL_TEST_SPLIT
                    + "): the estimate and its interval are unreliable; give more samples or a larger --test-fraction");
        }
        for (EstimatorResult result : results) {
            long decided = result.grid().stream().filter(g -> !g.stable()
                    && g.instability().contains(FoldEvaluator.APPROXIMATION_DECIDES)).count();
            if (decided > 0) {
                warnings.add(String.format(Locale.ROOT, "%s: at %d of %d grid points the estimator's approximation, "
                        + "not the data, decides the risk (a coarser approximation moves it by more than %.0e), so "
                        + "they cannot be chosen; a finer approximation (see the estimator's settings in calibrisk "
                        + "list, e.g. a larger max-rank or mode=exact for kkr and ukkr) makes them count",
                        Untrusted.escape(result.name(), 100), decided, result.grid().size(),
                        CalibrationFunction.APPROXIMATION_THRESHOLD));
            }
        }
        return warnings;
    }

    private static List<String> notes(FoldPlan folds) {
        List<String> notes = new ArrayList<>();
        if (folds.labels().distinctClasses() == 1) {
            notes.add("the labels hold only one class (" + folds.labels().get(0) + "); every target is constant, "
                    + "so the calibration error is measured against that single class");
        }
        Predictions predictions = folds.predictions();
        if (predictions.renormalisedRows() > 0) {
            notes.add(predictions.renormalisedRows() + " row(s) summed to 1 only within "
                    + Predictions.SUM_TOLERANCE + " and were renormalised");
        }
        return notes;
    }
}
