package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.estimators.kernel.DirichletKernel;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.features;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The test split's regression combined from the folds' shares ({@link FoldShares}) agrees with
 * the regression over each whole training fold, is computed once per fold, and does not depend
 * on threads or on the order in which folds ask.
 */
class FoldSharesTest {
    private static final int FOLDS = 5;
    private static final int CLASSES = 4;
    private static final double[] GRID = Bandwidths.defaults();

    /** A run's folds: samples 0..n−1 dealt to folds by a fixed shuffle, the rest the test split. */
    private record Run(CalibrationSet all, int[] foldOfSample, Points test) {
        int[] trainingRows(int held) {
            return IntStream.range(0, foldOfSample.length).filter(i -> foldOfSample[i] != held).toArray();
        }

        TrainingFold fold(int held, boolean partitioned) {
            int[] rows = trainingRows(held);
            CalibrationSet data = all.select(rows);
            TrainingFold.Partition partition = partitioned ? new TrainingFold.Partition(FOLDS,
                    Arrays.stream(rows).map(i -> foldOfSample[i]).toArray(), test) : null;
            return new TrainingFold(new TrainingFold.Id(held, 0), data, List.of(), partition);
        }
    }

    /**
     * 600 canonical points in 5 folds and 250 test points, among them a duplicate, exact copies
     * of training points and the vertex e_3, which no training point is, so that it has no
     * kernel mass in any fold (a Dirichlet centre weighs at x only if its zeros include x's).
     */
    private static Run run() {
        Generators.Dataset data = Generators.dataset(1100, CLASSES, RowStyle.MIXED, Seeds.seed());
        CalibrationSet set = data.samples().component(Notion.CANONICAL);
        int[] kept = IntStream.range(0, 850).filter(i -> set.points().get(i, CLASSES - 1) < 1).limit(600).toArray();
        CalibrationSet training = set.select(kept);
        double[] test = set.select(IntStream.range(850, 1100).toArray()).points().toArray();
        double[] z = training.points().toArray();
        System.arraycopy(z, 0, test, 0, 3 * CLASSES);
        System.arraycopy(test, 20 * CLASSES, test, 21 * CLASSES, CLASSES);
        Arrays.fill(test, 30 * CLASSES, 31 * CLASSES, 0.0);
        test[31 * CLASSES - 1] = 1.0;
        int[] foldOf = new int[600];
        java.util.SplittableRandom random = new java.util.SplittableRandom(Seeds.seed());
        for (int i = 0; i < foldOf.length; i++) {
            foldOf[i] = random.nextInt(FOLDS);
        }
        return new Run(training, foldOf, Points.of(250, CLASSES, test));
    }

    private static CalibrationEstimator kde(Parallelism parallelism) {
        return KdeFixture.estimator(Notion.CANONICAL, CLASSES, parallelism);
    }

    /** @return per fold and bandwidth, the test split's features */
    private static FeatureMatrix[][] testFeatures(CalibrationEstimator kde, Run run, boolean partitioned, int[] order) {
        FeatureMatrix[][] out = new FeatureMatrix[FOLDS][GRID.length];
        for (int f : order) {
            PreparedTraining prepared = kde.prepare(run.fold(f, partitioned));
            for (int b = 0; b < GRID.length; b++) {
                out[f][b] = features(prepared.fit(bandwidth(GRID[b])), run.test());
            }
        }
        return out;
    }

    @Test
    void theSharesGiveTheWholeFoldsRegressionUpToRounding() {
        Run run = run();
        int[] order = {0, 1, 2, 3, 4};
        FeatureMatrix[][] whole = testFeatures(kde(Parallelism.sequential()), run, false, order);
        FeatureMatrix[][] shared = testFeatures(kde(Parallelism.sequential()), run, true, order);
        double[] z = run.test().toArray();
        long fallbacks = 0;
        int differing = 0;
        for (int f = 0; f < FOLDS; f++) {
            for (int b = 0; b < GRID.length; b++) {
                double[] a = whole[f][b].values();
                double[] c = shared[f][b].values();
                for (int i = 0; i < a.length; i++) {
                    // t̂ = z − φ, in [0, 1]: compared where it does not cancel
                    double expected = z[i] - a[i];
                    double actual = z[i] - c[i];
                    assertEquals(expected, actual, 1e-13 * Math.max(Math.abs(expected), 1e-3),
                            "fold " + f + ", bandwidth " + GRID[b] + ", entry " + i);
                    differing += a[i] == c[i] ? 0 : 1;
                }
                assertEquals(whole[f][b].counts(), shared[f][b].counts(), "fallbacks of fold " + f + " at " + GRID[b]);
                fallbacks += shared[f][b].counts().get(KdeTraining.FALLBACKS);
            }
        }
        assertTrue(fallbacks > 0, "the vertex has no kernel mass somewhere: " + fallbacks);
        // the shares are summed in another order: some bits move, so the shares were used
        assertTrue(differing > 0, "no entry moved: the shares were not used");
    }

    /**
     * Counted in log densities of a kernel without exponential form, one per pair of distinct
     * points: the test split's queries meet each fold's points once per bandwidth, not k − 1 times.
     */
    @Test
    void eachFoldsShareIsComputedOnceAndDroppedWhenAllHaveTakenIt() {
        Run run = run();
        long queries = distinct(run.test());
        long centres = 0;
        long wholeCentres = 0;
        for (int f = 0; f < FOLDS; f++) {
            int held = f;
            centres += distinct(run.all().select(IntStream.range(0, 600).filter(i -> run.foldOfSample()[i] == held)
                    .toArray()).points());
            wholeCentres += distinct(run.all().select(run.trainingRows(f)).points());
        }
        long pairs = centres * queries * GRID.length;
        long fits = (long) FOLDS * GRID.length;
        AtomicLong shared = new AtomicLong();
        CalibrationEstimator counted = KdeFixture.estimator(Notion.CANONICAL, CLASSES,
                KdeFixture.counting(new DirichletKernel(), shared), Parallelism.sequential());
        KdeEstimator estimator = (KdeEstimator) counted;
        testFeatures(counted, run, true, new int[] {0});
        assertEquals(FOLDS - 1, estimator.shares().held(), "fold 0 computed the shares of folds 1 to 4");
        testFeatures(counted, run, true, new int[] {1, 2, 3, 4});
        assertEquals(0, estimator.shares().held(), "every share was taken by the four folds that hold its fold");
        assertEquals(pairs + fits, shared.get());

        AtomicLong whole = new AtomicLong();
        testFeatures(KdeFixture.estimator(Notion.CANONICAL, CLASSES, KdeFixture.counting(new DirichletKernel(), whole),
                Parallelism.sequential()), run, false, new int[] {0, 1, 2, 3, 4});
        assertEquals(wholeCentres * queries * GRID.length + fits, whole.get());
        assertTrue(wholeCentres > (FOLDS - 2) * centres, "each fold holds four of five folds' points");
    }

    /** @return the number of distinct rows */
    private static long distinct(Points points) {
        return IntStream.range(0, points.size()).mapToObj(i -> Arrays.toString(points.row(i))).distinct().count();
    }

    @Test
    void resultsAreBitIdenticalForAnyThreadCountAndFoldOrder() {
        Run run = run();
        FeatureMatrix[][] reference = testFeatures(kde(Parallelism.sequential()), run, true, new int[] {0, 1, 2, 3, 4});
        try (ThreadPool three = new ThreadPool(3)) {
            FeatureMatrix[][] reversed = testFeatures(kde(three), run, true, new int[] {4, 3, 2, 1, 0});
            for (int f = 0; f < FOLDS; f++) {
                for (int b = 0; b < GRID.length; b++) {
                    assertArrayEquals(reference[f][b].values(), reversed[f][b].values(), "fold " + f + " at " + GRID[b]);
                }
            }
            // folds prepared at once, as the pipeline runs them
            CalibrationEstimator kde = kde(three);
            List<Future<FeatureMatrix[]>> futures = new ArrayList<>();
            ExecutorService folds = Executors.newFixedThreadPool(FOLDS);
            CountDownLatch start = new CountDownLatch(1);
            for (int f = 0; f < FOLDS; f++) {
                int held = f;
                futures.add(folds.submit(() -> {
                    start.await();
                    PreparedTraining prepared = kde.prepare(run.fold(held, true));
                    FeatureMatrix[] out = new FeatureMatrix[GRID.length];
                    for (int b = 0; b < GRID.length; b++) {
                        out[b] = features(prepared.fit(bandwidth(GRID[b])), run.test());
                    }
                    return out;
                }));
            }
            start.countDown();
            for (int f = 0; f < FOLDS; f++) {
                FeatureMatrix[] concurrent = futures.get(f).get(60, TimeUnit.SECONDS);
                for (int b = 0; b < GRID.length; b++) {
                    assertArrayEquals(reference[f][b].values(), concurrent[b].values(), "fold " + f + " at " + GRID[b]);
                }
            }
            folds.shutdownNow();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void onlyTheTestSplitIsCombinedFromShares() {
        Run run = run();
        CalibrationEstimator kde = kde(Parallelism.sequential());
        CalibrationEstimator plain = kde(Parallelism.sequential());
        Points evaluation = run.all().select(IntStream.range(0, 600).filter(i -> run.foldOfSample()[i] == 2)
                .toArray()).points();
        FeatureMatrix shared = features(kde.prepare(run.fold(2, true)).fit(bandwidth(0.01)), evaluation);
        FeatureMatrix whole = features(plain.prepare(run.fold(2, false)).fit(bandwidth(0.01)), evaluation);
        assertArrayEquals(whole.values(), shared.values(), "the risk's points are summed over the whole fold, bit for bit");
        assertEquals(0, ((KdeEstimator) kde).shares().held());
    }

    /**
     * A caller that breaks the partition's promise (fold g's points differ between the training
     * folds that hold it) gets each fold's own regression still: shares are keyed by their
     * points' values, so a share computed from other points is never taken.
     */
    @Test
    void foldsThatDisagreeOnThePartitionShareNothingAndStayRight() {
        Run run = run();
        CalibrationEstimator kde = kde(Parallelism.sequential());
        CalibrationEstimator plain = kde(Parallelism.sequential());
        for (int held = 0; held < 2; held++) {
            TrainingFold honest = run.fold(held, true);
            int[] foldOf = honest.partition().foldOf();
            // each training fold deals its points to the other folds by position instead
            int[] others = IntStream.range(0, FOLDS).filter(g -> g != 0 && g != 1).toArray();
            for (int i = 0; i < foldOf.length; i++) {
                foldOf[i] = i % 2 == 0 ? 1 - held : others[i % others.length];
            }
            TrainingFold lying = new TrainingFold(honest.id(), honest.data(), List.of(),
                    new TrainingFold.Partition(FOLDS, foldOf, run.test()));
            double[] shared = features(kde.prepare(lying).fit(bandwidth(0.01)), run.test()).values();
            double[] whole = features(plain.prepare(run.fold(held, false)).fit(bandwidth(0.01)), run.test()).values();
            double[] z = run.test().toArray();
            for (int i = 0; i < whole.length; i++) {
                assertEquals(z[i] - whole[i], z[i] - shared[i], 1e-13 * Math.max(Math.abs(z[i] - whole[i]), 1e-3),
                        "fold " + held + ", entry " + i);
            }
        }
        assertEquals(2 * (FOLDS - 1), ((KdeEstimator) kde).shares().held(), "four shares each, none served the other fold");
    }

    /**
     * A share is computed on the calling thread alone, never through the run's pool: a worker
     * joining pool tasks may run another fold's task on top of an unfinished share, and that
     * fold could then wait for the share beneath it for ever.
     */
    @Test
    void sharesAreComputedWithoutThePool() {
        Run run = run();
        AtomicInteger calls = new AtomicInteger();
        CalibrationEstimator kde = kde(KdeFixture.counting(calls));
        PreparedTraining prepared = kde.prepare(run.fold(0, true));
        Points evaluation = run.all().select(IntStream.range(0, 600).filter(i -> run.foldOfSample()[i] == 0)
                .toArray()).points();
        // the evaluation points go through the pool, and leave the fold's own constants computed
        features(prepared.fit(bandwidth(GRID[0])), evaluation);
        int before = calls.get();
        assertTrue(before > 0);
        features(prepared.fit(bandwidth(GRID[0])), run.test());
        assertEquals(before, calls.get(), "the test split's shares used the pool");
        assertEquals(FOLDS - 1, ((KdeEstimator) kde).shares().held());
    }

    @Test
    void aFailedShareIsForgottenAndComputedAgain() {
        FoldShares shares = new FoldShares();
        CalibrationSet fold = KdeFixture.set(new double[][] {{0.2, 0.8}}, new double[][] {{1, 0}});
        Points points = Points.ofRows(new double[][] {{0.5, 0.5}});
        AtomicInteger calls = new AtomicInteger();
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> shares.shares(List.of(fold), points, new double[] {0.1}, 2, (part, batch) -> {
                    calls.incrementAndGet();
                    throw new IllegalStateException("kernel failed");
                }));
        assertEquals("kernel failed", failure.getMessage());
        NadarayaWatson.Sums sums = new NadarayaWatson.Sums(new double[][] {{-1}}, new double[][] {{2}},
                new double[][] {{1, 0}});
        FoldShares.Share[] first = shares.shares(List.of(fold), points, new double[] {0.1}, 2, (part, batch) -> {
            calls.incrementAndGet();
            return sums;
        })[0];
        FoldShares.Share[] second = shares.shares(List.of(fold), points, new double[] {0.1}, 2, (part, batch) -> {
            throw new AssertionError("computed twice");
        })[0];
        assertSame(first[0], second[0]);
        assertEquals(2, calls.get());
        assertEquals(0, shares.held());
    }
}
