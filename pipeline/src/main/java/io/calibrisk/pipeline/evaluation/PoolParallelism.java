package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * {@link Parallelism} on a {@link ForkJoinPool} of a fixed size. A call from inside the pool
 * splits the index range in halves and joins by work stealing, so nested calls (folds, then
 * blocks inside an estimator) neither deadlock nor oversubscribe the machine.
 *
 * <p>A call from outside the pool (an estimator's folds) puts each index in the pool's queue as
 * a task of its own and waits for them all, so that no worker ever joins a sibling: a worker
 * that has finished its fold goes back to taking work, the blocks of the folds still running
 * included. Split in halves, the worker whose half was done first joined the other half, and a
 * joining worker that found nothing to take at that moment parked until the join completed:
 * with five folds on two threads, the fifth fold's matrix products then ran on one core, for up
 * to a minute in canonical kkr at n = 50 000.
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
        if (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool) {
            new Range(0, count, task).invoke();
        } else {
            Batch batch = new Batch(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                pool.execute(() -> batch.run(index, task));
            }
            batch.await();
        }
    }

    @Override
    public void close() {
        ForkJoinPool pool = this.pool;
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /**
     * The tasks of one call from outside the pool. The failure of the lowest index is rethrown
     * to the caller once every task has ended, as it is: the same failure, whatever the threads,
     * as a sequential loop would have met first. A task not yet started when a lower index has
     * failed is skipped, as it could not change which failure that is. As with a join, the
     * caller's wait is not interruptible (an interrupt is kept for the caller to see): a run
     * stopped for its time limit abandons the waiting thread and the pool together. {@link
     * TaskLanes} runs its tasks through one too, a lane at a time.
     */
    static final class Batch {
        private final CountDownLatch left;
        private final Throwable[] failures;
        private final AtomicInteger lowestFailed = new AtomicInteger(Integer.MAX_VALUE);

        Batch(int count) {
            left = new CountDownLatch(count);
            failures = new Throwable[count];
        }

        void run(int index, IntConsumer task) {
            try {
                if (index < lowestFailed.get()) {
                    task.accept(index);
                }
            } catch (Throwable e) {
                // read by the caller after the latch, which orders this write before it
                failures[index] = e;
                lowestFailed.accumulateAndGet(index, Math::min);
            } finally {
                left.countDown();
            }
        }

        void await() {
            boolean interrupted = false;
            while (true) {
                try {
                    left.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            int lowest = lowestFailed.get();
            if (lowest != Integer.MAX_VALUE) {
                throw Batch.<RuntimeException>rethrow(failures[lowest]);
            }
        }

        /** Throws e as it is, a checked exception that a task threw sneakily included. */
        @SuppressWarnings("unchecked")
        private static <T extends Throwable> T rethrow(Throwable e) throws T {
            throw (T) e;
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
