package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.estimator.Parallelism;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A call's tasks with at most a given number of them running at once, for an estimator whose
 * folds do not all fit in memory together ({@link MemoryBudget}). Each of that many lanes takes
 * the next task not yet taken; the pool's other threads stay free for the parallel parts inside
 * a task (an estimator's row panels and grid points), so one fold at a time still runs on every
 * thread. A task's result does not depend on which lane ran it, so neither does the run's.
 *
 * <p>Failures as {@link Parallelism#forEach}: the failure of the lowest task is rethrown once
 * every lane has ended, the one a sequential loop would have met first, and a task not yet
 * started when a lower one has failed is skipped.
 */
final class TaskLanes {

    private TaskLanes() {
    }

    /**
     * @param pool   the run's pool
     * @param count  the tasks
     * @param atOnce the most tasks at once, at least 1
     * @param task   the task, given its index
     */
    static void forEach(Parallelism pool, int count, int atOnce, IntConsumer task) {
        if (atOnce >= Math.min(pool.threads(), count)) {
            pool.forEach(count, task);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        // every task goes through one batch, whichever lane takes it: the batch skips a task above
        // a failed one, keeps each failure, and rethrows the lowest once the lanes are done
        PoolParallelism.Batch batch = new PoolParallelism.Batch(count);
        pool.forEach(Math.max(1, atOnce), lane -> {
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                batch.run(i, task);
            }
        });
        batch.await();
    }
}
