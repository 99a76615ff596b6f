package io.calibrisk.pipeline.report;

import io.calibrisk.api.search.Hyperparameters;
import org.apache.commons.csv.CSVFormat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Reports as CSV (RFC 4180 quoting by Apache Commons CSV, LF line ends), numbers with every
 * digit as in the JSON report.
 */
final class CsvReport {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT;

    private final StringBuilder text = new StringBuilder();

    private CsvReport() {
    }

    /** Appends one record, quoting only the fields that need it. */
    private void printRecord(List<String> fields) {
        text.append(FORMAT.format(fields.toArray())).append('\n');
    }

    private void printRecord(String... fields) {
        printRecord(List.of(fields));
    }

    /**
     * @param report  the report
     * @param timings whether to add a column of seconds
     * @return one row per estimator and grid point (one row for a failed estimator), with the
     *     per-fold risks and estimates as the last columns
     */
    static String of(CalibrationReport report, boolean timings) {
        return of(List.of(report), timings, false);
    }

    /**
     * @param reports the reports of one run's notions, in order, all of one split
     * @param timings whether to add a column of seconds
     * @return the rows of {@link #of(CalibrationReport, boolean)} for every report, each led by
     *     a column naming its notion
     */
    static String ofNotions(List<CalibrationReport> reports, boolean timings) {
        return of(reports, timings, true);
    }

    private static String of(List<CalibrationReport> reports, boolean timings, boolean notionColumn) {
        int k = reports.get(0).folds();
        CsvReport csv = new CsvReport();
        List<String> header = new ArrayList<>();
        if (notionColumn) {
            header.add("notion");
        }
        header.addAll(List.of("estimator", "hyperparameters", "risk", "risk_std_error",
                "sqrt_risk_x100", "estimate_squared", "estimate", "estimate_lower", "estimate_upper", "stable",
                "chosen", "recommended"));
        if (timings) {
            header.add("seconds");
        }
        for (int f = 0; f < k; f++) {
            header.add("fold" + f + "_risk");
            header.add("fold" + f + "_estimate_squared");
        }
        csv.printRecord(header);
        for (CalibrationReport report : reports) {
            List<String> lead = notionColumn ? List.of(report.notion().id()) : List.of();
            for (EstimatorResult e : report.estimators()) {
                if (e.grid().isEmpty()) {
                    List<String> row = new ArrayList<>(lead);
                    row.add(e.name());
                    row.addAll(Collections.nCopies(11, ""));
                    if (timings) {
                        row.add(Cells.number(e.seconds()));
                    }
                    row.addAll(Collections.nCopies(2 * k, ""));
                    csv.printRecord(row);
                }
                for (int i = 0; i < e.grid().size(); i++) {
                    List<String> row = new ArrayList<>(lead);
                    row.addAll(gridRow(report, e, i, timings));
                    csv.printRecord(row);
                }
            }
        }
        return csv.text.toString();
    }

    private static List<String> gridRow(CalibrationReport report, EstimatorResult e, int i, boolean timings) {
        GridPointResult g = e.grid().get(i);
        boolean chosen = i == e.bestIndex();
        boolean withInterval = chosen && e.interval() != null;
        List<String> row = new ArrayList<>(List.of(
                e.name(),
                Hyperparameters.of(g.hyperparameters()).toString().replace(", ", ";"),
                Cells.number(g.risk()),
                Cells.number(g.riskStdError()),
                Cells.number(g.scaledRisk()),
                Cells.number(g.estimateSquared()),
                Cells.number(g.estimate()),
                withInterval ? Cells.number(e.interval().lower()) : "",
                withInterval ? Cells.number(e.interval().upper()) : "",
                Boolean.toString(g.stable()),
                Boolean.toString(chosen),
                Boolean.toString(chosen && e.name().equals(report.recommended()))));
        if (timings) {
            row.add(Cells.number(e.seconds()));
        }
        for (FoldResult f : g.folds()) {
            row.add(Cells.number(f.risk()));
            row.add(Cells.number(f.estimateSquared()));
        }
        return row;
    }

    /**
     * @param models the models
     * @return one row per model and estimator: its chosen grid point, risk, estimate with its
     *     interval, whether it is recommended, and its failure
     */
    static String of(List<Comparison.Model> models) {
        CsvReport csv = new CsvReport();
        csv.printRecord("model", "estimator", "hyperparameters", "sqrt_risk_x100", "sqrt_risk_x100_std_error",
                "risk", "risk_std_error", "estimate", "estimate_lower", "estimate_upper", "recommended", "failure");
        for (Comparison.Model m : models) {
            for (EstimatorResult e : m.report().estimators()) {
                Optional<GridPointResult> best = e.best();
                EstimateInterval interval = e.interval();
                csv.printRecord(
                        m.name(),
                        e.name(),
                        best.map(b -> Cells.compact(b.hyperparameters()).replace(", ", ";")).orElse(""),
                        best.map(b -> Cells.number(b.scaledRisk())).orElse(""),
                        best.map(b -> Cells.number(b.scaledRiskStdError())).orElse(""),
                        best.map(b -> Cells.number(b.risk())).orElse(""),
                        best.map(b -> Cells.number(b.riskStdError())).orElse(""),
                        best.map(b -> Cells.number(b.estimate())).orElse(""),
                        interval == null ? "" : Cells.number(interval.lower()),
                        interval == null ? "" : Cells.number(interval.upper()),
                        Boolean.toString(e.name().equals(m.report().recommended())),
                        e.failure() == null ? "" : e.failure());
            }
        }
        return csv.text.toString();
    }
}
