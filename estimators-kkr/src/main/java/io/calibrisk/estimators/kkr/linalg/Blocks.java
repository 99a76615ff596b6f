package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.estimator.Parallelism;

import java.util.function.IntConsumer;

/**
 * Splits a range of rows into blocks of a fixed size and runs them on the pool. The block
 * size never depends on the number of threads, so neither does any result.
 */
final class Blocks {
    private Blocks() {
    }

    /**
     * Runs {@code body.accept(from, to)} for consecutive blocks of [0, count).
     *
     * @param pool      the pool
     * @param count     the number of rows
     * @param blockSize rows per block (at least 1)
     * @param body      the work for one block
     */
    static void rows(Parallelism pool, int count, int blockSize, RangeBody body) {
        int blocks = (count + blockSize - 1) / blockSize;
        if (blocks <= 1) {
            if (count > 0) {
                body.run(0, count);
            }
            return;
        }
        IntConsumer task = b -> body.run(b * blockSize, Math.min(count, (b + 1) * blockSize));
        pool.forEach(blocks, task);
    }

    /** The work on rows [from, to). */
    @FunctionalInterface
    interface RangeBody {
        /**
         * @param from first row
         * @param to   one past the last row
         */
        void run(int from, int to);
    }
}
