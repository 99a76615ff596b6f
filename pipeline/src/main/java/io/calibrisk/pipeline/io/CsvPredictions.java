package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Predictions and labels from CSV (RFC 4180, parsed by Apache Commons CSV): one record per
 * sample, the d class columns, then the label. Fields may be quoted, lines may end in LF or
 * CRLF, a UTF-8 byte-order mark is skipped, blank lines are ignored, and a first record that
 * is not all numbers is a header.
 */
final class CsvPredictions {
    private static final char BYTE_ORDER_MARK = '\uFEFF';
    // Empty lines stay records, so that the parser's line count gives every record its line.
    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setIgnoreEmptyLines(false).get();

    private CsvPredictions() {
    }

    /**
     * @param text   the CSV text; read to its end, not closed
     * @param source its name, for messages
     * @param scores what the class columns hold
     * @return the checked predictions and labels
     * @throws IOException           if reading fails
     * @throws InvalidInputException if the text is not such a table
     */
    static LabelledPredictions read(Reader text, String source, Scores scores) throws IOException {
        List<double[]> rows = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        int columns = -1;
        long line = 0;
        boolean first = true;
        CSVParser parser = CSVParser.parse(new LineLimit(withoutByteOrderMark(text)), FORMAT);
        Iterator<CSVRecord> records = parser.iterator();
        while (true) {
            CSVRecord record;
            try {
                if (!records.hasNext()) {
                    break;
                }
                record = records.next();
            } catch (UncheckedIOException e) {
                throw malformed(e.getCause(), source, line + 1);
            }
            // A record starts on the line after the previous one ended (quoted fields may span lines).
            long start = line + 1;
            line = parser.getCurrentLineNumber();
            List<String> fields = record.toList();
            if (fields.size() == 1 && fields.get(0).isBlank()) {
                continue;
            }
            if (first) {
                first = false;
                if (isHeader(fields)) {
                    checkHeader(fields, source, start);
                    columns = fields.size();
                    continue;
                }
            }
            if (columns < 0) {
                columns = fields.size();
            } else if (fields.size() != columns) {
                throw new InvalidInputException(source + ": line " + start + " has " + fields.size()
                        + " fields but the first line has " + columns);
            }
            double[] row = new double[fields.size()];
            for (int k = 0; k < row.length; k++) {
                row[k] = parseNumber(fields.get(k), source, start, k);
            }
            rows.add(row);
            lines.add(start);
        }
        return toPredictions(rows, lines, columns, source, scores);
    }

    private static LabelledPredictions toPredictions(List<double[]> rows, List<Long> lines, int columns, String source,
                                                     Scores scores) {
        if (rows.isEmpty()) {
            throw new InvalidInputException(source + ": no samples (the file is empty or holds only a header)");
        }
        int d = columns - 1;
        if (d < 2) {
            throw new InvalidInputException(source + ": " + columns + " column(s); a row needs the d ≥ 2 class "
                    + "columns, then the label");
        }
        int n = rows.size();
        double[] values = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            double[] row = rows.get(i);
            System.arraycopy(row, 0, values, i * d, d);
            double label = row[d];
            if (label != Math.rint(label) || Math.abs(label) > Integer.MAX_VALUE) {
                throw new InvalidInputException(source + ": line " + lines.get(i) + ": label " + label
                        + " is not an integer");
            }
            labels[i] = (int) label;
        }
        Predictions predictions = scores == Scores.LOGITS
                ? Predictions.ofLogits(n, d, values, source)
                : Predictions.ofProbabilities(n, d, values, source);
        return new LabelledPredictions(predictions, Labels.of(labels, d, source + " (label column)"));
    }

    /** Spreadsheets save "CSV UTF-8" with a byte-order mark, which would stick to the first field. */
    private static Reader withoutByteOrderMark(Reader text) throws IOException {
        BufferedReader reader = text instanceof BufferedReader ? (BufferedReader) text : new BufferedReader(text);
        reader.mark(1);
        if (reader.read() != BYTE_ORDER_MARK) {
            reader.reset();
        }
        return reader;
    }

    private static InvalidInputException malformed(IOException cause, String source, long line) {
        String reason = cause.getMessage() == null ? "unreadable" : cause.getMessage();
        if (reason.contains("EOF reached before encapsulated token finished")) {
            reason = "a quoted field is never closed";
        } else if (reason.contains("Invalid character between encapsulated token and delimiter")) {
            reason = "text after the closing quote of a field";
        }
        return new InvalidInputException(source + ": line " + line + ": malformed CSV: " + reason);
    }

    private static boolean isHeader(List<String> fields) {
        for (String field : fields) {
            try {
                Double.parseDouble(field.strip());
            } catch (NumberFormatException e) {
                return true;
            }
        }
        return false;
    }

    private static void checkHeader(List<String> fields, String source, long line) {
        Set<String> names = new HashSet<>();
        for (String field : fields) {
            String name = field.strip();
            if (!names.add(name)) {
                throw new InvalidInputException(source + ": line " + line + ": header names column '" + name + "' twice");
            }
        }
    }

    private static double parseNumber(String field, String source, long line, int column) {
        String text = field.strip();
        if (text.isEmpty()) {
            throw new InvalidInputException(source + ": line " + line + ", field " + (column + 1) + " is empty");
        }
        try {
            double v = Double.parseDouble(text);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new InvalidInputException(source + ": line " + line + ", field " + (column + 1) + ": "
                        + text + " is not a finite number");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InvalidInputException(source + ": line " + line + ", field " + (column + 1) + ": '"
                    + IoMessages.abbreviate(text, 40) + "' is not a number");
        }
    }
}
