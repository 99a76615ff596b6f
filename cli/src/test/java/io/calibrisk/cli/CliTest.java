package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.testsupport.Generators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    record Result(int status, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = CalibriskCommand.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(status, out.toString(), err.toString());
    }

    private Path npy(String name, double[] values, int... shape) throws IOException {
        Path file = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            Npy.writeDoubles(out, values, shape);
        }
        return file;
    }

    private Path labels(String name, long[] values) throws IOException {
        Path file = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            Npy.writeLongs(out, values, values.length);
        }
        return file;
    }

    private Path[] dataset(int n, int d) throws IOException {
        Generators.Dataset data = Generators.dataset(n, d, Generators.RowStyle.CONFIDENT, 5);
        long[] y = java.util.Arrays.stream(data.samples().labels()).asLongStream().toArray();
        return new Path[] {npy("probs.npy", data.samples().probabilities(), n, d), labels("labels.npy", y)};
    }

    /** The CSV text of a dataset: the d class columns, then the label. */
    static String csv(Generators.Dataset data) {
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < data.samples().size(); i++) {
            for (double p : data.samples().row(i)) {
                csv.append(p).append(',');
            }
            csv.append(data.samples().labels()[i]).append('\n');
        }
        return csv.toString();
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(text, e);
        }
    }

    private static void assertBadInput(Result result, String... fragments) {
        assertEquals(2, result.status(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
        for (String fragment : fragments) {
            assertTrue(err.contains(fragment), "'" + fragment + "' in: " + err);
        }
    }

    @Test
    void exampleRunsThePaperSimulation() {
        Result result = run("evaluate", "--example");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("top-label calibration: n = 500, d = 5"), result.out());
        assertTrue(result.out().contains("* recommended"), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("*")), result.out());
    }

    @Test
    void evaluateWritesTheJsonReportOfTheIssue() throws IOException {
        Path[] files = dataset(300, 4);
        Result result = run("evaluate", "--probs", files[0].toString(), "--labels", files[1].toString(),
                "--estimators", "bins-15,bins", "--grid", "bins.bins=5,10,20", "--format", "json");
        assertEquals(0, result.status(), result.err());
        JsonNode json = json(result.out());
        JsonNode estimators = json.get("estimators");
        assertEquals("bins-15", estimators.at("/0/name").textValue());
        assertTrue(estimators.at("/0/seconds").doubleValue() >= 0);
        assertEquals(15, estimators.at("/0/best/hyperparameters/bins").intValue());
        for (String key : List.of("risk", "riskStdError", "estimateSquared", "estimate")) {
            assertTrue(estimators.at("/1/best/" + key).isFloatingPointNumber(), key);
        }
        assertEquals(3, estimators.at("/1/grid").size());
        assertEquals(20, estimators.at("/1/grid/2/hyperparameters/bins").intValue());
        assertEquals(5, estimators.at("/1/grid/2/folds").size());
        assertTrue(estimators.at("/1/grid/2/folds/4/risk").isFloatingPointNumber());
        assertTrue(estimators.at("/1/grid/2/folds/4/estimateSquared").isFloatingPointNumber());
        // the recommendation is the estimator of lower validation risk at its choice, bins-15 on a tie
        double fifteen = estimators.at("/0/best/risk").doubleValue();
        double tuned = estimators.at("/1/best/risk").doubleValue();
        assertTrue(fifteen != tuned, "no tie: " + fifteen);
        assertEquals(tuned < fifteen ? "bins" : "bins-15", json.get("recommended").textValue(), fifteen + " vs " + tuned);
        assertEquals(0.0, estimators.at(tuned < fifteen ? "/1/difference/mean" : "/0/difference/mean").doubleValue());
    }

    @Test
    void evaluateReadsCsvWithAndWithoutHeaderAndASplitFile() throws IOException {
        String body = csv(Generators.dataset(40, 3, Generators.RowStyle.SPREAD, 2));
        StringBuilder split = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            split.append(i < 10 ? -1 : i % 3).append('\n');
        }
        Path plain = Files.writeString(folder.resolve("plain.csv"), body);
        Path headed = Files.writeString(folder.resolve("headed.csv"), "cat,dog,bird,label\n" + body);
        Path splitFile = Files.writeString(folder.resolve("split.txt"), split);
        Result a = run("evaluate", "--input", plain.toString(), "--split-file", splitFile.toString(), "--format", "csv",
                "--no-timings");
        Result b = run("evaluate", "--input", headed.toString(), "--split-file", splitFile.toString(), "--format", "csv",
                "--no-timings");
        assertEquals(0, a.status(), a.err());
        assertEquals(a.out(), b.out());
        assertTrue(a.out().startsWith("estimator,hyperparameters,risk,"), a.out());
        assertTrue(a.out().contains("fold2_risk"), a.out());
        assertFalse(a.out().contains("fold3_risk"), a.out());
    }

    @Test
    void listShowsEstimatorsSearchSpacesAndJars() {
        Result result = run("list");
        assertEquals(0, result.status(), result.err());
        for (String name : List.of("bins-15 -", "bins -", "bins-mass -", "search space (top-label): bins=[15]", "from: ",
                "Plugins (", "Density kernels (", "Positive-definite kernels (", "Search strategies (")) {
            assertTrue(result.out().contains(name), name + " in " + result.out());
        }
        // every plugin line names its version and SPI, every setting its type and domain
        List<String> lines = result.out().lines().toList();
        int plugins = lines.indexOf(lines.stream().filter(l -> l.startsWith("Plugins (")).findFirst().orElseThrow());
        assertTrue(lines.get(plugins + 1).matches("  [a-z][a-z0-9-]* \\S+ \\(SPI \\d+\\.\\d+\\)"), lines.get(plugins + 1));
        assertTrue(lines.get(plugins + 2).matches("      from: .*\\.jar|      from: .*classes/?"), lines.get(plugins + 2));
        List<String> settings = lines.stream().filter(l -> l.startsWith("      setting (")).toList();
        assertFalse(settings.isEmpty(), result.out());
        for (String setting : settings) {
            assertTrue(setting.matches("      setting \\([a-z-]+\\) \\S+ = \\S+ \\(.+\\): .+"), setting);
        }
    }

    @Test
    void simulateWritesFilesThatEvaluateReads() {
        Result sim = run("simulate", "--samples", "300", "--classes", "3", "--seed", "4", "--output-dir", folder.toString());
        assertEquals(0, sim.status(), sim.err());
        Result eval = run("evaluate", "--probs", folder.resolve("probs.npy").toString(), "--labels",
                folder.resolve("labels.npy").toString(), "--notion", "class-wise");
        assertEquals(0, eval.status(), eval.err());
        assertTrue(eval.out().contains("class-wise calibration: n = 300, d = 3"), eval.out());
        assertBadInput(run("simulate", "--output-dir", folder.toString()), "exists", "--force");
    }

    @Test
    void compareTabulatesEstimatorsAgainstModels() throws IOException {
        Path models = Files.createDirectories(folder.resolve("models"));
        assertEquals(0, run("simulate", "--samples", "300", "--seed", "1", "--output-dir", models.resolve("sim-a").toString())
                .status());
        assertEquals(0, run("simulate", "--samples", "400", "--seed", "2", "--output-dir", models.resolve("sim-b").toString())
                .status());
        Files.writeString(models.resolve("net.csv"), csv(Generators.dataset(200, 5, Generators.RowStyle.CONFIDENT, 3)));
        Result table = run("compare", models.toString(), "--estimators", "bins-15,bins", "--quiet");
        assertEquals(0, table.status(), table.err());
        List<String> lines = table.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("estimator") && l.contains("net") && l.contains("sim-a")
                && l.contains("sim-b")), table.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("bins-15 ") && l.contains("±")), table.out());
        assertTrue(table.out().contains("CE estimate"), table.out());
        assertEquals("", table.err());

        Result json = run("compare", models.resolve("sim-a").toString(), models.resolve("net.csv").toString(),
                "--estimators", "bins", "--format", "json", "--quiet");
        assertEquals(0, json.status(), json.err());
        JsonNode parsed = json(json.out());
        assertEquals("sim-a", parsed.at("/models/0/name").textValue());
        assertEquals("net", parsed.at("/models/1/name").textValue());
        assertEquals(300, parsed.at("/models/0/report/samples").intValue());
        Result csvOut = run("compare", models.toString(), "--estimators", "bins", "--format", "csv", "--quiet");
        assertEquals(4, csvOut.out().lines().count(), csvOut.out());
        assertBadInput(run("compare", folder.resolve("nothing-here").toString()), "nothing-here", "no such file");
    }

    @Test
    void progressGoesToStandardErrorUnlessQuiet() {
        Result loud = run("evaluate", "--example", "--estimators", "bins");
        assertEquals(0, loud.status(), loud.err());
        assertTrue(loud.err().contains("bins: 90/90 fits"), loud.err());
        Result quiet = run("evaluate", "--example", "--estimators", "bins", "--quiet");
        assertEquals("", quiet.err());
    }

    @Test
    void plotsAReliabilityDiagram() throws IOException {
        Path svg = folder.resolve("diagram.svg");
        Path png = folder.resolve("diagram.png");
        Result a = run("evaluate", "--example", "--plot", svg.toString(), "--quiet");
        assertEquals(0, a.status(), a.err());
        String text = Files.readString(svg);
        assertTrue(text.startsWith("<?xml") && text.contains("<svg") && text.contains("TCE = "), text.substring(0, 200));
        Result b = run("evaluate", "--example", "--plot", png.toString(), "--plot-estimator", "bins-15", "--quiet");
        assertEquals(0, b.status(), b.err());
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(image.getWidth() > 1000 && image.getHeight() > 500);
        assertBadInput(run("evaluate", "--example", "--plot", svg.toString()), "diagram.svg", "exists", "--force");
        Path pdf = folder.resolve("diagram.pdf");
        Result c = run("evaluate", "--example", "--plot", pdf.toString(), "--quiet");
        assertEquals(0, c.status(), c.err());
        assertTrue(Files.readString(pdf, java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("%PDF-"));
        assertBadInput(run("evaluate", "--example", "--plot", folder.resolve("diagram.jpg").toString()),
                ".svg, .png or .pdf");
        assertBadInput(run("evaluate", "--example", "--plot", folder.resolve("x.svg").toString(), "--plot-estimator", "nope"),
                "--plot-estimator", "nope");
        assertFalse(Files.exists(folder.resolve("x.svg")));
    }

    @Test
    void readsCsvFromStandardInput() throws IOException {
        String csv = "p0,p1,p2,y\n" + csv(Generators.dataset(60, 3, Generators.RowStyle.SPREAD, 6));
        Path file = Files.writeString(folder.resolve("in.csv"), csv);
        java.io.InputStream original = System.in;
        Result piped;
        try {
            System.setIn(new java.io.ByteArrayInputStream(csv.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            piped = run("evaluate", "--input", "-", "--format", "json", "--no-timings", "--quiet");
        } finally {
            System.setIn(original);
        }
        assertEquals(0, piped.status(), piped.err());
        JsonNode fromFile = json(run("evaluate", "--input", file.toString(), "--format", "json", "--no-timings",
                "--quiet").out());
        JsonNode fromPipe = json(piped.out());
        assertEquals("files", fromFile.at("/inputs/origin").textValue());
        assertEquals("memory", fromPipe.at("/inputs/origin").textValue(), "a stream cannot be read again");
        ((com.fasterxml.jackson.databind.node.ObjectNode) fromFile).remove("inputs");
        ((com.fasterxml.jackson.databind.node.ObjectNode) fromPipe).remove("inputs");
        assertEquals(fromFile, fromPipe, "the same report but for the record of the input");
    }

    @Test
    void shellCompletionScript() {
        Result completion = run("generate-completion");
        assertEquals(0, completion.status(), completion.err());
        assertTrue(completion.out().contains("complete -F") && completion.out().contains("evaluate"), completion.out());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, run("--help").status());
        for (String command : List.of("evaluate", "compare", "list", "simulate")) {
            Result help = run(command, "--help");
            assertEquals(0, help.status(), command);
            assertTrue(help.out().startsWith("Usage: calibrisk " + command), help.out());
        }
        Result version = run("--version");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("calibrisk "), version.out());
    }

    @Test
    void badUsageIsExitStatusTwo() {
        assertEquals(2, run("evaluate").status());
        assertEquals(2, run("evaluate", "--example", "--bogus").status());
        assertBadInput(run("evaluate", "--example", "--notion", "ece"), "notion", "ece");
        assertBadInput(run("evaluate", "--example", "--estimators", "nope"), "nope");
        assertBadInput(run("evaluate", "--example", "--grid", "bins.bins=5,x"), "x");
    }

    @Test
    void nanProbabilities() throws IOException {
        Path probs = npy("p.npy", new double[] {0.5, 0.5, Double.NaN, 0.5}, 2, 2);
        assertBadInput(run("evaluate", "--probs", probs.toString(), "--labels", labels("y.npy", new long[] {0, 1}).toString()),
                "p.npy", "row 2", "not a finite number");
    }

    @Test
    void negativeProbabilities() throws IOException {
        Path probs = npy("p.npy", new double[] {0.5, 0.5, -0.5, 1.5}, 2, 2);
        assertBadInput(run("evaluate", "--probs", probs.toString(), "--labels", labels("y.npy", new long[] {0, 1}).toString()),
                "p.npy", "row 2", "negative");
    }

    @Test
    void rowsThatDoNotSumToOneSuggestLogits() throws IOException {
        Path probs = npy("p.npy", new double[] {0.5, 0.5, 2.0, 3.0}, 2, 2);
        assertBadInput(run("evaluate", "--probs", probs.toString(), "--labels", labels("y.npy", new long[] {0, 1}).toString()),
                "p.npy", "row 2", "sums to 5", "--logits");
    }

    @Test
    void labelsOutOfRange() throws IOException {
        Path[] files = dataset(50, 3);
        Path bad = labels("bad.npy", new long[50]);
        long[] y = new long[50];
        y[7] = 3;
        bad = labels("bad.npy", y);
        assertBadInput(run("evaluate", "--probs", files[0].toString(), "--labels", bad.toString()),
                "bad.npy", "row 8", "label 3");
    }

    @Test
    void mismatchedLengths() throws IOException {
        Path[] files = dataset(50, 3);
        assertBadInput(run("evaluate", "--probs", files[0].toString(), "--labels", labels("short.npy", new long[49]).toString()),
                "short.npy", "49 labels", "50 rows");
    }

    @Test
    void emptyAndTruncatedFiles() throws IOException {
        Path[] files = dataset(50, 3);
        Path empty = Files.write(folder.resolve("empty.npy"), new byte[0]);
        assertBadInput(run("evaluate", "--probs", empty.toString(), "--labels", files[1].toString()), "empty.npy", "empty");
        byte[] whole = Files.readAllBytes(files[0]);
        Path truncated = Files.write(folder.resolve("truncated.npy"), java.util.Arrays.copyOf(whole, whole.length - 100));
        assertBadInput(run("evaluate", "--probs", truncated.toString(), "--labels", files[1].toString()),
                "truncated.npy", "truncated");
        Path emptyCsv = Files.writeString(folder.resolve("empty.csv"), "");
        assertBadInput(run("evaluate", "--input", emptyCsv.toString()), "empty.csv", "no samples");
        Path missing = folder.resolve("missing.npy");
        assertBadInput(run("evaluate", "--probs", missing.toString(), "--labels", files[1].toString()), "missing.npy", "no such file");
    }

    @Test
    void fewerSamplesThanFolds() throws IOException {
        Path[] files = dataset(8, 3);
        assertBadInput(run("evaluate", "--probs", files[0].toString(), "--labels", files[1].toString()), "8 samples", "folds");
    }

    @Test
    void badSplitFile() throws IOException {
        Path[] files = dataset(50, 3);
        Path shortSplit = Files.writeString(folder.resolve("split.txt"), "-1\n0\n1\n");
        assertBadInput(run("evaluate", "--probs", files[0].toString(), "--labels", files[1].toString(), "--split-file",
                shortSplit.toString()), "split.txt", "3 lines for 50 samples");
    }

    @Test
    void outputFilesAreWrittenWholeAndOverwrittenOnlyWithForce() throws IOException {
        Path report = folder.resolve("report.json");
        Result first = run("evaluate", "--example", "--format", "json", "--output", report.toString());
        assertEquals(0, first.status(), first.err());
        assertTrue(Files.readString(report).startsWith("{"));
        Files.writeString(report, "keep me");
        assertBadInput(run("evaluate", "--example", "--output", report.toString()), "report.json", "exists", "--force");
        assertEquals("keep me", Files.readString(report));
        Result forced = run("evaluate", "--example", "--output", report.toString(), "--force");
        assertEquals(0, forced.status(), forced.err());
        assertTrue(Files.readString(report).contains("recommended"));

        Path failed = folder.resolve("failed.json");
        Path nan = npy("nan.npy", new double[] {0.5, 0.5, Double.NaN, 0.5}, 2, 2);
        assertBadInput(run("evaluate", "--probs", nan.toString(), "--labels", labels("y.npy", new long[] {0, 1}).toString(),
                "--output", failed.toString()), "nan.npy");
        assertFalse(Files.exists(failed));
        try (var files = Files.list(folder)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary files left");
        }
    }

    @Test
    void pluginsFolderAddsEstimators() throws IOException {
        Path plugins = ConstantPlugin.build(folder, "constant", null);
        Result list = run("list", "--plugins", plugins.toString());
        assertEquals(0, list.status(), list.err());
        assertTrue(list.out().contains("constant - constant test estimator"), list.out());
        assertTrue(list.out().contains("  constant " + ConstantPlugin.VERSION + " (SPI "
                + io.calibrisk.api.CalibriskPlugin.SPI_VERSION + ")"), list.out());
        assertTrue(list.out().contains("constant.jar"), list.out());
        Result eval = run("--plugins", plugins.toString(), "evaluate", "--example", "--estimators", "constant,bins");
        assertEquals(0, eval.status(), eval.err());
        assertTrue(eval.out().lines().anyMatch(l -> l.contains(" constant ") && l.contains("c=")), eval.out());
        assertBadInput(run("list", "--plugins", folder.resolve("nowhere").toString()), "nowhere", "not a folder");
    }
}
