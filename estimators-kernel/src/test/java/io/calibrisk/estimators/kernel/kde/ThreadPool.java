package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.estimator.Parallelism;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;

/** A real pool of threads, to show that results do not depend on their number. Nested calls run in the pool. */
final class ThreadPool implements Parallelism, AutoCloseable {
    private final ForkJoinPool pool;
    private final int threads;

    ThreadPool(int threads) {
        this.threads = threads;
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public int threads() {
        return threads;
    }

    @Override
    public void forEach(int count, IntConsumer task) {
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[count];
        for (int i = 0; i < count; i++) {
            int index = i;
            tasks[i] = ForkJoinTask.adapt(() -> task.accept(index));
        }
        if (ForkJoinTask.getPool() == pool) {
            ForkJoinTask.invokeAll(tasks);
        } else {
            pool.submit(() -> ForkJoinTask.invokeAll(tasks)).join();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
