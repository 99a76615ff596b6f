package io.calibrisk.pipeline.report;

import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reports of several models side by side: rows are estimators, columns are models. The first
 * table holds √risk×100 ± SE (the recommended estimator of each model marked), the second the
 * CE estimates with their bootstrap intervals.
 */
public final class Comparison {

    /**
     * One model's report.
     *
     * @param name   the model's name (a column)
     * @param source where its predictions came from
     * @param report its report
     */
    public record Model(String name, String source, CalibrationReport report) {
    }

    private Comparison() {
    }

    /**
     * @param models  the models, in column order
     * @param format  table, json or csv
     * @param timings whether to include seconds
     * @return the text
     */
    public static String render(List<Model> models, ReportFormat format, boolean timings) {
        switch (format) {
            case TABLE:
                return table(models);
            case JSON: {
                Map<String, Object> root = new LinkedHashMap<>();
                root.put("notion", models.get(0).report().notion().id());
                List<Object> list = new ArrayList<>();
                for (Model m : models) {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("name", m.name());
                    entry.put("source", m.source());
                    entry.put("report", ReportFormat.json(m.report(), timings));
                    list.add(entry);
                }
                root.put("models", list);
                return Json.write(root);
            }
            default:
                return csv(models);
        }
    }

    private static Set<String> estimators(List<Model> models) {
        Set<String> names = new LinkedHashSet<>();
        for (Model m : models) {
            m.report().estimators().forEach(e -> names.add(e.name()));
        }
        return names;
    }

    private static String table(List<Model> models) {
        CalibrationReport first = models.get(0).report();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s calibration of %d models; %d folds (%s)%n", first.notion().id(),
                models.size(), first.folds(), first.split()));
        List<String> header = new ArrayList<>(List.of("estimator"));
        models.forEach(m -> header.add(m.name()));

        List<List<String>> risk = new ArrayList<>();
        risk.add(header);
        List<List<String>> estimate = new ArrayList<>();
        estimate.add(header);
        for (String name : estimators(models)) {
            List<String> riskRow = new ArrayList<>(List.of(name));
            List<String> estimateRow = new ArrayList<>(List.of(name));
            for (Model m : models) {
                Optional<EstimatorResult> result = m.report().estimator(name);
                Optional<GridPointResult> best = result.flatMap(EstimatorResult::best);
                if (best.isEmpty()) {
                    String cell = result.isPresent() ? "failed" : "-";
                    riskRow.add(cell);
                    estimateRow.add(cell);
                    continue;
                }
                boolean recommended = name.equals(m.report().recommended());
                riskRow.add(String.format(Locale.ROOT, "%.4f ± %.4f%s", best.get().scaledRisk(),
                        best.get().scaledRiskStdError(), recommended ? " *" : ""));
                EstimatorResult e = result.get();
                estimateRow.add(String.format(Locale.ROOT, "%.5f", best.get().estimate()) + (e.interval() == null ? ""
                        : String.format(Locale.ROOT, " [%.5f, %.5f]", e.interval().lower(), e.interval().upper())));
            }
            risk.add(riskRow);
            estimate.add(estimateRow);
        }
        sb.append(System.lineSeparator()).append("sqrt(risk)x100 ± SE (* recommended: the lowest validation risk)")
                .append(System.lineSeparator());
        align(risk, sb);
        sb.append(System.lineSeparator()).append("CE estimate").append(intervalTitle(models)).append(System.lineSeparator());
        align(estimate, sb);
        for (Model m : models) {
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

    private static String intervalTitle(List<Model> models) {
        for (Model m : models) {
            for (EstimatorResult e : m.report().estimators()) {
                if (e.interval() != null) {
                    return String.format(Locale.ROOT, " [%s%% bootstrap interval]",
                            io.calibrisk.api.search.Hyperparameters.format(e.interval().level() * 100));
                }
            }
        }
        return "";
    }

    private static void align(List<List<String>> rows, StringBuilder sb) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    line.append("  ");
                }
                line.append(row.get(i)).append(" ".repeat(width[i] - row.get(i).length()));
            }
            sb.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
    }

    private static String csv(List<Model> models) {
        StringBuilder sb = new StringBuilder("model,estimator,hyperparameters,sqrt_risk_x100,sqrt_risk_x100_std_error,"
                + "risk,risk_std_error,estimate,estimate_lower,estimate_upper,recommended,failure\n");
        for (Model m : models) {
            for (EstimatorResult e : m.report().estimators()) {
                List<String> row = new ArrayList<>();
                row.add(ReportFormat.quote(m.name()));
                row.add(ReportFormat.quote(e.name()));
                Optional<GridPointResult> best = e.best();
                row.add(best.map(b -> ReportFormat.quote(ReportFormat.compact(b.hyperparameters()).replace(", ", ";"))).orElse(""));
                row.add(best.map(b -> Json.number(b.scaledRisk())).orElse(""));
                row.add(best.map(b -> Json.number(b.scaledRiskStdError())).orElse(""));
                row.add(best.map(b -> Json.number(b.risk())).orElse(""));
                row.add(best.map(b -> Json.number(b.riskStdError())).orElse(""));
                row.add(best.map(b -> Json.number(b.estimate())).orElse(""));
                row.add(e.interval() == null ? "" : Json.number(e.interval().lower()));
                row.add(e.interval() == null ? "" : Json.number(e.interval().upper()));
                row.add(Boolean.toString(e.name().equals(m.report().recommended())));
                row.add(e.failure() == null ? "" : ReportFormat.quote(e.failure()));
                sb.append(String.join(",", row)).append('\n');
            }
        }
        return sb.toString();
    }
}
