package io.calibrisk.api.estimator;

import java.util.function.IntConsumer;

/**
 * The run's bounded thread pool, for estimators that split their own work (e.g. blocks of a
 * kernel matrix). Results must not depend on the number of threads: give each task its own
 * output and combine outputs in a fixed order afterwards.
 *
 * @since 1.0
 */
public interface Parallelism {

    /** @return the number of threads (at least 1) */
    int threads();

    /**
     * Runs {@code task.accept(i)} for every i in [0, count) and returns when all are done. May
     * be called from inside another task.
     *
     * @param count the number of tasks
     * @param task  the task; its invocations may run concurrently
     */
    void forEach(int count, IntConsumer task);

    /** @return a Parallelism that runs every task in the calling thread */
    static Parallelism sequential() {
        return new Parallelism() {
            @Override
            public int threads() {
                return 1;
            }

            @Override
            public void forEach(int count, IntConsumer task) {
                for (int i = 0; i < count; i++) {
                    task.accept(i);
                }
            }
        };
    }
}
