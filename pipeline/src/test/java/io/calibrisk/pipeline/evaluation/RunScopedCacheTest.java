package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.PluginException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunScopedCacheTest {

    private record Key(int fold, String setting) {
    }

    /** Concurrent callers with equal keys wait for the one computation, and all get its value. */
    @Test
    void computesOncePerKeyWhileOthersWait() throws Exception {
        RunScopedCache cache = new RunScopedCache();
        AtomicInteger computations = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        int callers = 6;
        ExecutorService threads = Executors.newFixedThreadPool(callers);
        try {
            List<Thread> started = new ArrayList<>();
            List<Future<double[]>> results = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                results.add(threads.submit(() -> {
                    synchronized (started) {
                        started.add(Thread.currentThread());
                        started.notifyAll();
                    }
                    return cache.computeIfAbsent(new Key(3, "rbf"), double[].class, () -> {
                        computations.incrementAndGet();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return new double[] {42};
                    });
                }));
            }
            synchronized (started) {
                while (started.size() < callers) {
                    started.wait();
                }
            }
            // Every caller but the computing one blocks on the pending value before it is released.
            for (Thread t : started) {
                while (t.getState() == Thread.State.RUNNABLE || t.getState() == Thread.State.NEW) {
                    Thread.onSpinWait();
                }
            }
            release.countDown();
            double[] first = results.get(0).get();
            for (Future<double[]> r : results) {
                assertSame(first, r.get());
            }
            assertEquals(1, computations.get());
            assertEquals(1, cache.size());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void distinctKeysAreDistinctValuesAndEqualKeysAreOne() {
        RunScopedCache cache = new RunScopedCache();
        AtomicInteger computations = new AtomicInteger();
        String a = cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "a" + computations.incrementAndGet());
        String b = cache.computeIfAbsent(new Key(1, "x"), String.class, () -> "b" + computations.incrementAndGet());
        String again = cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "c" + computations.incrementAndGet());
        assertEquals("a1", a);
        assertEquals("b2", b);
        assertSame(a, again);
        assertEquals(2, computations.get());
    }

    /** A failed computation reaches its caller and is forgotten, so the next caller computes again. */
    @Test
    void aFailureIsRethrownAndForgotten() {
        RunScopedCache cache = new RunScopedCache();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> cache.computeIfAbsent(new Key(0, "x"), String.class, () -> {
                    throw new IllegalStateException("singular");
                }));
        assertEquals("singular", e.getMessage());
        assertEquals(0, cache.size());
        assertEquals("ok", cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "ok"));
    }

    @Test
    void misuseIsAPluginErrorInPlainWords() {
        RunScopedCache cache = new RunScopedCache();
        cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "text");
        PluginException type = assertThrows(PluginException.class,
                () -> cache.computeIfAbsent(new Key(0, "x"), Double.class, () -> 1.0));
        assertEquals("run cache: Key[fold=0, setting=x] holds a String, not a Double; use distinct keys for distinct "
                + "values", type.getMessage());
        PluginException recursive = assertThrows(PluginException.class,
                () -> cache.computeIfAbsent(new Key(1, "x"), String.class,
                        () -> cache.computeIfAbsent(new Key(1, "x"), String.class, () -> "inner")));
        assertTrue(recursive.getMessage().contains("must not ask for its own key"), recursive.getMessage());
        assertThrows(PluginException.class, () -> cache.computeIfAbsent(new Key(2, "x"), String.class, () -> null));
    }

    @Test
    void closingTheRunReleasesEverything() {
        RunScopedCache cache = new RunScopedCache();
        cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "a");
        cache.computeIfAbsent(new Key(1, "x"), String.class, () -> "b");
        assertEquals(2, cache.size());
        cache.close();
        assertEquals(0, cache.size());
    }
    /** A caller waiting on another thread's computation gets that computation's own failure, not a wrapper. */
    @Test
    void aWaitingCallerGetsTheOwnersFailure() throws Exception {
        for (Throwable failure : List.of(new IllegalStateException("singular"), new StackOverflowError("deep"))) {
            RunScopedCache cache = new RunScopedCache();
            CountDownLatch computing = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread owner = new Thread(() -> {
                try {
                    cache.computeIfAbsent(new Key(0, "x"), String.class, () -> {
                        computing.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        if (failure instanceof Error) {
                            throw (Error) failure;
                        }
                        throw (RuntimeException) failure;
                    });
                } catch (RuntimeException | Error expected) {
                    // the owner's own copy of the failure
                }
            });
            owner.start();
            computing.await();
            Throwable[] seen = new Throwable[1];
            Thread waiter = new Thread(() -> {
                try {
                    cache.computeIfAbsent(new Key(0, "x"), String.class, () -> "late");
                } catch (RuntimeException | Error e) {
                    seen[0] = e;
                }
            });
            waiter.start();
            while (waiter.getState() == Thread.State.RUNNABLE || waiter.getState() == Thread.State.NEW) {
                Thread.onSpinWait();
            }
            release.countDown();
            owner.join();
            waiter.join();
            assertSame(failure, seen[0]);
        }
    }

    @Test
    void aMissingKeyTypeOrComputationIsAPluginError() {
        RunScopedCache cache = new RunScopedCache();
        String message = "run cache: the key, the type and the computation must be given";
        assertEquals(message, assertThrows(PluginException.class,
                () -> cache.computeIfAbsent(null, String.class, () -> "a")).getMessage());
        assertEquals(message, assertThrows(PluginException.class,
                () -> cache.computeIfAbsent(new Key(0, "x"), null, () -> "a")).getMessage());
        assertEquals(message, assertThrows(PluginException.class,
                () -> cache.computeIfAbsent(new Key(0, "x"), String.class, null)).getMessage());
    }
}
