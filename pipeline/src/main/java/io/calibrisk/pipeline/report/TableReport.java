package io.calibrisk.pipeline.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reports as tables for people, in the paper's format: √risk×100 ± SE, CE with its interval,
 * the chosen hyperparameters, the recommended estimator marked.
 */
final class TableReport {
    private static final List<Boolean> REPORT_ALIGNMENT = List.of(false, false, true, true, false, true);

    private TableReport() {
    }

    /**
     * @param report  the report
     * @param timings whether to add a column of seconds
     * @return the table, then the recommendation, failures and notes, one per line
     */
    static String of(CalibrationReport report, boolean timings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s calibration: n = %d, d = %d; %d folds, %d test samples (%s)%n",
                report.notion().id(), report.samples(), report.classes(), report.folds(), report.testSamples(),
                report.split()));
        String percent = Cells.intervalPercent(report.estimators());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("", "estimator", "sqrt(risk)x100 ± SE",
                "CE estimate" + (percent == null ? "" : " [" + percent + "% CI]"), "hyperparameters", "seconds"));
        for (EstimatorResult e : report.estimators()) {
            String mark = e.name().equals(report.recommended()) ? "*" : "";
            String seconds = String.format(Locale.ROOT, "%.2f", e.seconds());
            rows.add(e.best().map(best -> List.of(mark, e.name(), Cells.scaledRisk(best),
                    Cells.estimate(best, e.interval()), Cells.compact(best.hyperparameters()), seconds))
                    .orElse(List.of(mark, e.name(), "failed", "-", "-", seconds)));
        }
        if (!timings) {
            rows.replaceAll(row -> row.subList(0, row.size() - 1));
        }
        Cells.align(rows, REPORT_ALIGNMENT, sb);
        if (report.recommended() != null) {
            sb.append("* recommended: the lowest validation risk (").append(report.recommended()).append(')')
                    .append(System.lineSeparator());
        } else {
            sb.append("no estimator succeeded").append(System.lineSeparator());
        }
        for (EstimatorResult e : report.estimators()) {
            if (e.failed()) {
                sb.append("failed: ").append(e.name()).append(": ").append(e.failure()).append(System.lineSeparator());
            }
        }
        for (String note : report.notes()) {
            sb.append("note: ").append(note).append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * @param models the models, in column order
     * @return two tables with a row per estimator and a column per model: √risk×100 ± SE (the
     *     recommended estimator of each model marked), then CE with its interval; then every
     *     model's notes and failures
     */
    static String of(List<Comparison.Model> models) {
        CalibrationReport first = models.get(0).report();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s calibration of %d models; %d folds (%s)%n", first.notion().id(),
                models.size(), first.folds(), first.split()));
        List<String> header = new ArrayList<>(List.of("estimator"));
        models.forEach(m -> header.add(m.name()));
        List<List<String>> risk = new ArrayList<>(List.of(header));
        List<List<String>> estimate = new ArrayList<>(List.of(header));
        for (String name : Comparison.estimatorNames(models)) {
            List<String> riskRow = new ArrayList<>(List.of(name));
            List<String> estimateRow = new ArrayList<>(List.of(name));
            for (Comparison.Model m : models) {
                EstimatorResult result = m.report().estimator(name).orElse(null);
                GridPointResult best = result == null ? null : result.best().orElse(null);
                if (best == null) {
                    String cell = result == null ? "-" : "failed";
                    riskRow.add(cell);
                    estimateRow.add(cell);
                } else {
                    riskRow.add(Cells.scaledRisk(best) + (name.equals(m.report().recommended()) ? " *" : ""));
                    estimateRow.add(Cells.estimate(best, result.interval()));
                }
            }
            risk.add(riskRow);
            estimate.add(estimateRow);
        }
        List<Boolean> left = new ArrayList<>();
        header.forEach(h -> left.add(false));
        sb.append(System.lineSeparator()).append("sqrt(risk)x100 ± SE (* recommended: the lowest validation risk)")
                .append(System.lineSeparator());
        Cells.align(risk, left, sb);
        String percent = Cells.intervalPercent(models.stream().flatMap(m -> m.report().estimators().stream()).toList());
        sb.append(System.lineSeparator()).append("CE estimate")
                .append(percent == null ? "" : " [" + percent + "% bootstrap interval]").append(System.lineSeparator());
        Cells.align(estimate, left, sb);
        for (Comparison.Model m : models) {
            for (String note : m.report().notes()) {
                sb.append("note: ").append(m.name()).append(": ").append(note).append(System.lineSeparator());
            }
            for (EstimatorResult e : m.report().estimators()) {
                if (e.failed()) {
                    sb.append("failed: ").append(m.name()).append(": ").append(e.name()).append(": ")
                            .append(e.failure()).append(System.lineSeparator());
                }
            }
        }
        return sb.toString();
    }
}
