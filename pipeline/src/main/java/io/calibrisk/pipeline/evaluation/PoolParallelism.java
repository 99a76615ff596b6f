package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * {@link Parallelism} on a {@link ForkJoinPool} of a fixed size. Tasks split the index range
 * in halves; a call from inside the pool joins by work stealing, so nested calls (folds, then
 * blocks inside an estimator) neither deadlock nor oversubscribe the machine.
 */
public final class PoolParallelism implements Parallelism, AutoCloseable {
    private volatile ForkJoinPool pool;
    private final int threads;

    /**
     * @param threads the number of threads (at least 1)
     * @throws InvalidSettingException if threads is below 1
     */
    public PoolParallelism(int threads) {
        if (threads < 1) {
            throw InvalidSettingException.of("threads", threads, "must be at least 1");
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : new ForkJoinPool(threads);
    }

    @Override
    public int threads() {
        return threads;
    }

    /**
     * Abandons the pool's threads (interrupted, and left to finish or not) and goes on with
     * fresh ones: after an estimator was stopped for its time limit, its tasks may occupy every
     * thread forever, and the estimators after it must still run. Estimators created before
     * keep working, as they hold this object, not the pool.
     */
    public void restart() {
        ForkJoinPool old = pool;
        if (old != null) {
            pool = new ForkJoinPool(threads);
            old.shutdownNow();
        }
    }

    @Override
    public void forEach(int count, IntConsumer task) {
        ForkJoinPool pool = this.pool;
        if (pool == null || count <= 1) {
            for (int i = 0; i < count; i++) {
                task.accept(i);
            }
            return;
        }
        Range range = new Range(0, count, task);
        if (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool) {
            range.invoke();
        } else {
            pool.invoke(range);
        }
    }

    @Override
    public void close() {
        ForkJoinPool pool = this.pool;
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private static final class Range extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final transient IntConsumer task;

        Range(int from, int to, IntConsumer task) {
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
            int mid = (from + to) >>> 1;
            invokeAll(new Range(from, mid, task), new Range(mid, to, task));
        }
    }
}
