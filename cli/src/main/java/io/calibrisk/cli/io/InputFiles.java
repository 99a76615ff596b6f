package io.calibrisk.cli.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.data.Labels;
import io.calibrisk.api.data.Predictions;
import io.calibrisk.api.data.Split;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads predictions, labels and splits from files, and checks them before any work starts.
 * Every problem is one {@link InvalidInputException} naming the file, the row (0-based sample
 * index) or line (1-based), and the problem.
 */
public final class InputFiles {

    private InputFiles() {
    }

    /**
     * Predictions and labels read together.
     *
     * @param predictions the predictions
     * @param labels      the labels
     */
    public record Data(Predictions predictions, Labels labels) {
    }

    /**
     * Reads {@code .npy} probabilities (or logits) and labels.
     *
     * @param probsFile  an n × d float32 or float64 array
     * @param labelsFile an n-vector of integers (or integral floats)
     * @param logits     whether the first file holds logits
     * @return the data
     */
    public static Data readNpy(Path probsFile, Path labelsFile, boolean logits) {
        NpyArray probs = Npy.read(probsFile);
        NpyArray labels = Npy.read(labelsFile);
        if (!probs.floating()) {
            throw new InvalidInputException(probs.source() + ": dtype " + probs.dtype()
                    + " is an integer type; probabilities must be float32 or float64");
        }
        if (probs.rank() != 2) {
            throw new InvalidInputException(probs.source() + ": shape " + Arrays.toString(probs.shape())
                    + " is not n × d; probabilities must be a 2-D array, one row per sample");
        }
        int n = probs.shape()[0];
        int d = probs.shape()[1];
        if (n == 0) {
            throw new InvalidInputException(probs.source() + ": no samples (shape " + Arrays.toString(probs.shape()) + ")");
        }
        int[] labelShape = labels.shape();
        boolean vector = labelShape.length == 1 || (labelShape.length == 2 && labelShape[1] == 1);
        if (!vector) {
            throw new InvalidInputException(labels.source() + ": shape " + Arrays.toString(labelShape)
                    + " is not a vector of n labels");
        }
        if (labelShape[0] != n) {
            throw new InvalidInputException(labels.source() + ": " + labelShape[0] + " labels but "
                    + probs.source() + " has " + n + " rows; the numbers of samples must agree");
        }
        Predictions predictions = logits
                ? Predictions.ofLogits(n, d, probs.values(), probs.source())
                : Predictions.ofProbabilities(n, d, probs.values(), probs.source());
        return new Data(predictions, Labels.of(labels.integers(), d, labels.source()));
    }

    /**
     * Reads a CSV file with one row per sample: the d class columns, then the label, with an
     * optional header (a first line that is not all numbers). Fields are separated by commas.
     *
     * @param file   the CSV file
     * @param logits whether the class columns hold logits
     * @return the data
     */
    public static Data readCsv(Path file, boolean logits) {
        String source = file.toString();
        List<double[]> rows = new ArrayList<>();
        int columns = -1;
        int lineNumber = 0;
        boolean first = true;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                String[] fields = line.split(",", -1);
                if (first) {
                    first = false;
                    if (isHeader(fields)) {
                        checkHeader(fields, source);
                        columns = fields.length;
                        continue;
                    }
                }
                if (columns < 0) {
                    columns = fields.length;
                } else if (fields.length != columns) {
                    throw new InvalidInputException(source + ": line " + lineNumber + " has " + fields.length
                            + " fields but the first line has " + columns);
                }
                double[] row = new double[fields.length];
                for (int k = 0; k < fields.length; k++) {
                    row[k] = parseNumber(fields[k], source, lineNumber, k);
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + (e.getMessage() == null ? e : e.getMessage()));
        } catch (java.io.UncheckedIOException e) {
            throw new InvalidInputException(source + ": cannot read: " + e.getCause().getMessage());
        }
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
                throw new InvalidInputException(source + ": row " + i + ": label " + label + " is not an integer");
            }
            labels[i] = (int) label;
        }
        Predictions predictions = logits
                ? Predictions.ofLogits(n, d, values, source)
                : Predictions.ofProbabilities(n, d, values, source);
        return new Data(predictions, Labels.of(labels, d, source + " (label column)"));
    }

    private static boolean isHeader(String[] fields) {
        for (String field : fields) {
            try {
                Double.parseDouble(field.strip());
            } catch (NumberFormatException e) {
                return true;
            }
        }
        return false;
    }

    private static void checkHeader(String[] fields, String source) {
        Set<String> names = new HashSet<>();
        for (String field : fields) {
            String name = field.strip();
            if (!names.add(name)) {
                throw new InvalidInputException(source + ": line 1: header names column '" + name + "' twice");
            }
        }
    }

    private static double parseNumber(String field, String source, int line, int column) {
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
                    + abbreviate(text) + "' is not a number");
        }
    }

    /**
     * Reads a split file: one integer per line, one line per sample, −1 for the test split and
     * 0..k−1 for the fold.
     *
     * @param file    the split file
     * @param samples the number of samples n the split must cover
     * @return the split
     */
    public static Split readSplit(Path file, int samples) {
        String source = file.toString();
        List<Integer> values = new ArrayList<>();
        int lineNumber = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                String text = line.strip();
                if (text.isEmpty()) {
                    continue;
                }
                try {
                    values.add(Integer.parseInt(text));
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(source + ": line " + lineNumber + ": '" + abbreviate(text)
                            + "' is not an integer; use -1 for the test split and 0..k-1 for folds");
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + (e.getMessage() == null ? e : e.getMessage()));
        } catch (java.io.UncheckedIOException e) {
            throw new InvalidInputException(source + ": cannot read: " + e.getCause().getMessage());
        }
        if (values.size() != samples) {
            throw new InvalidInputException(source + ": " + values.size() + " lines for " + samples
                    + " samples; the split needs one line per sample");
        }
        int[] assignment = new int[samples];
        for (int i = 0; i < samples; i++) {
            assignment[i] = values.get(i);
        }
        return Split.of(assignment, source);
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
