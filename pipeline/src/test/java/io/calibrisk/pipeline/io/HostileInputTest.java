package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input files with extra content, invisible marks and bytes meant for a terminal. */
class HostileInputTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final Generators.Dataset DATA = Generators.dataset(40, 3, Generators.RowStyle.SPREAD, 11);

    @TempDir
    Path folder;

    private static byte[] probs() {
        return NpyFiles.npy("<f8", false, "(40, 3)", NpyFiles.doubles(LE, DATA.samples().probabilities()));
    }

    private static byte[] labels() {
        return NpyFiles.npy("<i8", false, "(40,)", NpyFiles.longs(LE,
                Arrays.stream(DATA.samples().labels()).asLongStream().toArray()));
    }

    private static String message(org.junit.jupiter.api.function.Executable read) {
        return assertThrows(InvalidInputException.class, read).getMessage();
    }

    /** No character a terminal would act on, and no invisible one. */
    private static void assertVisible(String text) {
        assertTrue(text.codePoints().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0xfeff), text);
    }

    /** Arrays calibrisk does not use are skipped unread, whatever they hold: strings, objects, a huge matrix. */
    @Test
    void unusedNpzArraysAreIgnoredWithoutBeingParsed() throws IOException {
        Map<String, byte[]> arrays = new LinkedHashMap<>();
        arrays.put("names", NpyFiles.npy("<U10", false, "(40,)", new byte[1600]));
        arrays.put("probs", probs());
        arrays.put("meta", NpyFiles.npy("|O", false, "(1,)", "\u0080\u0004cos\nsystem\n".getBytes(
                StandardCharsets.ISO_8859_1)));
        arrays.put("features", NpyFiles.npy("<f8", false, "(100000000000, 100000)", new byte[64]));
        arrays.put("labels", labels());
        arrays.put("garbage", "not an array at all".getBytes(StandardCharsets.UTF_8));
        for (boolean compressed : new boolean[] {false, true}) {
            Path npz = NpyFiles.write(folder, "extra-" + compressed + ".npz", NpyFiles.npz(arrays, compressed));
            LabelledPredictions read = InputFiles.readNpz(npz);
            assertArrayEquals(DATA.samples().probabilities(), read.predictions().points().toArray());
            assertArrayEquals(DATA.samples().labels(), read.labels().toArray());
            // Read all, the same archive is refused: the extra arrays were really skipped, not merely tolerated.
            assertThrows(InvalidInputException.class, () -> Npz.read(npz));
            List<String> names = new ArrayList<>();
            assertEquals(Set.of("probs", "labels"), Npz.read(npz, Set.of("probs", "logits", "labels"), names).keySet());
            assertEquals(List.of("names", "probs", "meta", "features", "labels", "garbage"), names);
        }
    }

    @Test
    void arrayNamesInAMessageAreEscaped() throws IOException {
        Path npz = NpyFiles.write(folder, "evil.npz", NpyFiles.npz(Map.of("\u001b[31mprobs\u0007", probs(),
                "labels", labels()), false));
        String m = message(() -> InputFiles.readNpz(npz));
        assertTrue(m.contains("\\x1b[31mprobs\\x07"), m);
        assertVisible(m);
    }

    /** A header that holds ESC, BEL, CR and bytes that are not UTF-8: the message shows them, the terminal does not obey them. */
    @Test
    void npyHeaderBytesAreEscapedInMessages() throws IOException {
        String hostile = "<f8\u001b]0;owned\u0007\u001b[2J\rok\u00ff\u00c3";
        Path dtype = NpyFiles.write(folder, "dtype.npy", NpyFiles.npy(hostile, false, "(2,)", new byte[16]));
        String m = message(() -> InputFiles.readNpy(dtype, dtype, Scores.PROBABILITIES));
        assertEquals(dtype + ": unsupported dtype '<f8\\x1b]0;owned\\x07\\x1b[2J\\x0dok\\xff\\xc3'; use float32 or "
                + "float64 for probabilities and an integer type for labels", m);
        byte[] bytes = NpyFiles.npy("<f8", false, "(2,)", new byte[16]);
        bytes[10] = 0x1b;
        bytes[11] = (byte) 0x9b;
        Path header = NpyFiles.write(folder, "header.npy", bytes);
        String notADict = message(() -> InputFiles.readNpy(header, header, Scores.PROBABILITIES));
        assertTrue(notADict.contains("\\x1b\\x9b"), notADict);
        assertVisible(notADict);
        byte[] shape = NpyFiles.npy("<f8", false, "(2\u001b[8m,)", new byte[16]);
        Path badShape = NpyFiles.write(folder, "shape.npy", shape);
        String s = message(() -> InputFiles.readNpy(badShape, badShape, Scores.PROBABILITIES));
        assertTrue(s.contains("(2\\x1b[8m,)"), s);
    }

    @Test
    void csvFieldsAreEscapedInMessages() {
        String m = message(() -> InputFiles.readCsv(new StringReader("0.2,0.3,0.5,1\n0.2,\u001b[31mx\u0007,0.5,1\n"),
                "in.csv", Scores.PROBABILITIES));
        assertEquals("in.csv: line 2, field 2: '\\x1b[31mx\\x07' is not a number", m);
    }

    /** A text without line breaks that never ends, as /dev/zero or a binary file given by mistake. */
    @Test
    void aTextWithoutEndOrLineBreaksIsRefusedBeforeItFillsTheHeap() throws IOException {
        java.io.Reader endless = new java.io.Reader() {
            @Override
            public int read(char[] buffer, int offset, int length) {
                java.util.Arrays.fill(buffer, offset, offset + length, '0');
                return length;
            }

            @Override
            public void close() {
            }
        };
        String m = message(() -> InputFiles.readCsv(endless, "<stdin>", Scores.PROBABILITIES));
        assertEquals("<stdin>: line 1: malformed CSV: a line is longer than 1 MiB characters; this is not a text file "
                + "of samples", m);
        Path split = split("one-line.txt", "-1 ".repeat(LineLimit.MAX_LINE));
        assertTrue(message(() -> InputFiles.readSplit(split, 8)).endsWith("cannot read: a line is longer than 1 MiB "
                + "characters; this is not a text file of samples"));
    }

    private Path split(String name, String text) throws IOException {
        return Files.write(folder.resolve(name), text.getBytes(StandardCharsets.UTF_8));
    }

    private static String lines(int... values) {
        StringBuilder text = new StringBuilder();
        for (int v : values) {
            text.append(v).append('\n');
        }
        return text.toString();
    }

    /** Spreadsheets and Windows editors start a text file with a byte-order mark: it is accepted, as it is for CSV. */
    @Test
    void aSplitFileWithAByteOrderMarkIsAccepted() throws IOException {
        int[] assignment = {-1, -1, 0, 0, 1, 1, 0, 1};
        Split plain = InputFiles.readSplit(split("plain.txt", lines(assignment)), 8);
        Split marked = InputFiles.readSplit(split("bom.txt", "\uFEFF" + lines(assignment)), 8);
        Split windows = InputFiles.readSplit(split("crlf.txt", "\uFEFF" + lines(assignment).replace("\n", "\r\n")
                + "\r\n\r\n"), 8);
        for (Split s : List.of(marked, windows)) {
            assertEquals(plain, s);
        }
    }

    /** Line numbers are the file's, from 1: a gap would make line i another sample than i, so it is refused. */
    @Test
    void splitFileProblemsNameTheLineFromOne() throws IOException {
        Path gap = split("gap.txt", "-1\n-1\n\n0\n0\n1\n1\n0\n1\n");
        assertEquals(gap + ": line 3 is blank; the split needs one integer per sample and line, with no gaps",
                message(() -> InputFiles.readSplit(gap, 8)));
        Path word = split("word.txt", "\uFEFF-1\n-1\n0\n\u001b[5mzero\n1\n1\n0\n1\n");
        assertEquals(word + ": line 4: '\\x1b[5mzero' is not an integer; use -1 for the test split and 0..k-1 for "
                + "folds", message(() -> InputFiles.readSplit(word, 8)));
        Path negative = split("negative.txt", "-1\n-1\n0\n0\n-2\n1\n1\n0\n");
        assertTrue(message(() -> InputFiles.readSplit(negative, 8)).startsWith(negative + ": line 5: fold -2"));
        assertFalse(message(() -> InputFiles.readSplit(split("bom-bad.txt", "\uFEFFx\n"), 1)).contains("\uFEFF"));
    }

    /**
     * The wrong file, far longer than the samples, is read to its end (its lines are counted, its
     * first bad line named) while only the samples' lines are kept.
     */
    @Test
    void aSplitFileFarLongerThanTheSamplesIsCountedToItsEnd() throws IOException {
        Path longer = split("longer.txt", "0\n1\n".repeat(300_000));
        assertEquals(longer + ": 600000 lines for 8 samples; the split needs one line per sample",
                message(() -> InputFiles.readSplit(longer, 8)));
        Path late = split("late.txt", "0\n1\n".repeat(10) + "two\n");
        assertEquals(late + ": line 21: 'two' is not an integer; use -1 for the test split and 0..k-1 for folds",
                message(() -> InputFiles.readSplit(late, 8)));
    }
}
