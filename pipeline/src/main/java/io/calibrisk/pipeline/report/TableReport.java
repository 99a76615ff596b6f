package io.calibrisk.pipeline.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reports as tables for people, in the paper's format: √risk×100 ± SE, CE with its interval,
 * the chosen hyperparameters, the recommended estimator marked.
 */
final class TableReport {
    private static final List<Boolean> REPORT_ALIGNMENT = List.of(false, false, true, false, true, false, true);

    private TableReport() {
    }

    /**
     * @param report  the report
     * @param timings whether to add a column of seconds
     * @return the table; its two-line legend; the classic ECE for reference; the estimators
     *     within noise of the best; grid edges, failures, warnings and notes, one per line; and
     *     last, the answer in one line
     */
    static String of(CalibrationReport report, boolean timings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s calibration: n = %d, d = %d; %d folds, %d test samples (%s)%n",
                report.notion().id(), report.samples(), report.classes(), report.folds(), report.testSamples(),
                report.split()));
        String percent = Cells.intervalPercent(report.estimators());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("", "estimator", "sqrt(risk)x100 ± SE", "vs * (paired)",
                "CE" + (percent == null ? "" : " [" + percent + "% CI]"), "hyperparameters", "seconds"));
        for (EstimatorResult e : report.estimators()) {
            String mark = e.name().equals(report.recommended()) ? "*" : "";
            String seconds = String.format(Locale.ROOT, "%.2f", e.seconds());
            rows.add(e.best().map(best -> List.of(mark, e.name(), Cells.scaledRisk(best), versus(e, report),
                    Cells.estimate(best, e.interval()), hyperparameters(e, best), seconds))
                    .orElse(List.of(mark, e.name(), "failed", "-", "-", "-", seconds)));
        }
        if (!timings) {
            rows.replaceAll(row -> row.subList(0, row.size() - 1));
        }
        Cells.align(rows, REPORT_ALIGNMENT, sb);
        List<String> lines = new ArrayList<>(Summary.legend(percent, report.folds()));
        if (report.classicEce() != null) {
            lines.add(Summary.classicEce(report.classicEce()));
        }
        String withinNoise = Summary.withinNoise(report);
        if (withinNoise != null) {
            lines.add(withinNoise);
        }
        Summary.edges(report).forEach(line -> lines.add("edge: " + line));
        for (EstimatorResult e : report.estimators()) {
            if (e.failed()) {
                lines.add("failed: " + e.name() + ": " + e.failure());
            }
        }
        report.warnings().forEach(w -> lines.add("warning: " + w));
        report.notes().forEach(n -> lines.add("note: " + n));
        lines.add(report.answer());
        lines.forEach(line -> sb.append(line).append(System.lineSeparator()));
        return sb.toString();
    }

    /** The paired risk difference from the recommended estimator, in standard errors, or "tied". */
    private static String versus(EstimatorResult e, CalibrationReport report) {
        if (e.name().equals(report.recommended())) {
            return "best";
        }
        RiskDifference d = e.difference();
        if (d == null) {
            return "-";
        }
        String inSe = d.stdError() > 0 ? String.format(Locale.ROOT, "%+.1f SE", d.meanInStdErrors())
                : d.mean() == 0 ? "identical" : "+" + Cells.fourDigits(d.mean());
        return e.tied() ? "tied (" + inSe + ")" : inSe;
    }

    private static String hyperparameters(EstimatorResult e, GridPointResult best) {
        return Cells.compact(best.hyperparameters()) + (e.edges().isEmpty() ? "" : " (edge)");
    }

    /**
     * @param models the models, in column order
     * @return two tables with a row per estimator and a column per model: √risk×100 ± SE (the
     *     recommended estimator of each model marked, and those tied with it), then CE with its
     *     interval; a table per model of the recommended CE and the span of the estimates within
     *     noise of it, with the classic ECE; the legend; every model's edges, warnings, notes and
     *     failures; and last, each model's answer in one line
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
                    riskRow.add(Cells.scaledRisk(best) + (name.equals(m.report().recommended()) ? " *"
                            : result.tied() ? " tied" : ""));
                    estimateRow.add(Cells.estimate(best, result.interval()));
                }
            }
            risk.add(riskRow);
            estimate.add(estimateRow);
        }
        List<Boolean> left = new ArrayList<>();
        header.forEach(h -> left.add(false));
        sb.append(System.lineSeparator()).append("sqrt(risk)x100 ± SE (* recommended: the lowest validation risk; "
                + "tied: " + Summary.tieRule(first.folds()) + " from *)").append(System.lineSeparator());
        Cells.align(risk, left, sb);
        String percent = Cells.intervalPercent(models.stream().flatMap(m -> m.report().estimators().stream()).toList());
        sb.append(System.lineSeparator()).append("CE (" + Summary.CE_MEANING + ")")
                .append(percent == null ? "" : " [" + percent + "% CI]").append(System.lineSeparator());
        Cells.align(estimate, left, sb);
        sb.append(System.lineSeparator()).append("per model: the recommended estimator's CE, and the span of the CE "
                + "estimates of those within noise of it").append(System.lineSeparator());
        List<List<String>> answers = new ArrayList<>();
        answers.add(List.of("model", "recommended", "CE" + (percent == null ? "" : " [" + percent + "% CI]"),
                "within noise", "CE span", "classic ECE (not risk-selected)"));
        for (Comparison.Model m : models) {
            CalibrationReport r = m.report();
            EstimatorResult best = r.recommendedResult().orElse(null);
            double[] span = Summary.span(r);
            answers.add(List.of(m.name(), best == null ? "none" : best.name(),
                    best == null ? "-" : Cells.estimate(best.best().orElseThrow(), best.interval()),
                    Integer.toString(r.tied().size()),
                    span == null ? "-" : "[" + Cells.fourDigits(span[0]) + ", " + Cells.fourDigits(span[1]) + "]",
                    r.classicEce() == null ? "-" : Cells.fourDigits(r.classicEce().value())));
        }
        Cells.align(answers, List.of(false, false, true, true, false, true), sb);
        Summary.legend(percent, first.folds()).forEach(line -> sb.append(line).append(System.lineSeparator()));
        for (Comparison.Model m : models) {
            for (String edge : Summary.edges(m.report())) {
                sb.append("edge: ").append(m.name()).append(": ").append(edge).append(System.lineSeparator());
            }
            for (String warning : m.report().warnings()) {
                sb.append("warning: ").append(m.name()).append(": ").append(warning).append(System.lineSeparator());
            }
        }
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
        for (Comparison.Model m : models) {
            sb.append(m.name()).append(": ").append(m.report().answer()).append(System.lineSeparator());
        }
        return sb.toString();
    }
}
