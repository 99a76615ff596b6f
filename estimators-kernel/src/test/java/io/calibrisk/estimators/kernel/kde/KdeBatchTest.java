package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
        PreparedTraining prepared = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential()),
                KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}));
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
        PreparedTraining prepared = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, counting(work)),
                KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}));
        Points queries = Points.ofRows(new double[][] {{0.7}, {0.95}});
        prepared.plan(List.of(KdeFixture.bandwidth(0.03), KdeFixture.bandwidth(0.7)));
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.03)), queries);
        int batch = work.get();
        assertTrue(batch > 0);
        FeatureMatrix second = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.7)), queries);
        assertEquals(batch, work.get(), "the round's second bandwidth was computed with the first");
        assertArrayEquals(KdeFixture.features(KdeFixture.fit(Notion.TOP_LABEL, 2, KdeFixture.set(
                new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}), 0.7), queries).values(),
                second.values());
    }

    /** Counts the calls on a sequential pool: the work kde does. */
    private static Parallelism counting(AtomicInteger work) {
        return new Parallelism() {
            @Override
            public int threads() {
                return 1;
            }

            @Override
            public void forEach(int count, IntConsumer task) {
                work.incrementAndGet();
                Parallelism.sequential().forEach(count, task);
            }
        };
    }

    /**
     * Features computed ahead are found by the points' values, not by which object holds them:
     * equal points in a new object cost no work (counted as calls on the pool).
     */
    @Test
    void featuresComputedAheadAreFoundByTheValuesOfThePoints() {
        AtomicInteger work = new AtomicInteger();
        PreparedTraining prepared = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, counting(work)),
                KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}));
        double[][] rows = {{0.7}, {0.95}};
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(1e-5)), Points.ofRows(rows));
        int afterFirst = work.get();
        assertTrue(afterFirst > 0, "the first request computes the default grid's batch");
        FeatureMatrix ahead = KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), Points.ofRows(rows));
        assertEquals(afterFirst, work.get(), "equal points in another object find the features computed ahead");
        KdeFixture.features(prepared.fit(KdeFixture.bandwidth(0.2)), Points.ofRows(new double[][] {{0.7}, {0.9}}));
        assertTrue(work.get() > afterFirst, "other points are computed");
        FeatureMatrix fresh = KdeFixture.features(KdeFixture.fit(Notion.TOP_LABEL, 2,
                KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}}, new double[][] {{0}, {1}, {1}}), 0.2),
                Points.ofRows(rows));
        assertArrayEquals(fresh.values(), ahead.values());
    }
}
