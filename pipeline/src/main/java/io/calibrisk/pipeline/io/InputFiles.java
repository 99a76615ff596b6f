package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads predictions, labels and splits from files, and checks them before any work starts:
 * the entry point for an application that embeds calibrisk.
 *
 * <pre>{@code
 * LabelledPredictions input = InputFiles.readNpy(Path.of("probs.npy"), Path.of("labels.npy"), Scores.PROBABILITIES);
 * CalibrationReport report = Calibrisk.builder().build().evaluate(input.predictions(), input.labels());
 * }</pre>
 *
 * <p>Inputs: NumPy {@code .npy} arrays (float32/float64 probabilities or logits, C or Fortran
 * order, either byte order; integer, integral float or one-hot labels), {@code .npz} archives
 * of them, CSV files, and either kind from a stream such as standard input. Every problem is
 * one {@link InvalidInputException} naming the file, the row (the sample, counted from 1) or
 * line (counted from 1), and the problem. Arrays of an {@code .npz} archive other than those
 * read are ignored unread.
 */
public final class InputFiles {
    /** The arrays of an .npz archive that calibrisk reads. */
    private static final Set<String> NPZ_ARRAYS = Set.of("probs", "logits", "labels");
    /** The first bytes of a zip archive: a local file header. */
    private static final byte[] ZIP_SIGNATURE = {'P', 'K', 3, 4};
    /** Spreadsheets and Windows editors start UTF-8 text with it. */
    private static final String BYTE_ORDER_MARK = "\uFEFF";

    private InputFiles() {
    }

    /**
     * Reads a file that holds both predictions and labels, by its extension: an {@code .npz}
     * archive ({@link #readNpz}; its array names say whether it holds probabilities or
     * logits) or anything else as CSV ({@link #readCsv(Path, Scores)}). A pipe or device, whose
     * name says nothing ({@code <(…)} names {@code /dev/fd/63}), is read once, as an archive if
     * it starts with a zip signature and as CSV otherwise.
     *
     * @param file   the file
     * @param scores what the class columns of a CSV file hold
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the file and the problem
     */
    public static LabelledPredictions read(Path file, Scores scores) {
        if (InputFile.isStream(file)) {
            return readStream(file, scores);
        }
        Path name = file.getFileName();
        if (name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".npz")) {
            return readNpz(file);
        }
        return readCsv(file, scores);
    }

    /** An .npz archive if the stream starts with a zip signature, CSV otherwise. */
    private static LabelledPredictions readStream(Path file, Scores scores) {
        // a FileInputStream: the stream of Files.newInputStream asks a pipe for its position
        // when a buffer asks how much is available, and fails with "Illegal seek" (JDK 17)
        try (InputStream raw = new FileInputStream(file.toFile())) {
            BufferedInputStream in = new BufferedInputStream(raw);
            in.mark(ZIP_SIGNATURE.length);
            byte[] head = in.readNBytes(ZIP_SIGNATURE.length);
            in.reset();
            if (Arrays.equals(head, ZIP_SIGNATURE)) {
                List<String> names = new ArrayList<>();
                return fromNpz(file, Npz.read(in, file.toString(), NPZ_ARRAYS, names), names);
            }
            // a decoder of its own reports malformed input, as Files.newBufferedReader does
            return csvFile(file, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder())),
                    scores);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /**
     * Reads {@code .npy} probabilities (or logits) and labels.
     *
     * @param probsFile  an n × d float32 or float64 array
     * @param labelsFile n integer labels (or integral floats), or n one-hot rows
     * @param scores     what the first file holds
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the file and the problem
     */
    public static LabelledPredictions readNpy(Path probsFile, Path labelsFile, Scores scores) {
        NpyArray probs = Npy.read(probsFile);
        NpyArray labels = Npy.read(labelsFile);
        return fromArrays(probs, labels, scores).withFiles(List.of(
                InputFile.of(scores == Scores.LOGITS ? "logits" : "probs", probsFile,
                        List.of(InputFile.ArrayShape.of("probs", probs))),
                InputFile.of("labels", labelsFile, List.of(InputFile.ArrayShape.of("labels", labels)))));
    }

    /**
     * Reads {@code .npy} probabilities (or logits) from a stream, e.g. standard input, and
     * labels from a file.
     *
     * @param probs      the stream of an n × d array; read, not closed
     * @param source     the stream's name, for messages, e.g. {@code <stdin>}
     * @param labelsFile n integer labels, or n one-hot rows
     * @param scores     what the stream holds
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the source and the problem
     */
    public static LabelledPredictions readNpy(InputStream probs, String source, Path labelsFile, Scores scores) {
        NpyArray array;
        try {
            array = Npy.read(probs, -1, source);
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        }
        NpyArray labels = Npy.read(labelsFile);
        return fromArrays(array, labels, scores).withFiles(List.of(
                InputFile.ofStream(scores == Scores.LOGITS ? "logits" : "probs", source,
                        List.of(InputFile.ArrayShape.of("probs", array))),
                InputFile.of("labels", labelsFile, List.of(InputFile.ArrayShape.of("labels", labels)))));
    }

    /**
     * Reads an {@code .npz} archive with an array {@code probs} or {@code logits} (n × d) and
     * an array {@code labels} (n integers or n one-hot rows).
     *
     * @param file the archive
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the archive (and array) and the problem
     */
    public static LabelledPredictions readNpz(Path file) {
        List<String> names = new ArrayList<>();
        return fromNpz(file, Npz.read(file, NPZ_ARRAYS, names), names);
    }

    private static LabelledPredictions fromNpz(Path file, Map<String, NpyArray> arrays, List<String> names) {
        NpyArray probs = arrays.get("probs");
        NpyArray logits = arrays.get("logits");
        NpyArray labels = arrays.get("labels");
        if (probs != null && logits != null) {
            throw new InvalidInputException(file + ": holds both 'probs' and 'logits'; keep one of them");
        }
        if ((probs == null && logits == null) || labels == null) {
            throw new InvalidInputException(file + ": needs an array 'probs' or 'logits' and an array 'labels'; it holds "
                    + IoMessages.abbreviate(names.toString(), 200));
        }
        List<InputFile.ArrayShape> shapes = new ArrayList<>();
        arrays.forEach((name, array) -> shapes.add(InputFile.ArrayShape.of(name, array)));
        return fromArrays(probs != null ? probs : logits, labels, Scores.of(logits != null))
                .withFiles(List.of(InputFile.of("input", file, shapes)));
    }

    private static LabelledPredictions fromArrays(NpyArray probs, NpyArray labels, Scores scores) {
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
        Predictions predictions = scores == Scores.LOGITS
                ? Predictions.ofLogits(n, d, probs.values(), probs.source())
                : Predictions.ofProbabilities(n, d, probs.values(), probs.source());
        return new LabelledPredictions(predictions, Labels.of(classes, d, labels.source()));
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
                    throw new InvalidInputException(labels.source() + ": row " + (i + 1)
                            + " is not one-hot (one 1 and the rest 0)");
                }
            }
            if (hot < 0) {
                throw new InvalidInputException(labels.source() + ": row " + (i + 1) + " is not one-hot (no 1)");
            }
            out[i] = hot;
        }
        return out;
    }

    /**
     * Reads a CSV file with one row per sample: the d class columns, then the label, with an
     * optional header (a first row that is not all numbers). Fields may be quoted (RFC 4180),
     * lines may end in LF or CRLF, and a UTF-8 byte-order mark is skipped.
     *
     * @param file   the CSV file, UTF-8
     * @param scores what the class columns hold
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the file, the line and the problem
     */
    public static LabelledPredictions readCsv(Path file, Scores scores) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return csvFile(file, reader, scores);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /** CSV rows from a file's text, with the file recorded as the input. */
    private static LabelledPredictions csvFile(Path file, Reader text, Scores scores) throws IOException {
        LabelledPredictions read = CsvPredictions.read(text, file.toString(), scores);
        return read.withFiles(List.of(InputFile.of("input", file, List.of(csvRows(read)))));
    }

    /**
     * Reads CSV rows as {@link #readCsv(Path, Scores)} does, from any text, e.g. standard input.
     *
     * @param text   the text; read to its end, not closed
     * @param source its name, for messages
     * @param scores what the class columns hold
     * @return the checked predictions and labels
     * @throws InvalidInputException naming the source, the line and the problem
     */
    public static LabelledPredictions readCsv(Reader text, String source, Scores scores) {
        try {
            LabelledPredictions read = CsvPredictions.read(text, source, scores);
            return read.withFiles(List.of(InputFile.ofStream("input", source, List.of(csvRows(read)))));
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        }
    }

    /** A CSV file's rows: n samples of d class columns and the label. */
    private static InputFile.ArrayShape csvRows(LabelledPredictions read) {
        return new InputFile.ArrayShape("rows", "text", List.of(read.predictions().size(),
                read.predictions().classes() + 1));
    }

    /**
     * Describes a split file for a report's record of the run.
     *
     * @param file    the split file
     * @param samples the number of samples it assigns
     * @return its path, size, SHA-256 and shape
     * @throws InvalidInputException if the file cannot be read
     */
    public static InputFile describeSplit(Path file, int samples) {
        return InputFile.of("split", file, List.of(new InputFile.ArrayShape("split", "text", List.of(samples))));
    }

    /**
     * Reads a split file: one integer per line, one line per sample, −1 for the test split and
     * 0..k−1 for the fold. A UTF-8 byte-order mark at the start is skipped, lines may end in LF
     * or CRLF, and blank lines at the end are ignored; a blank line between two values is
     * refused, so that line i is always sample i.
     *
     * @param file    the split file
     * @param samples the number of samples n the split must cover
     * @return the split
     * @throws InvalidInputException naming the file, the line (counted from 1) and the problem
     */
    public static Split readSplit(Path file, int samples) {
        String source = file.toString();
        // a file far longer than the samples (the wrong file) is still read to the end, for its
        // line count and its first bad line, but holds no more than the samples in memory
        int[] assignment = new int[samples];
        long count = 0;
        long lineNumber = 0;
        long blank = 0;
        try (BufferedReader reader = new BufferedReader(new LineLimit(Files.newBufferedReader(file,
                StandardCharsets.UTF_8)))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                if (lineNumber == 1 && line.startsWith(BYTE_ORDER_MARK)) {
                    line = line.substring(1);
                }
                String text = line.strip();
                if (text.isEmpty()) {
                    blank = blank == 0 ? lineNumber : blank;
                    continue;
                }
                if (blank != 0) {
                    throw new InvalidInputException(source + ": line " + blank + " is blank; the split needs one "
                            + "integer per sample and line, with no gaps");
                }
                try {
                    int value = Integer.parseInt(text);
                    if (count < samples) {
                        assignment[(int) count] = value;
                    }
                    count++;
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(source + ": line " + lineNumber + ": '"
                            + IoMessages.abbreviate(text, 40)
                            + "' is not an integer; use -1 for the test split and 0..k-1 for folds");
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException(source + ": cannot read: " + IoMessages.describe(e));
        }
        if (count != samples) {
            throw new InvalidInputException(source + ": " + count + " lines for " + samples
                    + " samples; the split needs one line per sample");
        }
        return Split.of(assignment, source);
    }
}
