package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.pipeline.report.ReportFormat;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Where and how a report is written, shared by {@code evaluate} and {@code compare}. */
final class OutputOptions {

    @Option(names = "--format", paramLabel = "FORMAT", description = "table, json or csv (default: table).")
    String format = "table";

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report to FILE instead of standard output (atomically: a failed run leaves no file). "
            + "Only a regular file is ever replaced, and only with --force.")
    Path output;

    @Option(names = "--force", description = "Overwrite existing output files (regular files only; never a folder, "
            + "device or pipe).")
    boolean force;

    @Option(names = "--no-timings", description = "Leave the seconds out of the report, so that reports of the same input are byte-identical.")
    boolean noTimings;

    /** @return the format, validated */
    ReportFormat format() {
        return ReportFormat.parse(format);
    }

    /**
     * Fails before any work when an output file cannot or may not be written: it exists and
     * --force was not given; it is a folder, a device, a pipe, a socket or a broken link (never
     * replaced, even with --force); its folder does not accept a new file; or two outputs name
     * one file.
     *
     * @param files the files the command will write (nulls ignored)
     * @throws InvalidInputException naming the file and the problem
     */
    void checkWritable(Path... files) {
        OutputFiles.checkAll(force, files);
    }

    /**
     * @param text the report
     * @param out  standard output
     * @throws IOException if the file cannot be written
     */
    void write(String text, PrintWriter out) throws IOException {
        // A table is read on a terminal: what a plugin or a file put into it is shown, not obeyed.
        String shown = format() == ReportFormat.TABLE ? Untrusted.escapeLines(text) : text;
        if (output == null) {
            out.print(shown);
            out.flush();
        } else {
            OutputFiles.written(output, () -> OutputFiles.write(output, force,
                    stream -> stream.write(shown.getBytes(StandardCharsets.UTF_8))));
        }
    }
}
