package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.calibrisk.pipeline.io.InputFile;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the reports say, and repeating a run from its JSON report ({@code --from}). */
class ReportCommandsTest {

    @TempDir
    Path folder;

    /** probs.npy, labels.npy and a split file of n samples (−1 for every fifth, folds 0..3 otherwise). */
    private Path[] files(String prefix, int n, int d) throws IOException {
        Generators.Dataset data = Generators.dataset(n, d, Generators.RowStyle.CONFIDENT, 11);
        Path probs = folder.resolve(prefix + "probs.npy");
        Path labels = folder.resolve(prefix + "labels.npy");
        try (OutputStream out = Files.newOutputStream(probs)) {
            Npy.writeDoubles(out, data.samples().probabilities(), n, d);
        }
        try (OutputStream out = Files.newOutputStream(labels)) {
            Npy.writeLongs(out, java.util.Arrays.stream(data.samples().labels()).asLongStream().toArray(), n);
        }
        List<String> split = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            split.add(i % 5 == 0 ? "-1" : Integer.toString(i % 4));
        }
        Path splitFile = Files.write(folder.resolve(prefix + "split.txt"), split);
        return new Path[] {probs, labels, splitFile};
    }

    private static CliTest.Result ok(String... args) {
        CliTest.Result result = CliTest.run(args);
        assertEquals(0, result.status(), result.err());
        return result;
    }

    /** Every option given, a split file: the rerun's report is the same, byte for byte without timings. */
    @Test
    void fromAReportRepeatsTheRunExactly() throws IOException {
        Path[] in = files("", 300, 4);
        Path first = folder.resolve("first.json");
        ok("evaluate", "--probs", in[0].toString(), "--labels", in[1].toString(), "--split-file", in[2].toString(),
                "--estimators", "bins,kde,bins-15", "--grid", "bins.bins=5,10,20", "--set", "kde.kernel=beta",
                "--seed", "7", "--bootstrap", "200", "--level", "0.9", "--search", "refine", "--threads", "2",
                "--format", "json", "--no-timings", "--quiet", "-o", first.toString());
        JsonNode report = CliTest.json(Files.readString(first));
        assertEquals("file", report.at("/run/split/method").textValue());
        assertEquals(InputFile.sha256(in[2]), report.at("/run/split/sha256").textValue());
        assertEquals(in[0].toAbsolutePath().toString(), report.at("/inputs/files/0/path").textValue());
        assertEquals(InputFile.sha256(in[0]), report.at("/inputs/files/0/sha256").textValue());
        assertEquals(Files.size(in[0]), report.at("/inputs/files/0/bytes").longValue());
        assertEquals("<f8", report.at("/inputs/files/0/arrays/0/dtype").textValue());
        assertEquals("[300,4]", report.at("/inputs/files/0/arrays/0/shape").toString());
        assertEquals("<i8", report.at("/inputs/files/1/arrays/0/dtype").textValue());
        assertEquals("split", report.at("/inputs/files/2/role").textValue());
        assertEquals("[5,10,20]", report.at("/run/grid/bins.bins").toString());
        assertEquals("beta", report.at("/run/set/kde.kernel").textValue());
        assertEquals("refine", report.at("/run/search").textValue());
        assertEquals(0.9, report.at("/run/interval/level").doubleValue());
        assertTrue(report.at("/run/threads").isMissingNode(), "threads go with the timings");
        assertFalse(report.at("/calibrisk/version").textValue().isBlank());
        assertTrue(report.at("/plugins").size() >= 3, report.at("/plugins").toString());

        Path again = folder.resolve("again.json");
        ok("evaluate", "--from", first.toString(), "--format", "json", "--no-timings", "--quiet", "-o", again.toString());
        assertEquals(Files.readString(first), Files.readString(again));

        // With timings, the same apart from them.
        Path timed = folder.resolve("timed.json");
        ok("evaluate", "--from", first.toString(), "--format", "json", "--quiet", "-o", timed.toString());
        JsonNode withTimings = CliTest.json(Files.readString(timed));
        withTimings.get("estimators").forEach(e -> ((ObjectNode) e).remove("seconds"));
        ((ObjectNode) withTimings.get("run")).remove("threads");
        assertEquals(report, withTimings);
    }

    @Test
    void fromRepeatsAShuffledRunAndTheExample() throws IOException {
        Path[] in = files("s", 240, 3);
        Path first = folder.resolve("shuffled.json");
        ok("evaluate", "--probs", in[0].toString(), "--labels", in[1].toString(), "--folds", "4",
                "--test-fraction", "0.3", "--notion", "class-wise", "--estimators", "bins-mass",
                "--format", "json", "--no-timings", "--quiet", "-o", first.toString());
        assertEquals("shuffle", CliTest.json(Files.readString(first)).at("/run/split/method").textValue());
        assertEquals(Files.readString(first), ok("evaluate", "--from", first.toString(), "--format", "json",
                "--no-timings", "--quiet").out());
        Path example = folder.resolve("example.json");
        ok("evaluate", "--example", "--estimators", "bins,ukkr", "--format", "json", "--no-timings", "--quiet", "-o",
                example.toString());
        assertEquals("example", CliTest.json(Files.readString(example)).at("/inputs/origin").textValue());
        assertEquals(Files.readString(example), ok("evaluate", "--from", example.toString(), "--format", "json",
                "--no-timings", "--quiet").out());
    }

    @Test
    void fromRefusesAChangedFileOtherOptionsAndStreams() throws IOException {
        Path[] in = files("c", 200, 3);
        Path report = folder.resolve("c.json");
        ok("evaluate", "--probs", in[0].toString(), "--labels", in[1].toString(), "--estimators", "bins",
                "--format", "json", "--quiet", "-o", report.toString());
        CliTest.Result mixed = CliTest.run("evaluate", "--from", report.toString(), "--seed", "3", "--quiet");
        assertEquals(2, mixed.status());
        assertTrue(mixed.err().contains("leave out --seed"), mixed.err());
        String before = InputFile.sha256(in[1]);
        byte[] bytes = Files.readAllBytes(in[1]);
        bytes[bytes.length - 1] ^= 1;
        Files.write(in[1], bytes);
        CliTest.Result changed = CliTest.run("evaluate", "--from", report.toString(), "--quiet");
        assertEquals(2, changed.status());
        assertTrue(changed.err().contains(in[1].toAbsolutePath() + " has changed since the run")
                && changed.err().contains(before), changed.err());
        Files.delete(in[1]);
        CliTest.Result gone = CliTest.run("evaluate", "--from", report.toString(), "--quiet");
        assertTrue(gone.err().contains("no such file"), gone.err());

        String csv = CliTest.csv(Generators.dataset(60, 3, Generators.RowStyle.SPREAD, 6));
        java.io.InputStream original = System.in;
        Path piped = folder.resolve("piped.json");
        try {
            System.setIn(new java.io.ByteArrayInputStream(csv.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            ok("evaluate", "--input", "-", "--estimators", "bins", "--format", "json", "--quiet", "-o", piped.toString());
        } finally {
            System.setIn(original);
        }
        CliTest.Result stream = CliTest.run("evaluate", "--from", piped.toString(), "--quiet");
        assertEquals(2, stream.status());
        // compare --from meets the same for a piped model, so the hint names no command
        assertTrue(stream.err().contains(piped + ": the run's input was not read from files (it came from a stream or "
                + "a program), so it cannot be read again; give calibrisk the files themselves instead of --from"),
                stream.err());
        CliTest.Result notAReport = CliTest.run("evaluate", "--from", in[2].toString(), "--quiet");
        assertEquals(2, notAReport.status());
        assertTrue(notAReport.err().contains("not a calibrisk JSON report"), notAReport.err());
        Path broken = Files.writeString(folder.resolve("broken.json"), "{\"run\": ");
        assertTrue(CliTest.run("evaluate", "--from", broken.toString()).err().contains("not valid JSON"));
    }

    @Test
    void compareFromAReportRepeatsEveryModel() throws IOException {
        Path[] a = files("a-", 200, 3);
        Path[] b = files("b-", 220, 3);
        Path modelA = Files.createDirectory(folder.resolve("model-a"));
        Path modelB = Files.createDirectory(folder.resolve("model-b"));
        Files.move(a[0], modelA.resolve("probs.npy"));
        Files.move(a[1], modelA.resolve("labels.npy"));
        Files.move(b[0], modelB.resolve("probs.npy"));
        Files.move(b[1], modelB.resolve("labels.npy"));
        Path first = folder.resolve("compare.json");
        ok("compare", modelA.toString(), modelB.toString(), "--estimators", "bins,bins-15", "--seed", "2",
                "--format", "json", "--no-timings", "--quiet", "-o", first.toString());
        assertEquals(Files.readString(first), ok("compare", "--from", first.toString(), "--format", "json",
                "--no-timings", "--quiet").out());
        String table = ok("compare", "--from", first.toString(), "--quiet").out();
        assertTrue(table.contains("per model: the recommended estimator's CE"), table);
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(lines.size() - 1).startsWith("model-b: top-label CE = "), table);
        assertTrue(lines.get(lines.size() - 2).startsWith("model-a: top-label CE = "), table);
    }

    /** The table ends with the answer, the same line as the JSON report's answer. */
    @Test
    void theTableEndsWithTheAnswerAndTheLegendDefinesItsTerms() {
        String table = ok("evaluate", "--example", "--estimators", "bins-15,bins,ukkr", "--quiet").out();
        List<String> lines = table.lines().toList();
        String json = ok("evaluate", "--example", "--estimators", "bins-15,bins,ukkr", "--format", "json", "--quiet")
                .out();
        String answer = CliTest.json(json).get("answer").textValue();
        assertEquals(answer, lines.get(lines.size() - 1));
        assertTrue(answer.matches("top-label CE = 0\\.\\d+ \\[0\\.\\d+, 0\\.\\d+] \\(95%; √ of the squared L2 error\\) "
                + "by \\S+, lowest validation risk"), answer);
        assertTrue(lines.get(5).startsWith("sqrt(risk)x100 ± SE: √(validation risk)×100 ± its SE over folds"), table);
        assertTrue(lines.get(6).startsWith("CE: √ of the estimated squared L2 calibration error on the test split (not "
                + "the L1 ECE); 95% CI: test-split bootstrap + fold-model jackknife"), table);
        assertTrue(table.contains("for reference, not risk-selected: classic ECE (top-label, L1, 15 equal-width bins, "
                + "all 500 samples) = "), table);
        assertTrue(table.contains("within noise of the best"), table);
    }
}
