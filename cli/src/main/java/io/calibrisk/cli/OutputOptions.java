package io.calibrisk.cli;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.io.OutputFiles;
import io.calibrisk.pipeline.report.ReportFormat;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

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
        Set<Path> seen = new HashSet<>();
        for (Path file : files) {
            if (file == null) {
                continue;
            }
            if (!seen.add(file.toAbsolutePath().normalize())) {
                throw new InvalidInputException(file + ": named for two outputs; give each output its own file");
            }
            OutputFiles.check(file, force);
        }
    }

    /** Writes one output file. */
    @FunctionalInterface
    interface Writing {
        /**
         * @throws IOException if writing fails
         */
        void run() throws IOException;
    }

    /**
     * Writes an output file, saying which file failed and why in one line: a refusal at the
     * moment of the move (the file was created meanwhile, or is no longer a regular file) is
     * bad input (exit status 2), any other failure to write is status 1.
     *
     * @param file    the file
     * @param writing what writes it
     * @throws InvalidInputException if the file exists and may not be replaced
     * @throws IOException           naming the file, if writing fails
     */
    static void written(Path file, Writing writing) throws IOException {
        try {
            writing.run();
        } catch (FileAlreadyExistsException e) {
            throw new InvalidInputException(e.getMessage());
        } catch (IOException e) {
            throw new IOException(file + ": cannot write: " + OutputFiles.describe(e), e);
        }
    }

    /**
     * @param text the report
     * @param out  standard output
     * @throws IOException if the file cannot be written
     */
    void write(String text, PrintWriter out) throws IOException {
        // A table is read on a terminal: what a plugin or a file put into it is shown, not obeyed.
        String shown = format() == ReportFormat.TABLE ? escapeLines(text) : text;
        if (output == null) {
            out.print(shown);
            out.flush();
        } else {
            written(output, () -> OutputFiles.write(output, force,
                    stream -> stream.write(shown.getBytes(StandardCharsets.UTF_8))));
        }
    }

    /** Escapes every line of a text, keeping its line breaks. */
    private static String escapeLines(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            int next = end < 0 ? text.length() : end + 1;
            int stop = end < 0 ? text.length() : end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            out.append(Untrusted.escape(text.substring(start, stop), Integer.MAX_VALUE))
                    .append(text, stop, next);
            start = next;
        }
        return out.toString();
    }
}
