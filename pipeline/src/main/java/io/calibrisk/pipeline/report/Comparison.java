package io.calibrisk.pipeline.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reports of several models side by side: rows are estimators, columns are models. The table
 * holds √risk×100 ± SE (the recommended estimator of each model marked), then the CE estimates
 * with their bootstrap intervals; JSON holds every model's whole report; CSV one row per model
 * and estimator.
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
     * @param models  the models, in column order; at least one, all of one notion
     * @param format  table, json or csv
     * @param timings whether to include seconds (JSON only; the table and CSV have none)
     * @return the text, ending with a line break
     */
    public static String render(List<Model> models, ReportFormat format, boolean timings) {
        switch (format) {
            case TABLE:
                return TableReport.of(models);
            case JSON:
                return JsonReport.of(models, timings);
            default:
                return CsvReport.of(models);
        }
    }

    /**
     * @param models the models
     * @return every estimator that any model ran, in the order first met
     */
    static Set<String> estimatorNames(List<Model> models) {
        Set<String> names = new LinkedHashSet<>();
        for (Model m : models) {
            m.report().estimators().forEach(e -> names.add(e.name()));
        }
        return names;
    }
}
