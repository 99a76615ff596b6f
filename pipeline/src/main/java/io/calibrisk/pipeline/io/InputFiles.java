package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
     * @param labelsFile n integer labels (or integral floats), or n one-hot rows
     * @param logits     whether the first file holds logits
     * @return the data
     */
    public static Data readNpy(Path probsFile, Path labelsFile, boolean logits) {
        return fromArrays(Npy.read(probsFile), Npy.read(labelsFile), logits);
    }

    /**
     * Reads {@code .npy} probabilities from a stream, e.g. standard input.
     *
     * @param probs      the stream of an n × d array
     * @param labelsFile n integer labels, or n one-hot rows
     * @param logits     whether the stream holds logits
     * @return the data
     */
    public static Data readNpy(InputStream probs, Path labelsFile, boolean logits) {
        NpyArray array;
        try {
            array = Npy.read(probs, -1, "<stdin>");
        } catch (IOException e) {
            throw new InvalidInputException("<stdin>: cannot read: " + e.getMessage());
        }
        return fromArrays(array, Npy.read(labelsFile), logits);
    }

    /**
     * Reads an {@code .npz} archive with an array {@code probs} or {@code logits} (n × d) and
     * an array {@code labels} (n integers or n one-hot rows).
     *
     * @param file the archive
     * @return the data
     */
    public static Data readNpz(Path file) {
        Map<String, NpyArray> arrays = Npz.read(file);
        NpyArray probs = arrays.get("probs");
        NpyArray logits = arrays.get("logits");
        NpyArray labels = arrays.get("labels");
        if (probs != null && logits != null) {
            throw new InvalidInputException(file + ": holds both 'probs' and 'logits'; keep one of them");
        }
        if ((probs == null && logits == null) || labels == null) {
            throw new InvalidInputException(file + ": needs an array 'probs' or 'logits' and an array 'labels'; it holds "
                    + arrays.keySet());
        }
        return fromArrays(probs != null ? probs : logits, labels, logits != null);
    }

    private static Data fromArrays(NpyArray probs, NpyArray labels, boolean logits) {
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
        if (d < 2) {
            throw new InvalidInputException(probs.source() + ": " + d
                    + " class column(s); calibration needs at least 2 classes (for a binary classifier give both columns)");
        }
        int[] labelShape = labels.shape();
        if (labelShape.length == 0 || labelShape.length > 2) {
            throw new InvalidInputException(labels.source() + ": shape " + Arrays.toString(labelShape)
                    + " is neither n labels nor n one-hot rows");
        }
        if (labelShape[0] != n) {
            throw new InvalidInputException(labels.source() + ": " + labelShape[0] + " labels but "
                    + probs.source() + " has " + n + " rows; the numbers of samples must agree");
        }
        int[] classes;
        if (labelShape.length == 1 || labelShape[1] == 1) {
            classes = labels.integers();
        } else if (labelShape[1] == d) {
            classes = oneHot(labels, n, d);
        } else {
            throw new InvalidInputException(labels.source() + ": shape " + Arrays.toString(labelShape)
                    + " is neither " + n + " labels nor " + n + " one-hot rows of " + d + " classes");
        }
        Predictions predictions = logits
                ? Predictions.ofLogits(n, d, probs.values(), probs.source())
                : Predictions.ofProbabilities(n, d, probs.values(), probs.source());
        return new Data(predictions, Labels.of(classes, d, labels.source()));
    }

    private static int[] oneHot(NpyArray labels, int n, int d) {
        double[] v = labels.values();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            int hot = -1;
            for (int k = 0; k < d; k++) {
                double x = v[i * d + k];
                if (x == 1 && hot < 0) {
                    hot = k;
                } else if (x != 0) {
                    throw new InvalidInputException(labels.source() + ": row " + i
                            + " is not one-hot (one 1 and the rest 0)");
                }
            }
            if (hot < 0) {
                throw new InvalidInputException(labels.source() + ": row " + i + " is not one-hot (no 1)");
            }
            out[i] = hot;
        }
        return out;
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
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return readCsv(reader, file.toString(), logits);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + describe(e));
        }
    }

    /**
     * Reads CSV rows as {@link #readCsv(Path, boolean)} does, from any reader (e.g. standard input).
     *
     * @param reader the text
     * @param source its name, for messages
     * @param logits whether the class columns hold logits
     * @return the data
     */
    public static Data readCsv(BufferedReader reader, String source, boolean logits) {
        List<double[]> rows = new ArrayList<>();
        int columns = -1;
        int lineNumber = 0;
        boolean first = true;
        try {
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
            throw new InvalidInputException(source + ": cannot read: " + describe(e));
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
            throw new InvalidInputException(source + ": cannot read: " + describe(e));
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

    private static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
