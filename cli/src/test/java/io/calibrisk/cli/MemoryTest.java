package io.calibrisk.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CLI in a JVM with a small heap: runs that would not fit are refused before they start, and an
 * estimator whose folds fit only one at a time runs them so.
 */
class MemoryTest {

    @TempDir
    Path folder;

    private Jvm.Result java(String heap, String... args) throws IOException, InterruptedException {
        return Jvm.run(folder, heap, args);
    }

    @Test
    void anEstimatorThatWouldNotFitIsRefusedWithAdvice() throws IOException, InterruptedException {
        Path plugins = ConstantPlugin.build(folder, "hungry", "8L * n * n * 1000");
        Jvm.Result result = java("64m", "--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                "hungry,bins", "--threads", "2");
        assertEquals(2, result.status(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("estimator hungry needs about") && err.contains("--set hungry.mode=lean")
                && err.contains("-Xmx"), err);
        assertFalse(err.contains("OutOfMemoryError"), err);
    }

    /**
     * Each fold of hungry claims about 117 MiB (n = 320): one fits in what a 256 MiB heap leaves
     * a run, two do not. The run is not refused: hungry runs its folds one at a time, and says so.
     */
    @Test
    void anEstimatorWhoseFoldsFitOnlyOneAtATimeRunsThemOneAtATime() throws IOException, InterruptedException {
        Path plugins = ConstantPlugin.build(folder, "hungry", "8L * n * n * 150");
        Jvm.Result result = java("256m", "--plugins", plugins.toString(), "evaluate", "--example", "--estimators",
                "hungry,bins", "--threads", "2");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.err().contains("estimator hungry runs 1 fold at a time instead of 2: each needs about 117 MiB "
                + "for 320 training samples and the JVM can use about "), result.err());
        assertTrue(result.err().contains("; every thread still works on it. For 2 at once, use --set hungry.mode=lean or "
                + "give the JVM more memory (JAVA_OPTS=-Xmx1g)"), result.err());
        assertTrue(result.out().contains("hungry") && result.out().contains("bins"), result.out());
    }

    @Test
    void anInputLargerThanTheHeapIsRefusedBeforeItIsRead() throws IOException, InterruptedException {
        Jvm.Result sim = java("256m", "simulate", "--samples", "400000", "--classes", "10", "--output-dir", folder.toString());
        assertEquals(0, sim.status(), sim.err());
        Jvm.Result result = java("48m", "evaluate", "--probs", folder.resolve("probs.npy").toString(), "--labels",
                folder.resolve("labels.npy").toString());
        assertEquals(2, result.status(), result.err());
        assertTrue(result.err().contains("probs.npy") && result.err().contains("more memory"), result.err());
        assertFalse(result.err().contains("OutOfMemoryError"), result.err());
    }

    @Test
    void theSameRunFitsInAnAdequateHeap() throws IOException, InterruptedException {
        Jvm.Result result = java("256m", "evaluate", "--example", "--estimators", "bins");
        assertEquals(0, result.status(), result.err());
        assertTrue(result.out().contains("bins"), result.out());
    }
}
