package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.calibrisk.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One test per row of the input-validation table of the robustness issue. */
class ValidationTableTest {

    @TempDir
    Path folder;

    private Path probs(String name, int n, int d, double... values) throws IOException {
        return doubles(name, values, n, d);
    }

    private Path doubles(String name, double[] values, int... shape) throws IOException {
        Path file = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            Npy.writeDoubles(out, values, shape);
        }
        return file;
    }

    private Path labels(String name, long... values) throws IOException {
        Path file = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            Npy.writeLongs(out, values, values.length);
        }
        return file;
    }

    /** A valid dataset of n samples as (probs, labels) arrays. */
    private static double[] rows(int n, int d) {
        return Generators.dataset(n, d, Generators.RowStyle.SPREAD, 3).samples().probabilities();
    }

    private static long[] labelsOf(int n, int d) {
        return Arrays.stream(Generators.dataset(n, d, Generators.RowStyle.SPREAD, 3).samples().labels())
                .asLongStream().toArray();
    }

    private static void assertError(CliTest.Result result, String... fragments) {
        assertEquals(2, result.status(), result.out() + result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertFalse(err.contains("\tat ") || err.contains("Exception"), err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in: " + err);
        }
    }

    private CliTest.Result evaluate(Path p, Path y, String... extra) {
        String[] args = new String[4 + extra.length];
        args[0] = "evaluate";
        args[1] = "--probs=" + p;
        args[2] = "--labels=" + y;
        args[3] = "--threads=1";
        System.arraycopy(extra, 0, args, 4, extra.length);
        return run(args);
    }

    @Test
    void nanOrInfiniteValues() throws IOException {
        double[] v = rows(40, 3);
        v[3 * 7 + 1] = Double.POSITIVE_INFINITY;
        assertError(evaluate(probs("inf.npy", 40, 3, v), labels("y.npy", labelsOf(40, 3))), "inf.npy", "row 8", "class 1",
                "not a finite number");
        Path csv = Files.writeString(folder.resolve("nan.csv"), "0.5,0.5,0\nNaN,0.5,1\n");
        assertError(run("evaluate", "--input", csv.toString()), "nan.csv", "line 2", "not a finite number");
    }

    @Test
    void negativeProbabilities() throws IOException {
        double[] v = rows(40, 3);
        v[3 * 5] = -0.1;
        v[3 * 5 + 1] += 0.1 + v[3 * 5 + 0] * 0;
        assertError(evaluate(probs("neg.npy", 40, 3, v), labels("y.npy", labelsOf(40, 3))), "neg.npy", "row 6", "negative");
    }

    @Test
    void rowsWithin1e4AreAcceptedAndRenormalised() throws IOException {
        double[] v = rows(40, 3);
        for (int i = 0; i < 40; i++) {
            v[3 * i] *= 1 + 5e-5;
        }
        CliTest.Result result = evaluate(probs("near.npy", 40, 3, v), labels("y.npy", labelsOf(40, 3)));
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("renormalised"), result.out());
    }

    @Test
    void rowsBeyond1e4AreAnErrorThatSuggestsLogits() throws IOException {
        double[] v = rows(40, 3);
        v[3 * 9] += 2e-4;
        assertError(evaluate(probs("off.npy", 40, 3, v), labels("y.npy", labelsOf(40, 3))), "off.npy", "row 10", "not to 1");
        double[] logits = new double[40 * 3];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (i % 7) - 3.5;
        }
        assertError(evaluate(probs("logits.npy", 40, 3, logits), labels("y.npy", labelsOf(40, 3))), "logits.npy", "--logits");
        CliTest.Result asLogits = evaluate(probs("logits.npy", 40, 3, logits), labels("y.npy", labelsOf(40, 3)), "--logits");
        assertEquals(0, asLogits.status(), asLogits.err());
    }

    @Test
    void labelsOutOfRange() throws IOException {
        long[] y = labelsOf(40, 3);
        y[11] = -1;
        assertError(evaluate(probs("p.npy", 40, 3, rows(40, 3)), labels("y.npy", y)), "y.npy", "row 12", "label -1");
        y[11] = 3;
        assertError(evaluate(probs("p.npy", 40, 3, rows(40, 3)), labels("y.npy", y)), "y.npy", "row 12", "1-based");
    }

    @Test
    void labelsGivenAsFloatsAreAcceptedOnlyIfIntegral() throws IOException {
        long[] y = labelsOf(40, 3);
        double[] asFloats = new double[40];
        for (int i = 0; i < 40; i++) {
            asFloats[i] = y[i];
        }
        Path p = probs("p.npy", 40, 3, rows(40, 3));
        Path integral = doubles("yf.npy", asFloats, 40);
        CliTest.Result ok = evaluate(p, integral, "--format=json", "--no-timings");
        assertEquals(0, ok.status(), ok.err());
        JsonNode asIntegers = CliTest.json(evaluate(p, labels("y.npy", y), "--format=json", "--no-timings").out());
        JsonNode asDoubles = CliTest.json(ok.out());
        assertEquals("<f8", asDoubles.at("/inputs/files/1/arrays/0/dtype").textValue(), "the record names the dtype");
        ((ObjectNode) asIntegers).remove("inputs");
        ((ObjectNode) asDoubles).remove("inputs");
        assertEquals(asIntegers, asDoubles, "the same report but for the record of the label file");
        asFloats[4] = 1.5;
        Path fractional = doubles("yh.npy", asFloats, 40);
        assertError(evaluate(p, fractional), "yh.npy", "row 5", "not an integer");
    }

    @Test
    void oneClassOnlyStillEstimatesAndSaysSo() throws IOException {
        long[] y = new long[40];
        CliTest.Result result = evaluate(probs("p.npy", 40, 3, rows(40, 3)), labels("y.npy", y));
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("only one class"), result.out());
        assertTrue(result.out().contains("* recommended"), result.out());
    }

    @Test
    void oneClassColumnIsAnError() throws IOException {
        double[] ones = new double[40];
        java.util.Arrays.fill(ones, 1.0);
        assertError(evaluate(probs("d1.npy", 40, 1, ones), labels("y.npy", new long[40])), "d1.npy", "at least 2 classes");
    }

    @Test
    void aFoldOrTheTestSplitWithFewerThanTwoSamples() throws IOException {
        Path p = probs("p.npy", 40, 3, rows(40, 3));
        Path y = labels("y.npy", labelsOf(40, 3));
        StringBuilder lonelyFold = new StringBuilder();
        StringBuilder lonelyTest = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            lonelyFold.append(i == 0 ? 2 : i < 10 ? -1 : i % 2).append('\n');
            lonelyTest.append(i == 0 ? -1 : i % 3).append('\n');
        }
        Path fold = Files.writeString(folder.resolve("fold.txt"), lonelyFold);
        Path test = Files.writeString(folder.resolve("test.txt"), lonelyTest);
        assertError(evaluate(p, y, "--split-file=" + fold), "fold.txt", "fold 2 has 1 sample");
        assertError(evaluate(p, y, "--split-file=" + test), "test.txt", "test split", "1 sample");
        assertError(evaluate(p, y, "--folds=25"), "40 samples", "25 folds");
    }

    @Test
    void mismatchedNumbersOfSamples() throws IOException {
        assertError(evaluate(probs("p.npy", 40, 3, rows(40, 3)), labels("y.npy", labelsOf(39, 3))), "y.npy", "39 labels",
                "40 rows");
    }

    @Test
    void emptyFiles() throws IOException {
        Path empty = Files.write(folder.resolve("empty.npy"), new byte[0]);
        assertError(evaluate(empty, labels("y.npy", labelsOf(40, 3))), "empty.npy", "empty");
        Path noRows = probs("none.npy", 0, 3);
        assertError(evaluate(noRows, labels("y.npy", labelsOf(40, 3))), "none.npy", "no samples");
        Path emptyCsv = Files.writeString(folder.resolve("empty.csv"), "a,b,label\n");
        assertError(run("evaluate", "--input", emptyCsv.toString()), "empty.csv", "no samples");
    }

    @Test
    void raggedCsvRows() throws IOException {
        Path csv = Files.writeString(folder.resolve("ragged.csv"), "0.5,0.5,0\n0.2,0.8,1\n0.1,0.9\n");
        assertError(run("evaluate", "--input", csv.toString()), "ragged.csv", "line 3", "2 fields", "3");
    }

    @Test
    void duplicateCsvHeader() throws IOException {
        Path csv = Files.writeString(folder.resolve("dup.csv"), "cat,cat,label\n0.5,0.5,0\n");
        assertError(run("evaluate", "--input", csv.toString()), "dup.csv", "line 1", "'cat' twice");
    }

    @Test
    void splitFileOfTheWrongLengthOrWithBadValues() throws IOException {
        Path p = probs("p.npy", 40, 3, rows(40, 3));
        Path y = labels("y.npy", labelsOf(40, 3));
        Path shortFile = Files.writeString(folder.resolve("short.txt"), "-1\n".repeat(39));
        assertError(evaluate(p, y, "--split-file=" + shortFile), "short.txt", "39 lines for 40 samples");
        Path words = Files.writeString(folder.resolve("words.txt"), "-1\n".repeat(10) + "zero\n" + "0\n".repeat(29));
        assertError(evaluate(p, y, "--split-file=" + words), "words.txt", "line 11", "'zero' is not an integer");
        Path below = Files.writeString(folder.resolve("below.txt"), "-1\n".repeat(10) + "-3\n" + "0\n1\n".repeat(14) + "1\n");
        assertError(evaluate(p, y, "--split-file=" + below), "below.txt", "line 11", "-3");
    }
}
