package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.api.search.Hyperparameters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The three ways a report is written: a table in the paper's format, JSON and CSV.
 */
public enum ReportFormat {
    /** A table for people: estimator, √risk×100 ± SE, CE, chosen hyperparameters, seconds. */
    TABLE,
    /** The whole report, every grid point and fold, as JSON. */
    JSON,
    /** One row per estimator and grid point, as CSV. */
    CSV;

    /**
     * @param text {@code table}, {@code json} or {@code csv}
     * @return the format
     */
    public static ReportFormat parse(String text) {
        for (ReportFormat f : values()) {
            if (f.name().equalsIgnoreCase(text)) {
                return f;
            }
        }
        throw InvalidSettingException.of("format", text, "expected table, json or csv");
    }

    /**
     * @param report  the report
     * @param timings whether to include the seconds each estimator took (leave them out for
     *                byte-identical reports across runs)
     * @return the text
     */
    public String render(CalibrationReport report, boolean timings) {
        switch (this) {
            case TABLE:
                return table(report, timings);
            case JSON:
                return Json.write(json(report, timings));
            default:
                return csv(report, timings);
        }
    }

    /**
     * The JSON object of a report.
     *
     * @param report  the report
     * @param timings whether to include seconds
     * @return a map for {@link Json}
     */
    static Map<String, Object> json(CalibrationReport report, boolean timings) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("notion", report.notion().id());
        root.put("samples", report.samples());
        root.put("classes", report.classes());
        root.put("folds", report.folds());
        root.put("testSamples", report.testSamples());
        root.put("split", report.split());
        root.put("recommended", report.recommended());
        root.put("notes", report.notes());
        List<Object> estimators = new ArrayList<>();
        for (EstimatorResult e : report.estimators()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.name());
            m.put("source", e.source());
            if (timings) {
                m.put("seconds", e.seconds());
            }
            m.put("failure", e.failure());
            m.put("best", e.best().map(best -> {
                Map<String, Object> b = new LinkedHashMap<>();
                b.put("hyperparameters", best.hyperparameters());
                b.put("risk", best.risk());
                b.put("riskStdError", best.riskStdError());
                b.put("sqrtRiskTimes100", best.scaledRisk());
                b.put("estimateSquared", best.estimateSquared());
                b.put("estimate", best.estimate());
                if (e.interval() != null) {
                    Map<String, Object> interval = new LinkedHashMap<>();
                    interval.put("lower", e.interval().lower());
                    interval.put("upper", e.interval().upper());
                    interval.put("level", e.interval().level());
                    interval.put("resamples", e.interval().resamples());
                    b.put("estimateInterval", interval);
                }
                return (Object) b;
            }).orElse(null));
            List<Object> grid = new ArrayList<>();
            for (GridPointResult g : e.grid()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("hyperparameters", g.hyperparameters());
                p.put("risk", g.risk());
                p.put("riskStdError", g.riskStdError());
                p.put("estimateSquared", g.estimateSquared());
                p.put("stable", g.stable());
                if (!g.stable()) {
                    p.put("instability", g.instability());
                }
                List<Object> folds = new ArrayList<>();
                for (FoldResult f : g.folds()) {
                    Map<String, Object> fm = new LinkedHashMap<>();
                    fm.put("risk", f.risk());
                    fm.put("estimateSquared", f.estimateSquared());
                    if (!f.diagnostics().isEmpty()) {
                        fm.put("diagnostics", f.diagnostics());
                    }
                    folds.add(fm);
                }
                p.put("folds", folds);
                grid.add(p);
            }
            m.put("grid", grid);
            estimators.add(m);
        }
        root.put("estimators", estimators);
        return root;
    }

    private static String table(CalibrationReport report, boolean timings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s calibration: n = %d, d = %d; %d folds, %d test samples (%s)%n",
                report.notion().id(), report.samples(), report.classes(), report.folds(), report.testSamples(),
                report.split()));
        List<String[]> rows = new ArrayList<>();
        rows.add(timings
                ? new String[] {"", "estimator", "sqrt(risk)x100 ± SE", "CE estimate" + intervalHeader(report),
                    "hyperparameters", "seconds"}
                : new String[] {"", "estimator", "sqrt(risk)x100 ± SE", "CE estimate" + intervalHeader(report),
                    "hyperparameters"});
        for (EstimatorResult e : report.estimators()) {
            String mark = e.name().equals(report.recommended()) ? "*" : "";
            String seconds = String.format(Locale.ROOT, "%.2f", e.seconds());
            if (e.best().isEmpty()) {
                String[] row = {mark, e.name(), "failed", "-", "-", seconds};
                rows.add(timings ? row : java.util.Arrays.copyOf(row, 5));
                continue;
            }
            GridPointResult best = e.best().get();
            String[] row = {
                mark,
                e.name(),
                String.format(Locale.ROOT, "%.4f ± %.4f", best.scaledRisk(), best.scaledRiskStdError()),
                String.format(Locale.ROOT, "%.5f", best.estimate()) + (e.interval() == null ? ""
                        : String.format(Locale.ROOT, " [%.5f, %.5f]", e.interval().lower(), e.interval().upper())),
                compact(best.hyperparameters()),
                seconds,
            };
            rows.add(timings ? row : java.util.Arrays.copyOf(row, 5));
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    line.append("  ");
                }
                boolean numeric = i >= 2;
                String cell = row[i];
                String padding = " ".repeat(width[i] - cell.length());
                line.append(numeric && i != 4 ? padding + cell : cell + padding);
            }
            sb.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
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

    /** Hyperparameters for people: four significant digits (the JSON report keeps every digit). */
    static String compact(Map<String, Double> hyperparameters) {
        StringBuilder sb = new StringBuilder();
        hyperparameters.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(k).append('=').append(v == Math.rint(v) && Math.abs(v) < 1e6
                    ? Hyperparameters.format(v) : fourDigits(v));
        });
        return sb.length() == 0 ? "-" : sb.toString();
    }

    /** {@code %.4g} without trailing zeros: 1e-07 rather than 1.000e-07, 0.0019 rather than 0.001900. */
    static String fourDigits(double v) {
        String text = String.format(Locale.ROOT, "%.4g", v);
        int exponent = text.indexOf('e');
        String mantissa = exponent < 0 ? text : text.substring(0, exponent);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return exponent < 0 ? mantissa : mantissa + text.substring(exponent);
    }

    private static String intervalHeader(CalibrationReport report) {
        return report.estimators().stream().filter(e -> e.interval() != null).findFirst()
                .map(e -> String.format(Locale.ROOT, " [%s%% CI]", Hyperparameters.format(e.interval().level() * 100)))
                .orElse("");
    }

    private static String csv(CalibrationReport report, boolean timings) {
        StringBuilder sb = new StringBuilder();
        int k = report.folds();
        List<String> header = new ArrayList<>(List.of("estimator", "hyperparameters", "risk", "risk_std_error",
                "sqrt_risk_x100", "estimate_squared", "estimate", "estimate_lower", "estimate_upper", "stable", "chosen",
                "recommended"));
        if (timings) {
            header.add("seconds");
        }
        for (int f = 0; f < k; f++) {
            header.add("fold" + f + "_risk");
            header.add("fold" + f + "_estimate_squared");
        }
        sb.append(String.join(",", header)).append('\n');
        for (EstimatorResult e : report.estimators()) {
            if (e.grid().isEmpty()) {
                List<String> row = new ArrayList<>(List.of(quote(e.name()), "", "", "", "", "", "", "", "", "", "", ""));
                if (timings) {
                    row.add(Json.number(e.seconds()));
                }
                for (int f = 0; f < k; f++) {
                    row.add("");
                    row.add("");
                }
                sb.append(String.join(",", row)).append('\n');
                continue;
            }
            for (int i = 0; i < e.grid().size(); i++) {
                GridPointResult g = e.grid().get(i);
                List<String> row = new ArrayList<>();
                row.add(quote(e.name()));
                row.add(quote(Hyperparameters.of(g.hyperparameters()).toString().replace(", ", ";")));
                row.add(Json.number(g.risk()));
                row.add(Json.number(g.riskStdError()));
                row.add(Json.number(g.scaledRisk()));
                row.add(Json.number(g.estimateSquared()));
                row.add(Json.number(g.estimate()));
                boolean chosen = i == e.bestIndex() && e.interval() != null;
                row.add(chosen ? Json.number(e.interval().lower()) : "");
                row.add(chosen ? Json.number(e.interval().upper()) : "");
                row.add(Boolean.toString(g.stable()));
                row.add(Boolean.toString(i == e.bestIndex()));
                row.add(Boolean.toString(i == e.bestIndex() && e.name().equals(report.recommended())));
                if (timings) {
                    row.add(Json.number(e.seconds()));
                }
                for (FoldResult f : g.folds()) {
                    row.add(Json.number(f.risk()));
                    row.add(Json.number(f.estimateSquared()));
                }
                sb.append(String.join(",", row)).append('\n');
            }
        }
        return sb.toString();
    }

    static String quote(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
