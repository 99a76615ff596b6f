package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.io.OutputFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The three ways a {@link CalibrationReport} is written: a table in the paper's format, JSON
 * and CSV. Numbers in JSON and CSV carry every digit (the shortest text that reads back as the
 * same double); the table rounds for people.
 *
 * <pre>{@code
 * ReportFormat.JSON.write(report, true, Path.of("report.json"));
 * System.out.print(ReportFormat.TABLE.render(report, true));
 * }</pre>
 */
public enum ReportFormat {
    /** A table for people: estimator, √risk×100 ± SE, CE with its interval, hyperparameters, seconds. */
    TABLE,
    /** The whole report, every grid point and fold, as JSON. */
    JSON,
    /** One row per estimator and grid point, with every fold's risk and estimate, as CSV. */
    CSV;

    /**
     * @param text {@code table}, {@code json} or {@code csv}, in any case
     * @return the format
     * @throws InvalidSettingException if the text names none of them
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
     * @return the text, ending with a line break
     */
    public String render(CalibrationReport report, boolean timings) {
        switch (this) {
            case TABLE:
                return TableReport.of(report, timings);
            case JSON:
                return JsonReport.of(report, timings);
            default:
                return CsvReport.of(report, timings);
        }
    }

    /**
     * Writes the report to a file, UTF-8, atomically: through a temporary file in the same
     * folder, moved into place when complete, so a failure never leaves half a report.
     *
     * @param report  the report
     * @param timings whether to include the seconds each estimator took
     * @param file    the file to create or replace
     * @throws IOException if the file cannot be written; it is then left as it was
     */
    public void write(CalibrationReport report, boolean timings, Path file) throws IOException {
        byte[] bytes = render(report, timings).getBytes(StandardCharsets.UTF_8);
        OutputFiles.write(file, out -> out.write(bytes));
    }
}
