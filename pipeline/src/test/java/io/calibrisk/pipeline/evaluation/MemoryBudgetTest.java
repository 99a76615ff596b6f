package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory plan before any work: the refusal (the need it states, the estimator it names and the
 * advice it gives) and the folds at once of an estimator whose folds do not all fit together.
 */
class MemoryBudgetTest {

    /** 100 samples, d = 2, top-label (m = 1), 4 folds and 20 test samples: 20 queries, 60 training samples. */
    private static FoldPlan plan() {
        double[] p = new double[200];
        int[] y = new int[100];
        for (int i = 0; i < 100; i++) {
            p[2 * i] = 0.2 + 0.006 * i;
            p[2 * i + 1] = 1 - p[2 * i];
            y[i] = i % 2;
        }
        return FoldPlan.of(Notion.TOP_LABEL, new EvaluationSettings.Sampling(null, 4, 0.2, 7),
                Predictions.ofProbabilities(100, 2, p, "p"), Labels.of(y, 2, "y"));
    }

    /** The data of one task: 2 arrays of m doubles for the training points and twice the queries. */
    private static long data(FoldPlan plan) {
        return 8L * 2 * plan.dimension() * (plan.largestTrainingSize() + 2L * plan.largestQuerySize());
    }

    private static long usable() {
        Runtime runtime = Runtime.getRuntime();
        return (long) (0.85 * (runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory())));
    }

    @Test
    void oneEstimatorOverTheBudgetIsNamedWithItsNeedAndTheHeapItWouldTake() {
        FoldPlan plan = plan();
        assertEquals(60, plan.largestTrainingSize());
        assertEquals(20, plan.largestQuerySize());
        long need = 1L << 50;
        // a heap of 2 GiB holding 150 MiB
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan,
                List.of("modest", "hungry"), List.of(new MemoryNeed(1000, "--set modest.x=1"),
                        new MemoryNeed(need, "--set hungry.mode=lean")), 1, 2L << 30, 150L << 20)).getMessage();
        // ((2^50 + data) / 0.85 + 150 MiB) · 9/8, in GiB, rounded up
        long xmx = (long) Math.ceil(((need + data(plan)) / 0.85 + (150L << 20)) * 9 / 8 / (1L << 30));
        assertEquals(1_387_822, xmx);
        assertEquals("estimator hungry needs about 1024 TiB of memory for 60 training samples (1 fold(s) at once) but "
                + "the JVM can use about 1.6 GiB; use --set hungry.mode=lean, or give the JVM more memory "
                + "(JAVA_OPTS=-Xmx" + xmx + "g)", m);
    }

    /**
     * The estimator is asked for a setting for the room its folds have, and the answer is in the
     * refusal: one fold alone in all the heap the run can use (less the fold's data); for a run of
     * fewer folds at a time, all of them at once (less their data; the warning says it: the
     * command line's MemoryTest). Estimators whose folds fit are not asked.
     */
    @Test
    void theAdviceIsForTheRoomAFoldHas() {
        FoldPlan plan = plan();
        long heap = 2L << 30;
        long inUse = 150L << 20;
        long usable = (long) (0.85 * (heap - inUse));
        List<String> asked = new ArrayList<>();
        MemoryBudget.Adviser adviser = (e, folds, bytes) -> {
            asked.add(e + ":" + folds + ":" + bytes);
            return "--set e" + e + ".cap=" + bytes;
        };
        List<MemoryNeed> needs = List.of(new MemoryNeed(1000, "--set e0.cap=1"),
                new MemoryNeed(usable * 6 / 10, "a smaller --set e1.cap"), new MemoryNeed(1L << 40, "a smaller --set e2.cap"));
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("e0", "e1", "e2"),
                needs, adviser, 2, heap, inUse)).getMessage();
        long alone = usable - data(plan);
        long both = usable - 2 * data(plan);
        assertEquals(List.of("1:2:" + both, "2:1:" + alone), asked);
        assertTrue(m.endsWith("; use --set e2.cap=" + alone + ", or give the JVM more memory (JAVA_OPTS=-Xmx"
                + MemoryBudget.heapFor(2 * ((1L << 40) + data(plan)), inUse) + "g)"), m);
        // no room at all for a fold's data: nothing to ask, and no setting to name
        asked.clear();
        String none = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("e2"),
                List.of(new MemoryNeed(1L << 40, "a smaller --set e2.cap")), adviser, 1, 1000, 0)).getMessage();
        assertEquals(List.of(), asked);
        assertTrue(none.endsWith("can use about 1 MiB; give the JVM more memory (JAVA_OPTS=-Xmx"
                + MemoryBudget.heapFor((1L << 40) + data(plan), 0) + "g)"), none);
    }

    /**
     * Each thread's work on a fit is counted once per thread of the run, beside the folds at
     * once: two folds that fit together without it run one at a time with it, and one fold that
     * fits alone without it is refused with it; the warning names the threads' work.
     */
    @Test
    void theThreadsWorkIsCountedOncePerThread() {
        FoldPlan plan = plan();
        long heap = 2L << 30;
        long usable = (long) (0.85 * heap);
        long fold = usable * 4 / 10 - data(plan);
        long thread = usable / 10;
        // two folds and no threads' work: 0.8 of the room
        assertArrayEquals(new int[] {2}, MemoryBudget.check(plan, List.of("e"), List.of(new MemoryNeed(fold, "")), 2,
                heap, 0));
        // two folds and two threads' work: 1.0 of it and a little more; one fold and the threads' work: 0.6
        assertArrayEquals(new int[] {1}, MemoryBudget.check(plan, List.of("e"),
                List.of(new MemoryNeed(fold + 1000, "", thread)), 2, heap, 0));
        // on four threads, four folds and four threads' work: 2.0 of the room; one fold: 0.8
        assertArrayEquals(new int[] {1}, MemoryBudget.check(plan, List.of("e"), List.of(new MemoryNeed(fold, "", thread)),
                4, heap, 0));
        // a fold of 0.4 and the work of eight threads, 0.8: refused, with the need of all four folds
        // at once and the eight threads' work, 2.4 of the room
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("e"),
                List.of(new MemoryNeed(fold, "", thread)), 8, heap, 0)).getMessage();
        assertTrue(m.startsWith("estimator e needs about 4.1 GiB of memory for 60 training samples (4 fold(s) at once)"),
                m);
        // with six threads one fold and their work take the room: the threads are advised first,
        // as they change nothing but the time
        long threads = (usable - fold - data(plan)) / thread;
        long xmx = MemoryBudget.heapFor(4 * (fold + data(plan)) + 8 * thread, 0);
        assertEquals(6, threads);
        assertTrue(m.endsWith("the JVM can use about 1.7 GiB; use --threads 6 (the same results, more slowly), or give "
                + "the JVM more memory (JAVA_OPTS=-Xmx" + xmx + "g)"), m);
        String both = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("e"),
                List.of(new MemoryNeed(fold, "--set e.cap=1", thread)), 8, heap, 0)).getMessage();
        assertTrue(both.endsWith("; use --threads 6 (the same results, more slowly) or --set e.cap=1, or give the JVM "
                + "more memory (JAVA_OPTS=-Xmx" + xmx + "g)"), both);
        // where a fold alone does not fit, no number of threads helps
        String none = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("e"),
                List.of(new MemoryNeed(usable, "", thread)), 8, heap, 0)).getMessage();
        assertFalse(none.contains("--threads"), none);
        assertEquals("estimator e runs 1 fold at a time instead of 2: each needs about 700 MiB, and the threads' work "
                        + "174 MiB, for 60 training samples and the JVM can use about 1.7 GiB; every thread still works "
                        + "on it. For 2 at once, give the JVM more memory (JAVA_OPTS=-Xmx3g)",
                MemoryBudget.fewer("e", 1, 2, 700L << 20, 174L << 20, 60, (long) (1.7 * (1L << 30)), 3, ""));
    }

    /**
     * The heap the plan advises is one in which it finds room for every task at once, even where
     * the JVM's max memory is -Xmx less a ninth (the parallel collector's survivor space), and
     * never the heap the run already has: two CIFAR-10 canonical kkr folds (808 MiB each) were
     * advised -Xmx2g at -Xmx2g (max memory 1820 MiB).
     */
    @Test
    void theAdvisedHeapHasRoomForEveryTaskAtOnce() {
        FoldPlan plan = plan();
        long perTask = 808L << 20;
        assertEquals(3, MemoryBudget.heapFor(2 * (perTask + data(plan)), 30L << 20));
        assertArrayEquals(new int[] {1}, MemoryBudget.check(plan, List.of("kkr"), List.of(new MemoryNeed(perTask, "")),
                2, 1820L << 20, 30L << 20));
        for (long need : new long[] {1L << 20, 100L << 20, 808L << 20, 5L << 30, 37L << 30}) {
            for (long inUse : new long[] {0, 10L << 20, 150L << 20, 3L << 30}) {
                for (int threads = 1; threads <= 4; threads++) {
                    long total = threads * (need + data(plan));
                    long heap = MemoryBudget.heapFor(total, inUse) << 30;
                    String what = need + " bytes a task, " + inUse + " in use, " + threads + " threads";
                    assertEquals(threads, atOnce(plan, need, threads, heap / 9 * 8, inUse), what);
                    // and not far above what it takes: a GiB less, at nine tenths of its max memory, does not do
                    if (heap > 1L << 30) {
                        assertTrue(atOnce(plan, need, threads, (heap - (1L << 30)) / 9 * 8 * 9 / 10, inUse) < threads,
                                what);
                    }
                }
            }
        }
    }

    /** A task that fits alone but not four at once: the run is not refused, it runs three at a time. */
    @Test
    void aTaskThatFitsAloneRunsAsManyAtATimeAsFitInsteadOfBeingRefused() {
        FoldPlan plan = plan();
        long perTask = (long) (0.28 * usable());
        assertArrayEquals(new int[] {3}, MemoryBudget.check(plan, List.of("big"),
                List.of(new MemoryNeed(perTask - data(plan), "")), 4));
        // Alone, the same task fits; a failed creation (no need) is not counted.
        assertArrayEquals(new int[] {1, 1}, MemoryBudget.check(plan, List.of("big", "failed"),
                Arrays.asList(new MemoryNeed(perTask - data(plan), ""), null), 1));
    }

    /** @return the tasks at once that the plan gives, 0 if it refuses the run */
    private static int atOnce(FoldPlan plan, long need, int threads, long heap, long inUse) {
        try {
            return MemoryBudget.check(plan, List.of("e"), List.of(new MemoryNeed(need, "")), threads, heap, inUse)[0];
        } catch (InvalidSettingException e) {
            return 0;
        }
    }

    /** A task that does not fit even alone: fewer threads would not help, so they are not advised. */
    @Test
    void noThreadAdviceWhenOneTaskIsTooLarge() {
        FoldPlan plan = plan();
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("huge"),
                List.of(new MemoryNeed(1L << 45, "")), 4, 2L << 30, 0)).getMessage();
        assertTrue(m.endsWith("can use about 1.7 GiB; give the JVM more memory (JAVA_OPTS=-Xmx"
                + (long) Math.ceil(4 * ((1L << 45) + data(plan)) / 0.85 * 9 / 8 / (1L << 30)) + "g)"), m);
    }
}
