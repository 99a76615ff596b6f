package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An estimator whose folds do not all fit in memory at once runs as many at a time as fit
 * ({@link MemoryBudget}, {@link TaskLanes}), with every thread still at work inside them and
 * the same results.
 */
class FoldsAtOnceTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.SPREAD, 3);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static long usable() {
        Runtime runtime = Runtime.getRuntime();
        return (long) (0.85 * (runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory())));
    }

    @Test
    void lanesRunEveryTaskOnceWithNoMoreAtOnceAndTheThreadsStillServeTheirParallelParts() {
        try (PoolParallelism pool = new PoolParallelism(4)) {
            int count = 40;
            AtomicIntegerArray runs = new AtomicIntegerArray(count);
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            AtomicLong innerSum = new AtomicLong();
            TaskLanes.forEach(pool, count, 2, task -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    runs.incrementAndGet(task);
                    // a task's own parallel part, as an estimator's row panels: it runs in the pool
                    pool.forEach(8, part -> innerSum.addAndGet(task * 8L + part));
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    running.decrementAndGet();
                }
            });
            for (int i = 0; i < count; i++) {
                assertEquals(1, runs.get(i), "task " + i);
            }
            assertTrue(most.get() <= 2, "at most 2 at once, saw " + most.get());
            assertEquals((long) (8 * count - 1) * (8 * count) / 2, innerSum.get());
        }
    }

    @Test
    void theLowestTaskFailureIsRethrownAndOneLaneStopsThere() {
        RuntimeException seventh = new IllegalStateException("task 7");
        RuntimeException twelfth = new IllegalStateException("task 12");
        for (int lanes : new int[] {1, 2}) {
            List<Integer> ran = Collections.synchronizedList(new ArrayList<>());
            try (PoolParallelism pool = new PoolParallelism(3)) {
                RuntimeException thrown = assertThrows(RuntimeException.class, () -> TaskLanes.forEach(pool, 20, lanes,
                        task -> {
                            ran.add(task);
                            if (task == 7) {
                                throw seventh;
                            }
                            if (task == 12) {
                                throw twelfth;
                            }
                        }));
                assertSame(seventh, thrown, lanes + " lane(s)");
            }
            if (lanes == 1) {
                assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), ran, "one lane runs nothing after the failure");
            } else {
                assertTrue(ran.containsAll(List.of(0, 1, 2, 3, 4, 5, 6, 7)), ran.toString());
            }
        }
    }

    @Test
    void theMemoryPlanGivesAsManyAtOnceAsFitAndRefusesOnlyWhatFitsNotEvenAlone() {
        FoldPlan plan = FoldPlan.of(Notion.TOP_LABEL, new EvaluationSettings.Sampling(null, 5, 0.2, 0),
                PREDICTIONS, LABELS);
        long data = 8L * 2 * plan.dimension() * (plan.largestTrainingSize() + 2L * plan.largestQuerySize());
        long share = (long) (0.4 * usable()) - data;
        // threads 8, but 5 folds: 5 at once where they fit; 2 where each asks 0.4 of the heap (with
        // room for the heap's changes between here and the plan); 1, as asked, with one thread
        assertArrayEquals(new int[] {5, 2, 5}, MemoryBudget.check(plan, List.of("small", "share", "failed"),
                Arrays.asList(new MemoryNeed(1000, ""), new MemoryNeed(share, ""), null), 8));
        assertArrayEquals(new int[] {1}, MemoryBudget.check(plan, List.of("share"),
                List.of(new MemoryNeed(share, "")), 1));
        String line = MemoryBudget.fewer("kkr", 1, 2, 11_700_000_000L, 160_000, 12_000_000_000L, 28,
                "--set kkr.max-rank=1500");
        assertEquals("estimator kkr runs 1 fold at a time instead of 2: each needs about 10.9 GiB for 160000 training "
                + "samples and the JVM can use about 11.2 GiB; every thread still works on it. For 2 at once, use "
                + "--set kkr.max-rank=1500 or give the JVM more memory (JAVA_OPTS=-Xmx28g)", line);
        assertEquals("estimator big runs 3 folds at a time instead of 4: each needs about 100 MiB for 60 training "
                + "samples and the JVM can use about 300 MiB; every thread still works on them. For 4 at once, give "
                + "the JVM more memory (JAVA_OPTS=-Xmx1g)", MemoryBudget.fewer("big", 3, 4, 100L << 20, 60,
                300L << 20, 1, ""));
    }

    @Test
    void anEstimatorRunOneFoldAtATimeReportsWhatItReportsWithAllAtOnce() {
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            // each preparation lasts long enough that two threads overlap them when they may
            CountingProvider free = new CountingProvider(new ToyBins(), FoldsAtOnceTest::pause);
            CalibrationReport all = Calibrisk.builder().plugin(free.plugin()).notion(notion).threads(2).build()
                    .evaluate(PREDICTIONS, LABELS);
            // two tasks do not fit, one does (with room for the heap's changes between here and the plan)
            CountingProvider hungry = new CountingProvider(new ToyBins(), FoldsAtOnceTest::pause)
                    .claimingMemory((long) (0.6 * usable()));
            CalibrationReport one = Calibrisk.builder().plugin(hungry.plugin()).notion(notion).threads(2).build()
                    .evaluate(PREDICTIONS, LABELS);
            assertEquals(2, free.mostPreparingAtOnce.get(), notion.toString());
            assertEquals(1, hungry.mostPreparingAtOnce.get(), notion.toString());
            assertEquals(all.estimators().get(0).grid(), one.estimators().get(0).grid(), notion.toString());
            assertEquals(all.estimators().get(0).interval(), one.estimators().get(0).interval(), notion.toString());
            assertEquals(free.fits.get(), hungry.fits.get(), notion.toString());
        }
    }

    private static void pause() {
        try {
            Thread.sleep(15);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
