package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which bandwidths are computed together, and that handing features out does not share them. */
class KdeBatchTest {

    @Test
    void theDefaultGridIsBatchedFromItsFirstValueAndOtherGridsFromWhatWasFitted() {
        KdeEstimator kde = (KdeEstimator) KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential());
        assertArrayEquals(new double[] {0.3}, kde.batch(0.3, Set.of(), null));
        assertEquals(20, kde.batch(1e-5, Set.of(), null).length);
        assertEquals(19, kde.batch(1e-5, Set.of(0.2), null).length);
        kde.remember(0.3);
        kde.remember(0.7);
        assertArrayEquals(new double[] {0.3, 0.5, 0.7}, kde.batch(0.5, Set.of(), null));
        assertArrayEquals(new double[] {0.5, 0.7}, kde.batch(0.5, Set.of(0.3), null));
    }

    @Test
    void anAnnouncedGridIsBatchedExactly() {
        KdeEstimator kde = (KdeEstimator) KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential());
        kde.remember(0.9);
        double[] planned = {1e-5, 0.01, 0.4};
        assertArrayEquals(planned, kde.batch(1e-5, Set.of(), planned));
        assertArrayEquals(new double[] {0.01, 0.4}, kde.batch(0.4, Set.of(1e-5), planned));
    }

    @Test
    void askingTwiceForTheSameFeaturesRecomputesTheSameValues() {
        PreparedTraining prepared = threePoints(Parallelism.sequential());
        Points queries = Points.ofRows(new double[][] {{0.7}, {0.95}});
        double[] first = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), queries).values();
        double[] ahead = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), queries).values();
        double[] again = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), queries).values();
        assertNotSame(ahead, again);
        assertArrayEquals(ahead, again);
        assertEquals(first.length, again.length);
    }

    /** A later round announced with plan is computed in one batch when its first point is asked for. */
    @Test
    void aRoundAnnouncedWithPlanIsOneBatch() {
        AtomicInteger work = new AtomicInteger();
        PreparedTraining prepared = threePoints(KdeFixture.counting(work));
        Points queries = Points.ofRows(new double[][] {{0.7}, {0.95}});
        prepared.plan(List.of(KdeFixture.bandwidth(0.03), KdeFixture.bandwidth(0.7)));
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.03)), queries);
        int batch = work.get();
        assertTrue(batch > 0);
        FeatureMatrix second = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.7)), queries);
        assertEquals(batch, work.get(), "the round's second bandwidth was computed with the first");
        assertArrayEquals(KdeFixture.features(threePoints(Parallelism.sequential()).fit(KdeFixture.bandwidth(0.7)),
                queries).values(), second.values());
    }

    /**
     * Features computed ahead are found by the points' values, not by which object holds them:
     * equal points in a new object cost no work (counted as calls on the pool).
     */
    @Test
    void featuresComputedAheadAreFoundByTheValuesOfThePoints() {
        AtomicInteger work = new AtomicInteger();
        PreparedTraining prepared = threePoints(KdeFixture.counting(work));
        double[][] rows = {{0.7}, {0.95}};
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), Points.ofRows(rows));
        int afterFirst = work.get();
        assertTrue(afterFirst > 0, "the first request computes the default grid's batch");
        FeatureMatrix ahead = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), Points.ofRows(rows));
        assertEquals(afterFirst, work.get(), "equal points in another object find the features computed ahead");
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), Points.ofRows(new double[][] {{0.7}, {0.9}}));
        assertTrue(work.get() > afterFirst, "other points are computed");
        FeatureMatrix fresh = KdeFixture.features(threePoints(Parallelism.sequential()).fit(KdeFixture.bandwidth(0.2)),
                Points.ofRows(rows));
        assertArrayEquals(fresh.values(), ahead.values());
    }

    /** The features of a bandwidth already handed out are recomputed alone, not with the rest of the grid again. */
    @Test
    void aBandwidthAskedForAgainIsComputedAlone() {
        AtomicInteger work = new AtomicInteger();
        PreparedTraining prepared = threePoints(KdeFixture.counting(work));
        Points queries = Points.ofRows(new double[][] {{0.7}, {0.95}});
        FeatureMatrix first = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), queries);
        int grid = work.get();
        FeatureMatrix again = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), queries);
        int alone = work.get() - grid;
        assertTrue(alone > 0 && 20 * alone <= grid, "one bandwidth of 20: " + alone + " calls against " + grid);
        assertArrayEquals(first.values(), again.values());
    }

    /**
     * Features computed ahead are kept for the 4 point sets used last: a fifth set drops the
     * least recently used one, whose features are then recomputed; the others are not.
     */
    @Test
    void featuresComputedAheadAreKeptForTheFourPointSetsUsedLast() {
        AtomicInteger work = new AtomicInteger();
        PreparedTraining prepared = threePoints(KdeFixture.counting(work));
        Points[] sets = new Points[5];
        for (int k = 0; k < sets.length; k++) {
            sets[k] = Points.ofRows(new double[][] {{0.1 + 0.15 * k}});
        }
        for (int k = 0; k < 4; k++) {
            KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), sets[k]);
        }
        int before = work.get();
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), sets[0]);
        assertEquals(before, work.get(), "four sets are all kept");
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), sets[4]);
        before = work.get();
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), sets[2]);
        assertEquals(before, work.get(), "a set used after the first is kept");
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), sets[1]);
        assertTrue(work.get() > before, "the set used least recently was dropped for the fifth");
    }

    /** Top-label kde prepared on three training points. */
    /**
     * With sorted scalar centres, the test split joins the first regression of another query set
     * (the evaluation fold, which the pipeline asks for first): the test split's features are then
     * handed out without more work, each set's features are those of one regression over both
     * sets, within rounding of a regression over the set alone, and each set counts its own
     * fallbacks (queries at 1 and 0, where no centre lies).
     */
    @Test
    void theTestSplitIsSummedInTheEvaluationFoldsRegression() {
        Random random = new Random(7);
        double[][] centres = new double[400][1];
        double[][] targets = new double[400][1];
        for (int j = 0; j < centres.length; j++) {
            centres[j][0] = 0.05 + 0.9 * random.nextDouble();
            targets[j][0] = random.nextDouble() < centres[j][0] ? 1 : 0;
        }
        CalibrationSet training = KdeFixture.set(centres, targets);
        Points evaluation = scalars(random, 300, 1.0);
        Points test = scalars(random, 200, 0.0, 0.0);
        double bandwidth = 0.05;
        int[] foldOf = new int[centres.length];
        Arrays.fill(foldOf, 1);
        AtomicInteger work = new AtomicInteger();
        CalibrationEstimator kde = KdeFixture.estimator(Notion.TOP_LABEL, 2, KdeFixture.counting(work));
        PreparedTraining prepared = kde.prepare(new TrainingFold(new TrainingFold.Id(0, 0), training, List.of(),
                new TrainingFold.Partition(2, foldOf, test)));
        FeatureMatrix first = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(bandwidth)), evaluation);
        int done = work.get();
        FeatureMatrix second = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(bandwidth)), test);
        assertEquals(done, work.get(), "the test split's features were computed with the evaluation fold's");

        double[] both = KdeFixture.features(unpartitioned(training, bandwidth), joined(evaluation, test)).values();
        assertArrayEquals(Arrays.copyOfRange(both, 0, evaluation.size()), first.values());
        assertArrayEquals(Arrays.copyOfRange(both, evaluation.size(), both.length), second.values());
        assertEquals(1L, first.counts().get(KdeTraining.FALLBACKS));
        assertEquals(2L, second.counts().get(KdeTraining.FALLBACKS));

        double[] alone = KdeFixture.features(unpartitioned(training, bandwidth), test).values();
        assertNotEquals(Arrays.toString(alone), Arrays.toString(second.values()),
                "the sets share the butterflies' clusters, which decide the last bits");
        for (int i = 0; i < alone.length; i++) {
            assertEquals(alone[i], second.values()[i], 1e-12 * Math.abs(alone[i]), "test query " + i);
        }
    }

    private static Points scalars(Random random, int count, double... extra) {
        double[][] rows = new double[count + extra.length][1];
        for (int i = 0; i < count; i++) {
            rows[i][0] = random.nextDouble();
        }
        for (int k = 0; k < extra.length; k++) {
            rows[count + k][0] = extra[k];
        }
        return Points.ofRows(rows);
    }

    private static Points joined(Points a, Points b) {
        double[] values = Arrays.copyOf(a.toArray(), a.size() + b.size());
        System.arraycopy(b.toArray(), 0, values, a.size(), b.size());
        return Points.of(a.size() + b.size(), 1, values);
    }

    /** A fit of a fold prepared without a partition, alone in its estimator. */
    private static io.calibrisk.api.estimator.CalibrationFunction unpartitioned(CalibrationSet training,
                                                                               double bandwidth) {
        return KdeFixture.fit(Notion.TOP_LABEL, 2, training, bandwidth);
    }

    private static PreparedTraining threePoints(Parallelism parallelism) {
        return KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, parallelism),
                KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}));
    }
}
