package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Class-wise runs keep every thread busy: the components of one fold are tasks of their own, not
 * a sequence inside the fold's task (which left all but k threads idle, and with k = 5 folds on
 * 2 threads one of them idle a third of the time).
 */
class ComponentTasksTest {
    private static final Generators.Dataset DATA = Generators.dataset(240, 4, Generators.RowStyle.SPREAD, 5);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static CalibrationReport classWise(CountingProvider estimator, int threads) {
        return Calibrisk.builder().plugin(estimator.plugin()).notion(Notion.CLASS_WISE).estimators(ToyBins.NAME)
                .grid(ToyBins.NAME, ToyBins.BINS, 2, 3).folds(2).threads(threads).bootstrap(0).build()
                .evaluate(PREDICTIONS, LABELS);
    }

    /**
     * Two folds of four classes on four threads: each preparation waits, up to 20 s, until four
     * are under way at once, which only happens when components of the same fold run side by
     * side. Were they run one after another inside each fold's task, at most two could be under
     * way and the first preparations would wait in vain.
     */
    @Test
    void componentsOfOneFoldArePreparedSideBySide() {
        CountDownLatch together = new CountDownLatch(4);
        AtomicBoolean metAll = new AtomicBoolean(true);
        CountingProvider gated = new CountingProvider(new ToyBins(), () -> {
            together.countDown();
            try {
                if (!together.await(20, TimeUnit.SECONDS)) {
                    metAll.set(false);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                metAll.set(false);
            }
        });
        CalibrationReport report = classWise(gated, 4);
        assertNull(report.estimators().get(0).failure());
        assertTrue(metAll.get(), "some preparation waited in vain: the components did not run in parallel");
        assertEquals(8, gated.preparations.get());
        // and the result is the one of a single thread
        CalibrationReport alone = classWise(new CountingProvider(new ToyBins()), 1);
        assertEquals(alone.estimators().get(0).grid(), report.estimators().get(0).grid());
    }
}
