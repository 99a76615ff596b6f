package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.TimeLimit;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;

/** Runs an estimator's work under the run's time limit per estimator, if there is one. */
final class EstimatorCalls {

    private EstimatorCalls() {
    }

    /**
     * @param estimator the estimator's name, for the thread's name
     * @param limit     the time limit, or null for none: then the task runs on the calling thread
     * @param task      the work
     * @param <T>       its result
     * @return the task's result
     * @throws java.util.concurrent.TimeoutException if the limit passed first
     * @throws Throwable                             whatever the task threw, as it threw it
     */
    static <T> T call(String estimator, Duration limit, Callable<T> task) throws Throwable {
        if (limit == null) {
            return task.call();
        }
        try {
            return TimeLimit.call("calibrisk-estimator-" + estimator, limit, task);
        } catch (ExecutionException e) {
            throw e.getCause() == null ? e : e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw e;
        }
    }
}
