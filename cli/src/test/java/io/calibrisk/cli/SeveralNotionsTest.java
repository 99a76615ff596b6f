package io.calibrisk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.pipeline.Rerun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code evaluate --notion a,b}: one process, one input and split, one report whose parts are
 * exactly the reports of the single-notion runs.
 */
class SeveralNotionsTest {
    /** A small, quick set of estimators: bins serves top-label and class-wise, kde all three. */
    private static final List<String> RUN = List.of("evaluate", "--example", "--estimators", "bins,kde",
            "--bootstrap", "50", "--no-timings", "--quiet");

    private static JsonNode topLabel;
    private static JsonNode canonical;

    @TempDir
    Path folder;

    @BeforeAll
    static void singleNotionRuns() {
        topLabel = CliTest.json(ok(args("--notion", "top-label", "--format", "json")).out());
        canonical = CliTest.json(ok(List.of("evaluate", "--example", "--estimators", "kde", "--bootstrap", "50",
                "--format", "json", "--no-timings", "--quiet", "--notion", "canonical").toArray(String[]::new)).out());
    }

    private static String[] args(String... more) {
        List<String> all = new java.util.ArrayList<>(RUN);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static CliTest.Result ok(String... args) {
        CliTest.Result result = CliTest.run(args);
        assertEquals(0, result.status(), result.err());
        return result;
    }

    /** Each notion runs the estimators that serve it, and its report is the single run's, to the last digit. */
    @Test
    void eachNotionsReportIsTheSingleRunsReport() {
        JsonNode both = CliTest.json(ok(args("--notion", "top-label,canonical", "--format", "json")).out());
        assertEquals(2, both.path("reports").size());
        assertEquals(topLabel, both.path("reports").get(0));
        assertEquals(canonical, both.path("reports").get(1));
        assertEquals("canonical", both.at("/reports/1/notion").textValue());
        assertEquals(1, both.at("/reports/1/estimators").size(), "bins does not serve canonical: kde alone");
    }

    /** The notions run in the order given. */
    @Test
    void theOrderGivenIsTheReportsOrder() {
        JsonNode both = CliTest.json(ok(args("--notion", "canonical,top-label", "--format", "json")).out());
        assertEquals(canonical, both.path("reports").get(0));
        assertEquals(topLabel, both.path("reports").get(1));
    }

    /** The table holds each notion's table, each ending with its answer line; CSV leads each row with its notion. */
    @Test
    void tableAndCsvHoldEveryNotion() {
        String table = ok(args("--notion", "top-label,canonical", "--format", "table")).out();
        assertTrue(table.contains("\n" + topLabel.path("answer").textValue() + "\n\ncanonical calibration: n = 500"),
                table);
        assertTrue(table.endsWith(canonical.path("answer").textValue() + "\n"), table);
        List<String> csv = ok(args("--notion", "top-label,canonical", "--format", "csv")).out().lines().toList();
        assertTrue(csv.get(0).startsWith("notion,estimator,hyperparameters,risk,"), csv.get(0));
        long bins = topLabel.at("/estimators/0/grid").size();
        long kdeTop = topLabel.at("/estimators/1/grid").size();
        long kdeCanonical = canonical.at("/estimators/0/grid").size();
        assertEquals(1 + bins + kdeTop + kdeCanonical, csv.size());
        assertEquals(bins + kdeTop, csv.stream().filter(row -> row.startsWith("top-label,")).count());
        assertEquals(kdeCanonical, csv.stream().filter(row -> row.startsWith("canonical,kde,")).count());
    }

    /** --from repeats every notion's run; --plot draws one diagram per notion. */
    @Test
    void fromRepeatsEveryNotionAndPlotDrawsEach() throws IOException {
        Path report = folder.resolve("both.json");
        Path plot = folder.resolve("diagram.svg");
        ok(args("--notion", "top-label,canonical", "--format", "json", "-o", report.toString(), "--plot",
                plot.toString()));
        assertFalse(Files.exists(plot), "one diagram per notion, named by it");
        assertTrue(Files.readString(folder.resolve("diagram-top-label.svg")).contains("<svg"));
        assertTrue(Files.readString(folder.resolve("diagram-canonical.svg")).contains("<svg"));
        String again = ok("evaluate", "--from", report.toString(), "--format", "json", "--no-timings", "--quiet").out();
        assertEquals(Files.readString(report), again);
        assertEquals(2, Rerun.readAll(report).size());
        InvalidInputException several = assertThrows(InvalidInputException.class, () -> Rerun.read(report));
        assertEquals(report + ": records the runs of 2 notions, not one", several.getMessage());
    }

    /** Mistakes are named: a notion twice, an estimator serving none, a notion none serves, compare. */
    @Test
    void refusesWhatCannotRun() throws IOException {
        assertRefused("--notion = top-label,top-label: names top-label twice",
                "evaluate", "--example", "--notion", "top-label,top-label");
        Path plugins = ConstantPlugin.build(folder, "canonical-only", null, "EnumSet.of(Notion.CANONICAL)");
        assertRefused("estimator canonical-only = top-label,class-wise: serves none of these notions; it serves "
                + "canonical", "--plugins", plugins.toString(), "evaluate", "--example", "--notion",
                "top-label,class-wise", "--estimators", "bins,canonical-only");
        assertRefused("--estimators = bins: has none that serves the notion canonical",
                "evaluate", "--example", "--notion", "top-label,canonical", "--estimators", "bins");
        assertRefused("--notion = top-label,canonical: must name one notion: compare runs one notion at a time",
                "compare", "--notion", "top-label,canonical", "model.npz");
        Path report = folder.resolve("d-canonical.svg");
        assertRefused(report + ": named for two outputs", "evaluate", "--example", "--notion", "top-label,canonical",
                "-o", report.toString(), "--plot", folder.resolve("d.svg").toString());
        assertFalse(Files.exists(folder.resolve("d-top-label.svg")), "refused before any work");
    }

    private static void assertRefused(String message, String... args) {
        CliTest.Result result = CliTest.run(args);
        assertEquals(2, result.status(), result.err());
        assertTrue(result.err().contains(message), result.err());
    }
}
