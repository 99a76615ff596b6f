package io.calibrisk.cli;

import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.report.ReportFormat;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where and how a report is written, shared by {@code evaluate} and {@code compare}. */
final class OutputOptions {

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, json or csv (default: table).")
    String format = "table";

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report to FILE instead of standard output (atomically: a failed run leaves no file).")
    Path output;

    @Option(names = "--force", description = "Overwrite existing output files.")
    boolean force;

    @Option(names = "--no-timings", description = "Leave the seconds out of the report, so that reports of the same input are byte-identical.")
    boolean noTimings;

    /** @return the format, validated */
    ReportFormat format() {
        return ReportFormat.parse(format);
    }

    /**
     * Fails before any work when an output file exists and --force was not given.
     *
     * @param files the files the command will write (nulls ignored)
     */
    void checkWritable(Path... files) {
        for (Path file : files) {
            if (file != null && Files.exists(file) && !force) {
                throw new InvalidInputException(file + ": exists; use --force to overwrite it");
            }
        }
    }

    /**
     * @param text the report
     * @param out  standard output
     * @throws IOException if the file cannot be written
     */
    void write(String text, PrintWriter out) throws IOException {
        if (output == null) {
            out.print(text);
            out.flush();
        } else {
            OutputFiles.write(output, stream -> stream.write(text.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
