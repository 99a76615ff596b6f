package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.estimator.Parallelism;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * A real pool of threads as a {@link Parallelism}, for tests that compare an estimator's
 * results across thread counts with {@link Parallelism#sequential()}. It starts the tasks of a
 * range from its end, so that code whose result depends on the order in which tasks run (a
 * shared accumulator, a cache filled first-come) differs from the sequential run instead of
 * agreeing by luck. Nested calls from inside a task join by work stealing, as calibrisk's own
 * pool does, so they neither deadlock nor need more threads.
 */
public final class ThreadPool implements Parallelism, AutoCloseable {
    private final ForkJoinPool pool;

    /**
     * @param threads the number of threads, at least 2 (a pool of one is {@link Parallelism#sequential()})
     * @throws IllegalArgumentException if threads is below 2
     */
    public ThreadPool(int threads) {
        if (threads < 2) {
            throw new IllegalArgumentException("threads = " + threads + ": must be at least 2");
        }
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public int threads() {
        return pool.getParallelism();
    }

    @Override
    public void forEach(int count, IntConsumer task) {
        if (count <= 0) {
            return;
        }
        Backwards range = new Backwards(0, count, task);
        if (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool) {
            range.invoke();
        } else {
            pool.invoke(range);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** Splits [from, to) in halves and runs the upper half first. */
    private static final class Backwards extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final transient IntConsumer task;

        Backwards(int from, int to, IntConsumer task) {
            this.from = from;
            this.to = to;
            this.task = task;
        }

        @Override
        protected void compute() {
            if (to - from == 1) {
                task.accept(from);
                return;
            }
            // the calling thread descends into the upper halves, so the last task starts first;
            // idle threads steal the lower halves meanwhile
            int mid = (from + to) >>> 1;
            Backwards lower = new Backwards(from, mid, task);
            lower.fork();
            new Backwards(mid, to, task).compute();
            lower.join();
        }
    }
}
