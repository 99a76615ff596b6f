package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.binning.EqualWidthBins;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrossValidationTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);

    private static double[][] rows(io.calibrisk.api.data.Points p) {
        double[][] out = new double[p.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = p.row(i);
        }
        return out;
    }

    /** Algorithm 1 step by step, with slow references, against the pipeline's report. */
    @Test
    void followsAlgorithmOne() {
        double[] grid = {5, 10, 20};
        CalibrationReport report = Calibrisk.builder().notion(Notion.TOP_LABEL).estimators("bins")
                .grid("bins", "bins", grid).seed(3).threads(2).build()
                .evaluate(DATA.predictions(), DATA.labels());
        Split split = Split.shuffled(400, 5, 0.2, 3);
        CalibrationSet all = Notion.TOP_LABEL.components(DATA.predictions(), DATA.labels()).get(0);
        CalibrationSet test = all.select(split.testIndices());
        EstimatorResult result = report.estimator("bins").orElseThrow();
        assertEquals(3, result.grid().size());
        int best = -1;
        for (int g = 0; g < grid.length; g++) {
            double[] risks = new double[5];
            double estimate = 0;
            for (int f = 0; f < 5; f++) {
                CalibrationSet train = all.select(split.trainingIndices(f));
                CalibrationSet eval = all.select(split.foldIndices(f));
                CalibrationFunction h = new EqualWidthBins().create(new EstimatorContext(Notion.TOP_LABEL, 4, Map.of(),
                        Map.of(), Parallelism.sequential())).prepare(train).fit(Hyperparameters.of(Map.of("bins", grid[g])));
                risks[f] = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), h::value);
                estimate += ReferenceRisk.estimate(rows(test.points()), h::value) / 5;
                assertClose(risks[f], result.grid().get(g).folds().get(f).risk(), 1e-10, "fold " + f);
            }
            double mean = (risks[0] + risks[1] + risks[2] + risks[3] + risks[4]) / 5;
            double ss = 0;
            for (double r : risks) {
                ss += (r - mean) * (r - mean);
            }
            GridPointResult point = result.grid().get(g);
            assertClose(mean, point.risk(), 1e-10, "fold-mean risk");
            assertClose(Math.sqrt(ss / 4) / Math.sqrt(5), point.riskStdError(), 1e-8, "standard error");
            assertClose(estimate, point.estimateSquared(), 1e-10, "ensemble estimate");
            assertEquals(grid[g], point.hyperparameters().get("bins"));
            if (best < 0 || mean < result.grid().get(best).risk()) {
                best = g;
            }
        }
        assertEquals(best, result.bestIndex());
        assertEquals("bins", report.recommended());
        assertEquals(80, report.testSamples());
        assertEquals(5, report.folds());
    }

    /** The bootstrap interval and the curves are those of the fold models at the chosen grid point. */
    @Test
    void bootstrapIntervalAndCurvesComeFromTheFoldModels() {
        CalibrationReport report = Calibrisk.builder().estimators("bins").grid("bins", "bins", 5, 10).seed(4)
                .bootstrap(500).curves(true).build().evaluate(DATA.predictions(), DATA.labels());
        EstimatorResult result = report.estimator("bins").orElseThrow();
        double bins = result.best().orElseThrow().hyperparameters().get("bins");
        Split split = Split.shuffled(400, 5, 0.2, 4);
        CalibrationSet all = Notion.TOP_LABEL.components(DATA.predictions(), DATA.labels()).get(0);
        CalibrationSet test = all.select(split.testIndices());
        int n = test.size();
        double[] d = new double[n];
        double[] grid = result.curves().get(0).z();
        double[] curve = new double[grid.length];
        for (int f = 0; f < 5; f++) {
            CalibrationFunction h = new EqualWidthBins().create(new EstimatorContext(Notion.TOP_LABEL, 4, Map.of(),
                    Map.of(), Parallelism.sequential())).prepare(all.select(split.trainingIndices(f)))
                    .fit(Hyperparameters.of(Map.of("bins", bins)));
            for (int i = 0; i < n; i++) {
                double[] z = test.points().row(i);
                d[i] += h.value(z, z) / 5;
            }
            for (int i = 0; i < grid.length; i++) {
                double[] z = {grid[i]};
                curve[i] += h.calibrationCurve(io.calibrisk.api.data.Points.of(1, 1, z)).orElseThrow().get(0, 0) / 5;
            }
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(4);
        double[] ce = new double[500];
        for (int b = 0; b < 500; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += d[random.nextInt(n)];
            }
            ce[b] = Math.sqrt(Math.max(0, sum / n));
        }
        java.util.Arrays.sort(ce);
        double lower = ce[12] + (0.025 * 499 - 12) * (ce[13] - ce[12]);
        double upper = ce[486] + (0.975 * 499 - 486) * (ce[487] - ce[486]);
        assertClose(lower, result.interval().lower(), 1e-12, "lower");
        assertClose(upper, result.interval().upper(), 1e-12, "upper");
        assertTrue(result.interval().lower() <= result.best().orElseThrow().estimate()
                && result.best().orElseThrow().estimate() <= result.interval().upper(), result.interval().toString());
        assertEquals(201, grid.length);
        for (int i = 0; i < grid.length; i++) {
            assertClose(curve[i], result.curves().get(0).expected()[i], 1e-12, 1e-15, "curve at " + grid[i]);
        }
        assertTrue(Calibrisk.builder().estimators("bins").bootstrap(0).build().evaluate(DATA.predictions(), DATA.labels())
                .estimators().get(0).interval() == null);
    }

    @Test
    void reportsDoNotDependOnTheNumberOfThreads() {
        Seeds.qt(5).forAll(Generators.datasets(60, 300, 2, 5)).checkAssert(data -> {
            List<List<GridPointResult>> grids = new java.util.ArrayList<>();
            for (int threads : new int[] {1, 2, 8}) {
                for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
                    CalibrationReport report = Calibrisk.builder().notion(notion).threads(threads).build()
                            .evaluate(data.predictions(), data.labels());
                    report.estimators().forEach(e -> grids.add(e.grid()));
                }
            }
            int perRun = grids.size() / 3;
            for (int i = 0; i < perRun; i++) {
                assertEquals(grids.get(i), grids.get(i + perRun), "2 threads");
                assertEquals(grids.get(i), grids.get(i + 2 * perRun), "8 threads");
            }
        });
    }

    @Test
    void classWiseSumsTheClassComponents() {
        CalibrationReport classWise = Calibrisk.builder().notion(Notion.CLASS_WISE).estimators("bins-15").build()
                .evaluate(DATA.predictions(), DATA.labels());
        Split split = Split.shuffled(400, 5, 0.2, 0);
        List<CalibrationSet> components = Notion.CLASS_WISE.components(DATA.predictions(), DATA.labels());
        double fold0 = 0;
        for (CalibrationSet component : components) {
            CalibrationFunction h = new EqualWidthBins().create(new EstimatorContext(Notion.CLASS_WISE, 4, Map.of(),
                    Map.of(), Parallelism.sequential())).prepare(component.select(split.trainingIndices(0)))
                    .fit(Hyperparameters.of(Map.of("bins", 15.0)));
            CalibrationSet eval = component.select(split.foldIndices(0));
            fold0 += ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), h::value);
        }
        assertClose(fold0, classWise.estimators().get(0).grid().get(0).folds().get(0).risk(), 1e-10, "class-wise fold 0");
    }

    /** Identity 6: with a fixed assignment of samples to folds, reordering the samples changes nothing. */
    @Test
    void reorderingSamplesWithTheirFoldsChangesNothing() {
        Split split = Split.shuffled(400, 5, 0.2, 1);
        int[] order = Split.permutation(400, 99);
        int[] assignment = new int[400];
        for (int i = 0; i < 400; i++) {
            assignment[i] = split.foldOf(order[i]);
        }
        CalibrationReport original = Calibrisk.builder().split(split).build().evaluate(DATA.predictions(), DATA.labels());
        CalibrationReport reordered = Calibrisk.builder().split(Split.of(assignment, "reordered")).build()
                .evaluate(DATA.predictions().select(order), DATA.labels().select(order));
        for (int e = 0; e < original.estimators().size(); e++) {
            List<GridPointResult> a = original.estimators().get(e).grid();
            List<GridPointResult> b = reordered.estimators().get(e).grid();
            for (int g = 0; g < a.size(); g++) {
                assertClose(a.get(g).risk(), b.get(g).risk(), 1e-12, "risk");
                assertClose(a.get(g).estimateSquared(), b.get(g).estimateSquared(), 1e-12, 1e-18, "estimate");
            }
        }
    }

    /** Identity 6: a consistent permutation of the classes changes nothing (class-wise sums in another order). */
    @Test
    void permutingClassesChangesNothing() {
        int n = DATA.predictions().size();
        int d = 4;
        int[] perm = {2, 0, 3, 1};
        double[] p = new double[n * d];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                p[i * d + perm[k]] = DATA.predictions().get(i, k);
            }
            y[i] = perm[DATA.labels().get(i)];
        }
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            CalibrationReport a = Calibrisk.builder().notion(notion).build().evaluate(DATA.predictions(), DATA.labels());
            CalibrationReport b = Calibrisk.builder().notion(notion).build()
                    .evaluate(Predictions.ofProbabilities(n, d, p, "permuted"), Labels.of(y, d, "permuted"));
            for (int e = 0; e < a.estimators().size(); e++) {
                assertClose(a.estimators().get(e).best().orElseThrow().risk(),
                        b.estimators().get(e).best().orElseThrow().risk(), 1e-12, notion + " risk");
            }
        }
    }

    @Test
    void aFailingEstimatorIsReportedAndTheOthersComplete() {
        EstimatorProvider throwing = new FailingProviders.Failing("throws", FailingProviders.Failure.THROWS);
        EstimatorProvider nan = new FailingProviders.Failing("nan", FailingProviders.Failure.NAN);
        EstimatorProvider exhausting = new FailingProviders.Failing("exhausts", FailingProviders.Failure.OUT_OF_MEMORY);
        CalibrationReport report = Calibrisk.builder()
                .plugins(FailingProviders.plugins(new EqualWidthBins(), throwing, nan, exhausting))
                .estimators("throws", "bins", "nan", "exhausts").build()
                .evaluate(DATA.predictions(), DATA.labels());
        EstimatorResult failed = report.estimator("throws").orElseThrow();
        assertTrue(failed.failed());
        assertTrue(failed.failure().contains("fold") && failed.failure().contains("broken on purpose"), failed.failure());
        EstimatorResult notANumber = report.estimator("nan").orElseThrow();
        assertTrue(notANumber.failed() && notANumber.failure().contains("NaN"), notANumber.failure());
        EstimatorResult exhausted = report.estimator("exhausts").orElseThrow();
        assertTrue(exhausted.failed() && exhausted.failure().startsWith("ran out of memory (the JVM's heap is "),
                exhausted.failure());
        assertFalse(report.estimator("bins").orElseThrow().failed());
        assertEquals("bins", report.recommended());
    }

    @Test
    void unavailableOrUnsuitableEstimatorsAreClearErrors() {
        PluginException missing = assertThrows(PluginException.class,
                () -> Calibrisk.builder().estimators("nope").build());
        assertTrue(missing.getMessage().contains("'nope'") && missing.getMessage().contains("bins-15"), missing.getMessage());
        InvalidSettingException notion = assertThrows(InvalidSettingException.class,
                () -> Calibrisk.builder().notion(Notion.CANONICAL).estimators("bins").build());
        assertTrue(notion.getMessage().contains("canonical"), notion.getMessage());
        InvalidSettingException axis = assertThrows(InvalidSettingException.class,
                () -> Calibrisk.builder().estimators("bins").grid("bins", "width", 1).build());
        assertTrue(axis.getMessage().contains("width"), axis.getMessage());
        assertThrows(InvalidSettingException.class, () -> Calibrisk.builder().estimators("bins").grid("bins-15", "bins", 3).build());
        assertThrows(InvalidSettingException.class, () -> Calibrisk.builder().estimators("bins").setting("bins", "x", "1").build());
    }

    @Test
    void aUserSplitReplacesTheShuffle() {
        Split split = Split.shuffled(400, 4, 0.3, 8);
        CalibrationReport user = Calibrisk.builder().split(Split.of(split.toArray(), "file")).build()
                .evaluate(DATA.predictions(), DATA.labels());
        CalibrationReport seeded = Calibrisk.builder().folds(4).testFraction(0.3).seed(8).build()
                .evaluate(DATA.predictions(), DATA.labels());
        assertEquals(4, user.folds());
        assertEquals("user-supplied", user.split());
        for (int e = 0; e < user.estimators().size(); e++) {
            assertEquals(seeded.estimators().get(e).grid(), user.estimators().get(e).grid());
        }
        assertTrue(user.notes().isEmpty(), user.notes().toString());
    }
}
