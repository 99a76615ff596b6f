package io.calibrisk.pipeline.evaluation;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run's pool: every index once, nested calls, the blocks of a fold left running alone taken
 * by the thread whose fold is done, and failures and interrupts as the callers expect them.
 */
class PoolParallelismTest {

    @Test
    void everyIndexRunsOnceFromOutsideThePoolAndFromInside() {
        AtomicIntegerArray runs = new AtomicIntegerArray(200 * 7);
        try (PoolParallelism pool = new PoolParallelism(2)) {
            pool.forEach(200, i -> pool.forEach(7, j -> runs.incrementAndGet(i * 7 + j)));
        }
        for (int k = 0; k < runs.length(); k++) {
            assertEquals(1, runs.get(k), "index " + k);
        }
    }

    /**
     * Five folds on two threads: the last fold's blocks must run on both threads once the other
     * folds are done. Each of its two blocks waits at a barrier for the other, which only a
     * second thread can reach; run on one thread, the first block's wait times out.
     */
    @Test
    void theBlocksOfTheLastFoldRunOnBothThreadsOnceTheOtherFoldsAreDone() {
        CountDownLatch othersDone = new CountDownLatch(4);
        CyclicBarrier bothBlocks = new CyclicBarrier(2);
        AtomicInteger met = new AtomicInteger();
        try (PoolParallelism pool = new PoolParallelism(2)) {
            pool.forEach(5, fold -> {
                if (fold < 4) {
                    othersDone.countDown();
                    return;
                }
                await(othersDone);
                pool.forEach(2, block -> {
                    try {
                        bothBlocks.await(30, TimeUnit.SECONDS);
                        met.incrementAndGet();
                    } catch (Exception e) {
                        throw new IllegalStateException("the fold's other block did not run alongside", e);
                    }
                });
            });
        }
        assertEquals(2, met.get());
    }

    @Test
    void aFailureComesBackAsItIsAndTheTasksNotYetStartedAreSkipped() {
        IllegalStateException boom = new IllegalStateException("boom");
        AtomicInteger started = new AtomicInteger();
        try (PoolParallelism pool = new PoolParallelism(2)) {
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> pool.forEach(1000, i -> {
                started.incrementAndGet();
                if (i == 0) {
                    throw boom;
                }
                sleep(1);
            }));
            assertSame(boom, thrown);
        }
        assertTrue(started.get() < 1000, started.get() + " tasks started after the first had failed");
    }

    /** The report names the same failing fold whatever the threads: the lowest failing index, even when it fails last. */
    @Test
    void theFailureOfTheLowestIndexComesBackEvenWhenAHigherOneFailedFirst() {
        CountDownLatch higherFailed = new CountDownLatch(1);
        try (PoolParallelism pool = new PoolParallelism(2)) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.forEach(2, i -> {
                if (i == 1) {
                    higherFailed.countDown();
                    throw new IllegalStateException("index 1");
                }
                await(higherFailed);
                throw new IllegalStateException("index 0");
            }));
            assertEquals("index 0", thrown.getMessage());
        }
    }

    @Test
    void aCheckedExceptionThrownSneakilyComesBackAsItIs() {
        IOException io = new IOException("disk");
        try (PoolParallelism pool = new PoolParallelism(2)) {
            IOException thrown = assertThrows(IOException.class, () -> pool.forEach(2, i -> {
                if (i == 1) {
                    throw PoolParallelismTest.<RuntimeException>sneaky(io);
                }
            }));
            assertSame(io, thrown);
        }
    }

    /** As a join does, the caller waits for every task even when interrupted, and keeps the interrupt. */
    @Test
    void anInterruptedCallerStillWaitsForEveryTaskAndKeepsTheInterrupt() throws InterruptedException {
        CountDownLatch bothStarted = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        AtomicInteger finishedOnReturn = new AtomicInteger(-1);
        AtomicBoolean interruptedOnReturn = new AtomicBoolean();
        try (PoolParallelism pool = new PoolParallelism(2)) {
            Thread caller = new Thread(() -> {
                pool.forEach(2, i -> {
                    bothStarted.countDown();
                    await(release);
                    finished.incrementAndGet();
                });
                finishedOnReturn.set(finished.get());
                interruptedOnReturn.set(Thread.currentThread().isInterrupted());
            });
            caller.start();
            assertTrue(bothStarted.await(30, TimeUnit.SECONDS));
            caller.interrupt();
            release.countDown();
            caller.join(30_000);
        }
        assertEquals(2, finishedOnReturn.get());
        assertTrue(interruptedOnReturn.get());
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("latch not released");
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable e) throws T {
        throw (T) e;
    }
}
