package io.calibrisk.pipeline.evaluation;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A call under a time limit behaves as the plain call: its value, its own exception, and interruption kept. */
class EstimatorCallsTest {
    private static final Duration GENEROUS = Duration.ofMinutes(10);

    @Test
    void theTasksValueAndItsOwnExceptionComeBackUnwrapped() throws Throwable {
        assertEquals("fit", EstimatorCalls.call("e", GENEROUS, () -> "fit"));
        assertEquals("fit", EstimatorCalls.call("e", null, () -> "fit"));
        IOException failure = new IOException("unreadable");
        assertSame(failure, assertThrows(IOException.class, () -> EstimatorCalls.call("e", GENEROUS, () -> {
            throw failure;
        })));
    }

    /** The caller interrupted while it waits: the wait ends with InterruptedException and the flag stays set. */
    @Test
    void anInterruptedCallerKeepsItsInterruptFlag() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Throwable[] thrown = new Throwable[1];
        boolean[] flag = new boolean[1];
        Thread caller = new Thread(() -> {
            try {
                EstimatorCalls.call("e", GENEROUS, () -> {
                    release.await();
                    return "late";
                });
            } catch (Throwable e) {
                thrown[0] = e;
                flag[0] = Thread.currentThread().isInterrupted();
            }
        });
        caller.start();
        while (caller.getState() != Thread.State.TIMED_WAITING && caller.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        caller.interrupt();
        caller.join();
        release.countDown();
        assertTrue(thrown[0] instanceof InterruptedException, String.valueOf(thrown[0]));
        assertTrue(flag[0], "the interrupt flag is restored");
    }
}
