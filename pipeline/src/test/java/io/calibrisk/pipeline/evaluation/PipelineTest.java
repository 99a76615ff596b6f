package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Axis;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.pipeline.report.RiskDifference;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.toy.ToyBins;
import io.calibrisk.testsupport.toy.ToyPlugin;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import static io.calibrisk.pipeline.TestData.rows;
import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Algorithm 1 end to end with the toy estimators, against slow references. */
class PipelineTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static Calibrisk.Builder toy() {
        return Calibrisk.builder().plugin(new ToyPlugin());
    }

    private static CalibrationFunction bins(CalibrationSet training, double bins) {
        return ToyBins.fit(training.points().toArray(), training.targets().toArray(), (int) bins, false);
    }

    /** Algorithm 1 step by step, with slow references, against the pipeline's report. */
    @Test
    void followsAlgorithmOne() {
        double[] grid = {2, 5, 9};
        CalibrationReport report = toy().notion(Notion.TOP_LABEL).estimators("toy-bins")
                .grid("toy-bins", "bins", grid).seed(3).threads(2).build().evaluate(PREDICTIONS, LABELS);
        Split split = Split.shuffled(400, 5, 0.2, 3);
        CalibrationSet all = DATA.samples().component(Notion.TOP_LABEL);
        CalibrationSet test = all.select(split.testIndices());
        EstimatorResult result = report.estimator("toy-bins").orElseThrow();
        assertEquals(3, result.grid().size());
        int best = -1;
        for (int g = 0; g < grid.length; g++) {
            double[] risks = new double[5];
            double estimate = 0;
            for (int f = 0; f < 5; f++) {
                CalibrationSet train = all.select(split.trainingIndices(f));
                CalibrationSet eval = all.select(split.foldIndices(f));
                CalibrationFunction h = bins(train, grid[g]);
                risks[f] = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), h::value);
                estimate += ReferenceRisk.estimate(rows(test.points()), h::value) / 5;
                assertClose(risks[f], result.grid().get(g).folds().get(f).risk(), 1e-10, "fold " + f);
                assertEquals(grid[g], result.grid().get(g).folds().get(f).diagnostics().get("bins"));
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
            assertFalse(point.added(), "a grid point");
            if (best < 0 || mean < result.grid().get(best).risk()) {
                best = g;
            }
        }
        assertEquals(best, result.bestIndex());
        assertEquals("toy-bins", report.recommended());
        assertEquals(new RiskDifference("toy-bins", 0, 0, 5), result.difference());
        assertEquals(80, report.testSamples());
        assertEquals(5, report.folds());
        assertEquals("grid", report.search());
        assertEquals("seed 3, test fraction 0.2", report.split());
    }

    /** Every estimator's fold risks at its choice, paired with the recommended estimator's. */
    @Test
    void pairedDifferencesComeFromTheFoldRisksAtEachChoice() {
        CalibrationReport report = toy().estimators("toy-smoothing", "toy-bins").seed(5).build()
                .evaluate(PREDICTIONS, LABELS);
        EstimatorResult recommended = report.recommendedResult().orElseThrow();
        for (EstimatorResult result : report.estimators()) {
            double[] d = new double[5];
            for (int f = 0; f < 5; f++) {
                d[f] = result.best().orElseThrow().folds().get(f).risk()
                        - recommended.best().orElseThrow().folds().get(f).risk();
            }
            double mean = Arrays.stream(d).sum() / 5;
            double ss = Arrays.stream(d).map(v -> (v - mean) * (v - mean)).sum();
            RiskDifference difference = result.difference();
            assertEquals(recommended.name(), difference.versus());
            assertClose(mean, difference.mean(), 1e-12, 1e-300, result.name() + " mean difference");
            assertClose(Math.sqrt(ss / 4) / Math.sqrt(5), difference.stdError(), 1e-10, 1e-300, result.name() + " SE");
            assertTrue(difference.mean() >= 0, "the recommended estimator has the lowest mean risk");
        }
        EstimatorResult other = report.estimators().stream().filter(r -> !r.name().equals(report.recommended()))
                .findFirst().orElseThrow();
        assertTrue(other.difference().mean() > 0, other.difference().toString());
    }

    /**
     * The interval and the curves are those of the fold models at the chosen grid point: every
     * replicate resamples the test split and adds a normal draw with the fold models'
     * jackknife variance, all from one stream seeded with the run's seed.
     */
    @Test
    void bootstrapIntervalAndCurvesComeFromTheFoldModels() {
        CalibrationReport report = toy().estimators("toy-bins").grid("toy-bins", "bins", 5, 10).seed(4)
                .bootstrap(500).curves(true).build().evaluate(PREDICTIONS, LABELS);
        EstimatorResult result = report.estimator("toy-bins").orElseThrow();
        double bins = result.best().orElseThrow().hyperparameters().get("bins");
        Split split = Split.shuffled(400, 5, 0.2, 4);
        CalibrationSet all = DATA.samples().component(Notion.TOP_LABEL);
        CalibrationSet test = all.select(split.testIndices());
        int n = test.size();
        double[] d = new double[n];
        double[] foldEstimates = new double[5];
        double[] grid = result.curves().get(0).z();
        double[] curve = new double[grid.length];
        for (int f = 0; f < 5; f++) {
            CalibrationFunction h = bins(all.select(split.trainingIndices(f)), bins);
            for (int i = 0; i < n; i++) {
                double[] z = test.points().row(i);
                d[i] += h.value(z, z) / 5;
                foldEstimates[f] += h.value(z, z) / n;
            }
            for (int i = 0; i < grid.length; i++) {
                double[] z = {grid[i]};
                curve[i] += h.calibrationCurve(Points.of(1, 1, z)).orElseThrow().get(0, 0) / 5;
            }
        }
        double mean = Arrays.stream(foldEstimates).average().orElseThrow();
        double jackknife = 0;
        for (double e : foldEstimates) {
            jackknife += 4.0 / 5 * (e - mean) * (e - mean);
        }
        assertTrue(jackknife > 0, "the fold models differ");
        assertClose(Math.sqrt(jackknife), result.interval().foldStdError(), 1e-9, "fold standard error");
        SplittableRandom random = new SplittableRandom(4);
        double[] ce = new double[500];
        for (int b = 0; b < 500; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += d[random.nextInt(n)];
            }
            ce[b] = Math.sqrt(Math.max(0, sum / n + Math.sqrt(jackknife) * random.nextGaussian()));
        }
        Arrays.sort(ce);
        double lower = ce[12] + (0.025 * 499 - 12) * (ce[13] - ce[12]);
        double upper = ce[486] + (0.975 * 499 - 486) * (ce[487] - ce[486]);
        assertClose(lower, result.interval().lower(), 1e-9, "lower");
        assertClose(upper, result.interval().upper(), 1e-9, "upper");
        assertTrue(result.interval().lower() <= result.best().orElseThrow().estimate()
                && result.best().orElseThrow().estimate() <= result.interval().upper(), result.interval().toString());
        assertEquals(201, grid.length);
        assertEquals(0.25, grid[0], "a top-label curve starts at 1/d");
        assertEquals(1, grid[200]);
        for (int i = 0; i < grid.length; i++) {
            assertClose(Math.max(0, Math.min(1, curve[i])), result.curves().get(0).expected()[i], 1e-12, 1e-15,
                    "curve at " + grid[i]);
        }
        assertNull(toy().estimators("toy-bins").bootstrap(0).build().evaluate(PREDICTIONS, LABELS)
                .estimators().get(0).interval());
    }

    @Test
    void reportsDoNotDependOnTheNumberOfThreads() {
        Seeds.qt(5).forAll(Generators.datasets(60, 300, 2, 5)).checkAssert(data -> {
            Predictions p = TestData.predictions(data.samples());
            Labels y = TestData.labels(data.samples());
            for (String search : List.of("grid", "refine")) {
                List<List<GridPointResult>> grids = new ArrayList<>();
                for (int threads : new int[] {1, 2, 8}) {
                    for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
                        CalibrationReport report = toy().notion(notion).search(search).threads(threads).build()
                                .evaluate(p, y);
                        report.estimators().forEach(e -> grids.add(e.grid()));
                    }
                }
                int perRun = grids.size() / 3;
                for (int i = 0; i < perRun; i++) {
                    assertEquals(grids.get(i), grids.get(i + perRun), search + ", 2 threads");
                    assertEquals(grids.get(i), grids.get(i + 2 * perRun), search + ", 8 threads");
                }
            }
        });
    }

    @Test
    void classWiseSumsTheClassComponents() {
        CalibrationReport classWise = toy().notion(Notion.CLASS_WISE).estimators("toy-bins").build()
                .evaluate(PREDICTIONS, LABELS);
        Split split = Split.shuffled(400, 5, 0.2, 0);
        List<CalibrationSet> components = DATA.samples().components(Notion.CLASS_WISE);
        double fold0 = 0;
        double estimate0 = 0;
        for (CalibrationSet component : components) {
            CalibrationFunction h = bins(component.select(split.trainingIndices(0)), 2);
            CalibrationSet eval = component.select(split.foldIndices(0));
            fold0 += ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), h::value);
            estimate0 += ReferenceRisk.estimate(rows(component.select(split.testIndices()).points()), h::value);
        }
        GridPointResult first = classWise.estimators().get(0).grid().get(0);
        assertEquals(2.0, first.hyperparameters().get("bins"));
        assertClose(fold0, first.folds().get(0).risk(), 1e-10, "class-wise fold 0");
        assertClose(estimate0, first.folds().get(0).estimateSquared(), 1e-10, "class-wise fold 0 estimate");
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
        CalibrationReport original = toy().split(split).build().evaluate(PREDICTIONS, LABELS);
        CalibrationReport reordered = toy().split(Split.of(assignment, "reordered")).build()
                .evaluate(PREDICTIONS.select(order), LABELS.select(order));
        assertEquals(2, original.estimators().size());
        for (int e = 0; e < original.estimators().size(); e++) {
            List<GridPointResult> a = original.estimators().get(e).grid();
            List<GridPointResult> b = reordered.estimators().get(e).grid();
            assertEquals(a.size(), b.size());
            for (int g = 0; g < a.size(); g++) {
                assertClose(a.get(g).risk(), b.get(g).risk(), 1e-12, "risk");
                assertClose(a.get(g).estimateSquared(), b.get(g).estimateSquared(), 1e-12, 1e-18, "estimate");
            }
        }
    }

    /** Identity 6: a consistent permutation of the classes changes nothing (class-wise sums in another order). */
    @Test
    void permutingClassesChangesNothing() {
        int n = PREDICTIONS.size();
        int d = 4;
        int[] perm = {2, 0, 3, 1};
        double[] p = new double[n * d];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                p[i * d + perm[k]] = PREDICTIONS.get(i, k);
            }
            y[i] = perm[LABELS.get(i)];
        }
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            CalibrationReport a = toy().notion(notion).build().evaluate(PREDICTIONS, LABELS);
            CalibrationReport b = toy().notion(notion).build()
                    .evaluate(Predictions.ofProbabilities(n, d, p, "permuted"), Labels.of(y, d, "permuted"));
            for (int e = 0; e < a.estimators().size(); e++) {
                assertClose(a.estimators().get(e).best().orElseThrow().risk(),
                        b.estimators().get(e).best().orElseThrow().risk(), 1e-12, notion + " risk");
            }
        }
    }

    @Test
    void aFailingEstimatorIsReportedInPlainWordsAndTheOthersComplete() {
        EstimatorProvider throwing = new FailingProviders.Failing("throws", FailingProviders.Failure.THROWS);
        EstimatorProvider silent = new FailingProviders.Failing("silent", FailingProviders.Failure.THROWS_SILENTLY);
        EstimatorProvider nan = new FailingProviders.Failing("nan", FailingProviders.Failure.NAN);
        EstimatorProvider exhausting = new FailingProviders.Failing("exhausts", FailingProviders.Failure.OUT_OF_MEMORY);
        EstimatorProvider unborn = new FailingProviders.Failing("unborn", FailingProviders.Failure.CREATION);
        CalibrationReport report = toy().plugin(FailingProviders.plugin(throwing, silent, nan, exhausting, unborn))
                .estimators("throws", "toy-bins", "silent", "nan", "exhausts", "unborn").build()
                .evaluate(PREDICTIONS, LABELS);
        EstimatorResult failed = report.estimator("throws").orElseThrow();
        assertEquals("fold 0, point c=1: broken on purpose", failed.failure());
        EstimatorResult quiet = report.estimator("silent").orElseThrow();
        assertTrue(quiet.failed() && quiet.failure().startsWith("fold 0, point c=1: failed with an unexplained "
                + "unsupported operation"), quiet.failure());
        EstimatorResult notANumber = report.estimator("nan").orElseThrow();
        assertEquals("fold 0, point c=1: pairwise risk is NaN", notANumber.failure());
        EstimatorResult exhausted = report.estimator("exhausts").orElseThrow();
        assertEquals("ran out of memory (the JVM's heap is " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); use "
                + "--threads 1, or give the JVM more memory (JAVA_OPTS=-Xmx...)", exhausted.failure());
        assertEquals("could not be created: no licence", report.estimator("unborn").orElseThrow().failure());
        for (EstimatorResult result : report.estimators()) {
            assertTrue(result.failure() == null || !TestData.namesAJavaClass(result.failure()), result.failure());
            assertEquals(result.failed(), result.difference() == null, result.name());
        }
        assertFalse(report.estimator("toy-bins").orElseThrow().failed());
        assertEquals("toy-bins", report.recommended());
    }

    @Test
    void unavailableOrUnsuitableEstimatorsAreClearErrors() {
        PluginException missing = assertThrows(PluginException.class, () -> toy().estimators("nope").build());
        assertTrue(missing.getMessage().contains("'nope'") && missing.getMessage().contains("toy-bins"),
                missing.getMessage());
        InvalidSettingException notion = assertThrows(InvalidSettingException.class,
                () -> toy().notion(Notion.CANONICAL).estimators("toy-bins").build());
        assertTrue(notion.getMessage().contains("canonical"), notion.getMessage());
        PluginException none = assertThrows(PluginException.class, () -> toy().notion(Notion.CANONICAL).build());
        assertTrue(none.getMessage().startsWith("no discovered estimator serves the notion canonical"), none.getMessage());
        InvalidSettingException axis = assertThrows(InvalidSettingException.class,
                () -> toy().estimators("toy-bins").grid("toy-bins", "width", 1).build());
        assertEquals("--grid toy-bins.width = 1: unknown hyperparameter; toy-bins has bins", axis.getMessage());
        assertThrows(InvalidSettingException.class,
                () -> toy().estimators("toy-bins").grid("toy-smoothing", "bandwidth", 3).build());
        assertThrows(InvalidSettingException.class, () -> toy().estimators("toy-bins").setting("toy-bins", "x", "1").build());
        InvalidSettingException search = assertThrows(InvalidSettingException.class, () -> toy().search("random").build());
        assertEquals("--search = random: must be one of grid, refine", search.getMessage());
    }

    @Test
    void aUserSplitReplacesTheShuffle() {
        Split split = Split.shuffled(400, 4, 0.3, 8);
        CalibrationReport user = toy().split(Split.of(split.toArray(), "file")).build().evaluate(PREDICTIONS, LABELS);
        CalibrationReport seeded = toy().folds(4).testFraction(0.3).seed(8).build().evaluate(PREDICTIONS, LABELS);
        assertEquals(4, user.folds());
        assertEquals("user-supplied", user.split());
        for (int e = 0; e < user.estimators().size(); e++) {
            assertEquals(seeded.estimators().get(e).grid(), user.estimators().get(e).grid());
        }
        assertTrue(user.notes().isEmpty(), user.notes().toString());
    }

    /** The plan is made once, when the instance is built: evaluating or listing asks the provider nothing more. */
    @Test
    void theRunPlanIsResolvedOnceBeforeAnyWork() {
        CountingProvider counting = new CountingProvider(new ToyBins());
        Calibrisk calibrisk = Calibrisk.builder().plugin(counting.plugin()).estimators("toy-bins")
                .setting("toy-bins", "empty", "zero").build();
        int afterBuild = counting.metadata.get();
        assertEquals(List.of("toy-bins"), calibrisk.estimators());
        calibrisk.evaluate(PREDICTIONS, LABELS);
        calibrisk.evaluate(PREDICTIONS, LABELS);
        assertEquals(afterBuild, counting.metadata.get(), "no metadata asked after build");
        assertEquals(2, counting.creations.get(), "one estimator per run");
        assertEquals(10, counting.preparations.get(), "each fold prepared once per run");
        assertEquals(30, counting.fits.get(), "each fold fitted once per grid point");
        assertEquals(0, counting.plans.get(), "grid: one round");
        assertEquals("zero", calibrisk.plan().estimators().get(0).settings().choice("empty"));
    }

    /** Mismatched inputs are refused before any estimator is created. */
    @Test
    void inputsThatDisagreeAreRefusedBeforeAnyWork() {
        CountingProvider counting = new CountingProvider(new ToyBins());
        Calibrisk calibrisk = Calibrisk.builder().plugin(counting.plugin()).build();
        Labels fewer = LABELS.select(TestData.range(0, 399));
        assertEquals("labels: 399 labels for 400 predictions; the numbers of samples must agree",
                assertThrows(io.calibrisk.api.InvalidInputException.class,
                        () -> calibrisk.evaluate(PREDICTIONS, fewer)).getMessage());
        Labels moreClasses = Labels.of(LABELS.toArray(), 5, "five");
        assertThrows(io.calibrisk.api.InvalidInputException.class, () -> calibrisk.evaluate(PREDICTIONS, moreClasses));
        Calibrisk split = Calibrisk.builder().plugin(counting.plugin()).split(Split.shuffled(300, 5, 0.2, 0)).build();
        assertTrue(assertThrows(io.calibrisk.api.InvalidInputException.class, () -> split.evaluate(PREDICTIONS, LABELS))
                .getMessage().startsWith("split: 300 entries for 400 samples"));
        assertEquals(0, counting.creations.get());
    }

    /**
     * Each training fold is told which fold each of its points comes from and where every fold
     * is evaluated (the test split), so that estimators may share sums over folds (kde).
     */
    @Test
    void everyTrainingFoldCarriesItsPartitionAndTheTestSplit() {
        SharingProviders sharing = new SharingProviders();
        Split split = Split.shuffled(400, 5, 0.2, 7);
        Calibrisk calibrisk = Calibrisk.builder().plugin(sharing.plugin()).notion(Notion.CLASS_WISE).split(split)
                .threads(2).build();
        calibrisk.evaluate(PREDICTIONS, LABELS);
        assertEquals(2 * 5 * 4, sharing.folds.size(), "two estimators, five folds, four classes");
        for (io.calibrisk.api.estimator.TrainingFold fold : sharing.folds) {
            int f = fold.id().fold();
            int j = fold.id().component();
            int[] rows = split.trainingIndices(f);
            int[] expected = Arrays.stream(rows).map(split::foldOf).toArray();
            assertEquals(5, fold.partition().folds());
            assertArrayEquals(expected, fold.partition().foldOf(), "fold " + f);
            assertEquals(io.calibrisk.pipeline.data.NotionComponents.of(Notion.CLASS_WISE, j, PREDICTIONS, LABELS,
                    rows), fold.data());
            assertEquals(io.calibrisk.pipeline.data.NotionComponents.of(Notion.CLASS_WISE, j, PREDICTIONS, LABELS,
                    split.testIndices()).points(), fold.partition().test());
        }
    }

    /**
     * What an estimator keeps for its run (kde: its normalisers and the test split's shares) is
     * garbage once its search is over, so the memory plan's room for the next estimator is
     * there: the pipeline holds no estimator beyond its search. {@code second} collects garbage
     * as it prepares each fold and notes whether {@code first}'s estimator is still reachable.
     */
    @Test
    void anEstimatorIsLetGoOnceItsSearchIsOver() {
        AtomicReference<WeakReference<CalibrationEstimator>> first = new AtomicReference<>();
        Queue<Boolean> reachable = new ConcurrentLinkedQueue<>();
        Axis axis = Axis.list("c", 0.5, 1);
        EstimatorProvider made = ConstantProviders.of("first", axis, context -> {
            // an object of its own per run (a lambda that captures nothing could be one for all)
            CalibrationEstimator estimator = new CalibrationEstimator() {
                @Override
                public PreparedTraining prepare(io.calibrisk.api.estimator.TrainingFold training) {
                    return point -> ConstantProviders.constant(training.data().dimension(), 1, false);
                }
            };
            first.set(new WeakReference<>(estimator));
            return estimator;
        });
        EstimatorProvider looking = ConstantProviders.of("second", axis, context -> training -> {
            for (int i = 0; i < 3 && first.get().get() != null; i++) {
                System.gc();
            }
            reachable.add(first.get().get() != null);
            return point -> ConstantProviders.constant(training.data().dimension(), 1, false);
        });
        Calibrisk calibrisk = Calibrisk.builder().plugin(ConstantProviders.plugin(made, looking))
                .estimators("first", "second").threads(1).build();
        CalibrationReport report = calibrisk.evaluate(PREDICTIONS, LABELS);
        assertFalse(report.estimators().get(0).failed() || report.estimators().get(1).failed());
        assertEquals(List.of(false, false, false, false, false), List.copyOf(reachable),
                "first's estimator, at each of second's five folds");
    }

    /**
     * A run refused for memory names what the estimator advises for the room a fold has; where
     * its memoryAdvice throws, answers null or takes longer than the time limit per estimator,
     * the advice of its memory need.
     */
    @Test
    void aRefusalNamesTheEstimatorsAdviceForTheRoomOrElseItsNeedsAdvice() {
        Axis axis = Axis.list("c", 0.5, 1);
        for (String behaviour : new String[] {"answers", "throws", "null", "hangs"}) {
            EstimatorProvider hungry = ConstantProviders.of("hungry", axis, context -> new CalibrationEstimator() {
                @Override
                public PreparedTraining prepare(io.calibrisk.api.estimator.TrainingFold training) {
                    return point -> ConstantProviders.constant(training.data().dimension(), 1, false);
                }

                @Override
                public MemoryNeed memoryNeed(int trainingSize, int querySize, int dimension) {
                    return new MemoryNeed(1L << 50, "--set hungry.mode=lean");
                }

                @Override
                public String memoryAdvice(int trainingSize, int querySize, int dimension, int folds, long bytes) {
                    switch (behaviour) {
                        case "answers":
                            return "--set hungry.cap=" + (bytes > 0 && bytes < 1L << 50 ? "fits" : bytes);
                        case "throws":
                            throw new IllegalStateException("no advice");
                        case "null":
                            return null;
                        default:
                            LockSupport.parkNanos(60_000_000_000L);
                            return "--set hungry.cap=late";
                    }
                }
            });
            Calibrisk calibrisk = Calibrisk.builder().plugin(ConstantProviders.plugin(hungry)).estimators("hungry")
                    .estimatorTimeout(Duration.ofMillis(500)).threads(1).build();
            String message = assertThrows(InvalidSettingException.class, () -> calibrisk.evaluate(PREDICTIONS, LABELS))
                    .getMessage();
            String advice = behaviour.equals("answers") ? "--set hungry.cap=fits" : "--set hungry.mode=lean";
            assertTrue(message.contains("; use " + advice + ", or give the JVM more memory"), behaviour + ": " + message);
        }
    }

    /** kkr and ukkr share a training fold's factorisation through the run's cache; nothing lives on after the run. */
    @Test
    void estimatorsOfARunShareTheRunCacheAndRunsDoNot() {
        SharingProviders sharing = new SharingProviders();
        Calibrisk calibrisk = Calibrisk.builder().plugin(sharing.plugin()).notion(Notion.CLASS_WISE).threads(3).build();
        CalibrationReport report = calibrisk.evaluate(PREDICTIONS, LABELS);
        assertEquals(List.of("share-a", "share-b"), calibrisk.estimators());
        assertFalse(report.estimators().get(0).failed() || report.estimators().get(1).failed());
        assertEquals(5 * 4, sharing.computations.get(), "one value per fold and class, shared by both estimators");
        assertEquals(report.estimators().get(0).grid(), report.estimators().get(1).grid());
        calibrisk.evaluate(PREDICTIONS, LABELS);
        assertEquals(2 * 5 * 4, sharing.computations.get(), "a second run computes its own");
        assertNotNull(report.recommended());
    }
}
