package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.BinTable;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridEdge;
import io.calibrisk.pipeline.report.Provenance;
import io.calibrisk.pipeline.report.RiskDifference;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.toy.ToyPlugin;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the report stage adds to the estimates: intervals that never collapse while the data
 * carry uncertainty, warnings, grid edges, ties, per-bin tables, the classic ECE and the
 * record of the run, each against an independent computation.
 */
class ReportAssemblyTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static Calibrisk.Builder toy() {
        return Calibrisk.builder().plugin(new ToyPlugin()).threads(2);
    }

    /** n one-hot rows of d classes, the label right with probability 0.9. */
    private static Predictions oneHot(int n, int d, int[] labels) {
        double[] p = new double[n * d];
        java.util.Random random = new java.util.Random(3);
        for (int i = 0; i < n; i++) {
            int predicted = random.nextInt(d);
            p[i * d + predicted] = 1;
            labels[i] = random.nextDouble() < 0.9 ? predicted : (predicted + 1 + random.nextInt(d - 1)) % d;
        }
        return Predictions.ofProbabilities(n, d, p, "one-hot");
    }

    /**
     * With one-hot predictions every test sample has the same h(z, z): the test split alone
     * says nothing of the uncertainty, which lies in the accuracy of the training folds. The
     * interval must still have width, from the fold models' spread.
     */
    @Test
    void oneHotPredictionsGetAnIntervalOfPositiveWidth() {
        int[] y = new int[2000];
        Predictions p = oneHot(2000, 10, y);
        CalibrationReport report = toy().estimators("toy-bins", "toy-smoothing").build()
                .evaluate(p, Labels.of(y, 10, "labels"));
        for (EstimatorResult e : report.estimators()) {
            assertEquals(0, e.interval().testStdError(), 1e-15, e.name() + ": every test sample alike");
            assertTrue(e.interval().foldStdError() > 0, e.name() + ": the folds differ");
            assertTrue(e.interval().width() > 0.002, e.name() + " " + e.interval());
            double ce = e.best().orElseThrow().estimate();
            assertTrue(e.interval().lower() < ce && ce < e.interval().upper(), e.name() + " " + e.interval());
        }
        assertEquals(List.of(), report.warnings());
    }

    @Test
    void aTinyTestSplitIsWarnedAboutAndStillHasAWideInterval() {
        Generators.Dataset data = Generators.dataset(60, 3, Generators.RowStyle.CONFIDENT, 5);
        CalibrationReport report = toy().estimators("toy-bins").testFraction(10 / 60.0).build()
                .evaluate(TestData.predictions(data.samples()), TestData.labels(data.samples()));
        assertEquals(10, report.testSamples());
        assertEquals(1, report.warnings().size(), report.warnings().toString());
        assertTrue(report.warnings().get(0).startsWith("the test split has only 10 samples (fewer than 100)"),
                report.warnings().get(0));
        assertTrue(report.estimators().get(0).interval().width() > 0);
        assertTrue(report.answer().startsWith("top-label CE = "), report.answer());
    }

    @Test
    void aTestSplitOfAHundredHasNoWarning() {
        CalibrationReport report = toy().estimators("toy-bins").testFraction(0.25).build().evaluate(PREDICTIONS, LABELS);
        assertEquals(100, report.testSamples());
        assertEquals(List.of(), report.warnings());
    }

    private static EvaluatedPoint point(Map<String, Double> at, double risk) {
        double[] risks = {risk, risk};
        double[][][] none = new double[2][1][];
        return new EvaluatedPoint(at, false, risks, new double[] {0, 0}, List.of(Map.of(), Map.of()),
                new double[2][1], none, none, null);
    }

    @Test
    void aChosenPointIsAtAnEdgeWhereItIsTheSmallestOrLargestValueOfAnAxis() {
        List<EvaluatedPoint> points = new ArrayList<>();
        for (double bins : new double[] {4, 2, 6}) {
            points.add(point(Map.of("bins", bins), 1));
        }
        assertEquals(List.of(), Selection.edges(points, 0));
        assertEquals(List.of(new GridEdge("bins", 2, false)), Selection.edges(points, 1));
        assertEquals(List.of(new GridEdge("bins", 6, true)), Selection.edges(points, 2));
        assertEquals(List.of(), Selection.edges(List.of(point(Map.of("bins", 15.0), 1)), 0), "a single value");
        List<EvaluatedPoint> plane = new ArrayList<>();
        for (double a : new double[] {1, 2, 3}) {
            for (double b : new double[] {10, 20}) {
                Map<String, Double> at = new LinkedHashMap<>();
                at.put("a", a);
                at.put("b", b);
                plane.add(point(at, 1));
            }
        }
        assertEquals(List.of(new GridEdge("b", 10, false)), Selection.edges(plane, 2), "a = 2, b = 10");
        assertEquals(List.of(new GridEdge("a", 3, true), new GridEdge("b", 20, true)), Selection.edges(plane, 5));
    }

    @Test
    void theReportFlagsAnEdgeOfTheGrid() {
        CalibrationReport report = toy().estimators("toy-bins").grid("toy-bins", "bins", 1, 2).build()
                .evaluate(PREDICTIONS, LABELS);
        EstimatorResult bins = report.estimators().get(0);
        double chosen = bins.best().orElseThrow().hyperparameters().get("bins");
        assertEquals(List.of(new GridEdge("bins", chosen, chosen == 2)), bins.edges());
        CalibrationReport inside = toy().estimators("toy-bins").grid("toy-bins", "bins", 1, chosen, 40).build()
                .evaluate(PREDICTIONS, LABELS);
        if (inside.estimators().get(0).best().orElseThrow().hyperparameters().get("bins") == chosen) {
            assertEquals(List.of(), inside.estimators().get(0).edges());
        }
    }

    @Test
    void tiesFollowThePairedTTestOverTheFolds() {
        assertEquals(12.706205, RiskDifference.threshold(2), 1e-6);
        assertEquals(2.776445, RiskDifference.threshold(5), 1e-6);
        assertEquals(2.262157, RiskDifference.threshold(10), 1e-6);
        assertEquals(2.042272, RiskDifference.threshold(31), 1e-6);
        assertEquals(2.039513, RiskDifference.threshold(32), 1e-5);
        assertEquals(1.983972, RiskDifference.threshold(101), 1e-5);
        assertTrue(new RiskDifference("a", 2.7, 1, 5).withinNoise());
        assertFalse(new RiskDifference("a", 2.8, 1, 5).withinNoise());
        assertFalse(new RiskDifference("a", -2.8, 1, 5).withinNoise());
        assertTrue(new RiskDifference("a", 0, 0, 5).withinNoise(), "identical fold risks");
        assertFalse(new RiskDifference("a", 1e-9, 0, 5).withinNoise());
        CalibrationReport report = toy().estimators("toy-bins", "toy-smoothing").build().evaluate(PREDICTIONS, LABELS);
        EstimatorResult other = report.estimators().stream().filter(e -> !e.name().equals(report.recommended()))
                .findFirst().orElseThrow();
        RiskDifference d = other.difference();
        assertEquals(Math.abs(d.mean()) < 2.776445 * d.stdError(), other.tied());
        assertEquals(other.tied() ? List.of(other) : List.of(), report.tied());
        assertFalse(report.recommendedResult().orElseThrow().tied(), "the best is not tied with itself");
    }

    @Test
    void binningEstimatorsTabulateTheTestSplitPerBin() {
        CalibrationReport report = toy().estimators("toy-bins", "toy-smoothing").grid("toy-bins", "bins", 5).seed(2)
                .build().evaluate(PREDICTIONS, LABELS);
        EstimatorResult bins = report.estimator("toy-bins").orElseThrow();
        assertEquals(List.of(), report.estimator("toy-smoothing").orElseThrow().bins(), "not a binning");
        assertEquals(1, bins.bins().size());
        BinTable table = bins.bins().get(0);
        assertEquals("top-label", table.label());
        assertEquals(5, table.bins().size());
        CalibrationSet test = DATA.samples().component(Notion.TOP_LABEL)
                .select(Split.shuffled(400, 5, 0.2, 2).testIndices());
        for (int b = 0; b < 5; b++) {
            int count = 0;
            double z = 0;
            double t = 0;
            for (int i = 0; i < test.size(); i++) {
                if (ReferenceBinning.bin(test.points().get(i, 0), 5) == b) {
                    count++;
                    z += test.points().get(i, 0);
                    t += test.targets().get(i, 0);
                }
            }
            BinTable.Bin bin = table.bins().get(b);
            assertEquals(count, bin.count(), "bin " + b);
            assertClose(b / 5.0, bin.lower(), 1e-15, 1e-15, "lower edge");
            assertClose((b + 1) / 5.0, bin.upper(), 1e-15, 1e-15, "upper edge");
            if (count > 0) {
                assertClose(z / count, bin.confidence(), 1e-12, "confidence of bin " + b);
                assertClose(t / count, bin.accuracy(), 1e-12, "accuracy of bin " + b);
            } else {
                assertTrue(Double.isNaN(bin.confidence()));
            }
        }
        assertEquals(report.testSamples(), table.total());
    }

    @Test
    void classWiseBinsHaveOneTablePerClass() {
        CalibrationReport report = toy().notion(Notion.CLASS_WISE).estimators("toy-bins").build()
                .evaluate(PREDICTIONS, LABELS);
        List<BinTable> tables = report.estimators().get(0).bins();
        assertEquals(List.of("class 0", "class 1", "class 2", "class 3"), tables.stream().map(BinTable::label).toList());
        tables.forEach(t -> assertEquals(report.testSamples(), t.total()));
    }

    /** Σ_b (n_b/n)|conf_b − acc_b| over all n samples, bins (b/15, (b+1)/15], whatever the notion (the toys serve two). */
    @Test
    void classicEceIsTheTopLabelFifteenBinEceOfAllSamples() {
        int n = PREDICTIONS.size();
        int d = PREDICTIONS.classes();
        double[] conf = new double[15];
        double[] correct = new double[15];
        int[] count = new int[15];
        for (int i = 0; i < n; i++) {
            int top = 0;
            for (int k = 1; k < d; k++) {
                if (PREDICTIONS.get(i, k) > PREDICTIONS.get(i, top)) {
                    top = k;
                }
            }
            double z = PREDICTIONS.get(i, top);
            int b = ReferenceBinning.bin(z, 15);
            conf[b] += z;
            correct[b] += LABELS.get(i) == top ? 1 : 0;
            count[b]++;
        }
        double ece = 0;
        for (int b = 0; b < 15; b++) {
            ece += count[b] == 0 ? 0 : Math.abs(conf[b] - correct[b]) / n;
        }
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            CalibrationReport report = toy().notion(notion).estimators("toy-smoothing").build()
                    .evaluate(PREDICTIONS, LABELS);
            assertClose(ece, report.classicEce().value(), 1e-12, notion.id());
            assertEquals(n, report.classicEce().samples());
            assertEquals(15, report.classicEce().bins());
        }
    }

    @Test
    void theProvenanceRecordsEveryOptionAndThePlugins() {
        CalibrationReport report = toy().estimators("toy-bins", "toy-smoothing").grid("toy-bins", "bins", 3, 7)
                .setting("toy-bins", "empty", "zero").seed(9).folds(4).testFraction(0.25).bootstrap(300).level(0.9)
                .search("refine").build().evaluate(PREDICTIONS, LABELS);
        Provenance p = report.provenance();
        assertNotEquals("unknown", p.calibriskVersion());
        assertEquals(io.calibrisk.api.CalibriskPlugin.SPI_VERSION, p.spiVersion());
        Provenance.Run run = p.run();
        assertEquals("top-label", run.notion());
        assertEquals(List.of("toy-bins", "toy-smoothing"), run.estimators());
        assertEquals("refine", run.search());
        assertEquals(4, run.folds());
        assertEquals(0.25, run.testFraction());
        assertEquals(9, run.seed());
        assertFalse(run.userSplit());
        assertEquals(100, run.testSamples());
        assertEquals(300, run.bootstrap());
        assertEquals(0.9, run.level());
        assertEquals(2, run.threads());
        assertEquals(Map.of("toy-bins.empty", "zero"), run.sets());
        assertEquals(Map.of("toy-bins.bins", List.of(3.0, 7.0)), run.grids());
        assertEquals(Map.of("empty", "zero"), run.settings().get("toy-bins"));
        assertEquals(Map.of("bins", List.of(3.0, 7.0)), run.searchSpaces().get("toy-bins"));
        List<String> plugins = p.plugins().stream().map(Provenance.Plugin::name).toList();
        assertTrue(plugins.contains("toy") || plugins.stream().anyMatch(name -> name.contains("toy")), plugins.toString());
        assertTrue(p.plugins().stream().anyMatch(plugin -> plugin.provides().contains("search refine")),
                p.plugins().toString());
        assertEquals(Provenance.Inputs.NONE, p.inputs(), "data handed over in memory");
        assertNull(new CalibrationReport(Notion.TOP_LABEL, 1, 2, 2, 1, "x", List.of(), null, List.of(), "grid")
                .withInputs(Provenance.Inputs.NONE).provenance());
    }
}
