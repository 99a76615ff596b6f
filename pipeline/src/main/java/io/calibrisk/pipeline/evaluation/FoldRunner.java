package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.TimeLimit;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Stages 2 and 3, the folds: runs one estimator's search. The run's {@link SearchStrategy}
 * proposes points; a {@link FoldEvaluator} fits each on every training fold (each fold prepared
 * once for the whole search), computes the risk on the held-out fold and the estimate of CE² on
 * the test split, and tells the strategy the fold-mean risks.
 *
 * <p>An estimator that throws anything (an {@link Error} such as {@link StackOverflowError}
 * included), produces a non-finite value or runs out of memory is reported as failed with the
 * plain problem (the exception goes to the log at debug level), and the run goes on with the
 * others. So is one that takes longer than the run's time limit per estimator: its search runs
 * on a daemon thread of its own, which is interrupted and abandoned when the limit passes, and
 * the run's pool is {@linkplain PoolParallelism#restart() restarted} so that the estimators
 * after it have every thread.
 *
 * <p>Cost per estimator: k·c preparations plus k·c fits per point, each followed by a risk
 * that is linear in the fold size for functions with a bilinear form (quadratic otherwise).
 */
public final class FoldRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FoldRunner.class);

    /** Stateless; one instance serves every run. */
    @Inject
    public FoldRunner() {
    }

    /**
     * @param planned   the estimator, resolved
     * @param estimator the estimator created for this run
     * @param strategy  the run's search strategy
     * @param folds     the folds
     * @param curves    whether to compute calibration curves
     * @param pool      the run's thread pool
     * @param progress  counts the steps
     * @param limit     the time the search may take, or null for no limit
     * @param atOnce    the most folds (and components) that run at once: the memory plan's
     * @return every point evaluated, or the failure
     */
    SearchOutcome search(PlannedEstimator planned, CalibrationEstimator estimator, SearchStrategy strategy,
                         FoldPlan folds, boolean curves, PoolParallelism pool, ProgressTracker progress,
                         Duration limit, int atOnce) {
        long start = System.nanoTime();
        progress.start();
        try {
            return EstimatorCalls.call(planned.name(), limit,
                    () -> search(planned, estimator, strategy, folds, curves, pool, progress, start, atOnce));
        } catch (TimeoutException e) {
            progress.stop();
            pool.restart();
            String message = "stopped after " + TimeLimit.describe(limit) + " (the time limit per estimator, "
                    + "--estimator-timeout)";
            LOG.warn("estimator {} {}", planned.name(), message);
            return SearchOutcome.failed(planned, seconds(start), message);
        } catch (Throwable e) {
            // The search below reports every failure as an outcome; this is the waiting itself failing.
            LOG.debug("estimator {} failed", planned.name(), e);
            return SearchOutcome.failed(planned, seconds(start), Failures.describe(e));
        }
    }

    private SearchOutcome search(PlannedEstimator planned, CalibrationEstimator estimator, SearchStrategy strategy,
                                 FoldPlan folds, boolean curves, Parallelism pool, ProgressTracker progress,
                                 long start, int atOnce) {
        String name = planned.name();
        LOG.info("estimator {}: {} folds × {} grid points{}, search {}", name, folds.folds(), planned.space().size(),
                folds.components() > 1 ? " × " + folds.components() + " components" : "", strategy.name());
        FoldEvaluator evaluator = new FoldEvaluator(name, estimator, planned.space(), folds, curves, pool, progress,
                keepsPreparations(strategy), atOnce);
        try {
            strategy.search(planned.space(), evaluator);
            evaluator.rethrowFailure();
        } catch (OutOfMemoryError e) {
            // The memory plan is an estimate (a low-rank factorisation's rank shows only as it
            // grows); the estimator's arrays are unreachable once the error has unwound its
            // tasks, so the others can still run.
            String advice = advice(estimator, folds);
            String message = String.format(Locale.ROOT, "ran out of memory (the JVM's heap is %d MiB); use "
                    + "--threads 1, %sor give the JVM more memory (JAVA_OPTS=-Xmx...)",
                    Runtime.getRuntime().maxMemory() >> 20, advice.isEmpty() ? "" : advice + ", ");
            LOG.warn("estimator {} failed: {}", name, message);
            return SearchOutcome.failed(planned, seconds(start), message);
        } catch (Throwable e) {
            // Anything else a plugin throws, an Error or a checked exception thrown sneakily included.
            String message = estimationFailure(e);
            if (message == null) {
                message = "search strategy " + strategy.name() + ": " + Failures.describe(e);
            }
            LOG.warn("estimator {} failed: {}", name, message);
            LOG.debug("estimator {} failed", name, e);
            return SearchOutcome.failed(planned, seconds(start), message);
        }
        if (LOG.isDebugEnabled()) {
            Map<FoldEvaluator.Stage, Double> stages = evaluator.stageSeconds();
            StringBuilder line = new StringBuilder();
            stages.forEach((stage, s) -> line.append(String.format(Locale.ROOT, " %s %.3f",
                    stage.name().toLowerCase(Locale.ROOT), s)));
            LOG.debug("estimator {}: thread-seconds per stage:{}; wall {} s", name, line,
                    String.format(Locale.ROOT, "%.3f", seconds(start)));
        }
        List<EvaluatedPoint> points = evaluator.points();
        if (points.isEmpty()) {
            return SearchOutcome.failed(planned, seconds(start), "search strategy " + strategy.name()
                    + " evaluated no point");
        }
        return new SearchOutcome(planned, points, null, seconds(start));
    }

    /**
     * @return whether each fold's preparation is kept between the search's rounds: unless the
     *     strategy says it searches in one; a strategy that fails to answer keeps them, the answer
     *     that costs memory rather than time
     */
    private static boolean keepsPreparations(SearchStrategy strategy) {
        try {
            return !strategy.singleRound();
        } catch (Throwable e) {
            LOG.debug("search strategy {} failed to say whether it searches in a single round", strategy.name(), e);
            return true;
        }
    }

    /** @return the estimator's advice for less memory, or empty if it has none (or fails to give it) */
    private static String advice(CalibrationEstimator estimator, FoldPlan folds) {
        try {
            MemoryNeed need = estimator.memoryNeed(folds.largestTrainingSize(), folds.largestQuerySize(),
                    folds.dimension());
            return need == null ? "" : Untrusted.escape(need.advice(), 200);
        } catch (Throwable e) {
            return "";
        }
    }

    /** @return the message of the fold's failure in the chain, or null if the failure came from elsewhere */
    private static String estimationFailure(Throwable e) {
        int depth = 0;
        // A plugin's exception may chain back to itself: the walk is bounded.
        for (Throwable t = e; t != null && depth < 64; t = t.getCause(), depth++) {
            if (t instanceof EstimationException && t.getMessage() != null) {
                return Failures.plain(t.getMessage());
            }
        }
        return null;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
