package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan,
                List.of("modest", "hungry"), List.of(new MemoryNeed(1000, "--set modest.x=1"),
                        new MemoryNeed(need, "--set hungry.mode=lean")), 1)).getMessage();
        long xmx = (long) Math.ceil((need + data(plan)) * 1.25 / (1L << 30));
        assertEquals(1_310_721, xmx);
        assertTrue(m.startsWith("estimator hungry needs about 1024 TiB of memory for 60 training samples (1 fold(s) "
                + "at once) but the JVM can use about "), m);
        assertTrue(m.endsWith("; use --set hungry.mode=lean, or give the JVM more memory (JAVA_OPTS=-Xmx" + xmx + "g)"),
                m);
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

    /** A task that does not fit even alone: fewer threads would not help, so they are not advised. */
    @Test
    void noThreadAdviceWhenOneTaskIsTooLarge() {
        FoldPlan plan = plan();
        String m = assertThrows(InvalidSettingException.class, () -> MemoryBudget.check(plan, List.of("huge"),
                List.of(new MemoryNeed(1L << 45, "")), 4)).getMessage();
        assertTrue(m.endsWith("can use about " + m.substring(m.indexOf("can use about ") + 14, m.indexOf("; "))
                + "; give the JVM more memory (JAVA_OPTS=-Xmx" + (long) Math.ceil(4 * ((1L << 45) + data(plan))
                * 1.25 / (1L << 30)) + "g)"), m);
    }
}
