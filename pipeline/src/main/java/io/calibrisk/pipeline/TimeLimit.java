package io.calibrisk.pipeline;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs plugin code that may never return (a constructor that waits on the network, a fit that
 * loops) under a time limit. The code runs on a daemon thread of its own; when the limit
 * passes, the thread is interrupted and abandoned. Java cannot stop a thread that ignores
 * interruption, but a daemon thread keeps neither the caller waiting nor the JVM from exiting.
 */
public final class TimeLimit {

    private TimeLimit() {
    }

    /**
     * @param thread the name of the thread, for thread dumps (e.g. {@code calibrisk-estimator-kde})
     * @param limit  how long to wait
     * @param task   the work
     * @param <T>    its result
     * @return the task's result
     * @throws TimeoutException     if the limit passed first; the task's thread is interrupted
     *                              and left to itself
     * @throws ExecutionException   wrapping whatever the task threw, an {@link Error} included
     * @throws InterruptedException if the waiting thread was interrupted; the task is
     *                              interrupted too
     */
    public static <T> T call(String thread, Duration limit, Callable<T> task)
            throws TimeoutException, ExecutionException, InterruptedException {
        FutureTask<T> future = new FutureTask<>(task);
        Thread worker = new Thread(future, thread);
        worker.setDaemon(true);
        worker.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        worker.start();
        try {
            return future.get(nanos(limit), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException e) {
            future.cancel(true);
            throw e;
        }
    }

    private static long nanos(Duration limit) {
        try {
            return limit.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * @param limit a duration
     * @return it in words, to the largest whole unit that fits: {@code 10 min}, {@code 90 s},
     *     {@code 2 h}, {@code 500 ms}
     */
    public static String describe(Duration limit) {
        long millis = limit.toMillis();
        if (millis % 3_600_000 == 0 && millis > 0) {
            return String.format(Locale.ROOT, "%d h", millis / 3_600_000);
        }
        if (millis % 60_000 == 0 && millis > 0) {
            return String.format(Locale.ROOT, "%d min", millis / 60_000);
        }
        if (millis % 1000 == 0) {
            return String.format(Locale.ROOT, "%d s", millis / 1000);
        }
        return String.format(Locale.ROOT, "%d ms", millis);
    }
}
