package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.io.OutputFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

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
     * The reports of a run over several notions (the same input, split and options): the tables
     * one after another; one JSON object whose {@code reports} holds each whole report; or one
     * CSV whose first column names the notion. A single report renders as
     * {@link #render(CalibrationReport, boolean)} does.
     *
     * @param reports the reports, in the order of their notions; at least one
     * @param timings whether to include the seconds each estimator took
     * @return the text, ending with a line break
     * @throws IllegalArgumentException if there is no report
     */
    public String render(List<CalibrationReport> reports, boolean timings) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("reports: none to render");
        }
        if (reports.size() == 1) {
            return render(reports.get(0), timings);
        }
        switch (this) {
            case TABLE:
                return reports.stream().map(r -> TableReport.of(r, timings)).collect(Collectors.joining(System.lineSeparator()));
            case JSON:
                return JsonReport.ofNotions(reports, timings);
            default:
                return CsvReport.ofNotions(reports, timings);
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
