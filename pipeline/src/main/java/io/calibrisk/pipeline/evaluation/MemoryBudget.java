package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.MemoryNeed;

import java.util.List;
import java.util.Locale;

/**
 * Refuses a run that would not fit in the heap before any work starts. The need of one task
 * (one fold and component) is its data (training, evaluation and test points and targets)
 * plus what the estimator says it needs; as many tasks run at once as there are threads.
 */
final class MemoryBudget {
    /** Part of the free heap a run may plan to use; the rest absorbs garbage and estimates' slack. */
    private static final double USABLE = 0.85;

    private MemoryBudget() {
    }

    /**
     * @param plan       the folds
     * @param names      the estimators' names
     * @param estimators the created estimators (null where creation failed)
     * @param threads    the size of the thread pool
     * @throws InvalidSettingException if the largest estimator's run would not fit, naming a
     *     setting that would
     */
    static void check(FoldPlan plan, List<String> names, List<CalibrationEstimator> estimators, int threads) {
        int n = plan.largestTrainingSize();
        int queries = plan.largestQuerySize();
        int m = plan.dimension();
        long data = 8L * 2 * m * ((long) n + 2L * queries);
        int concurrent = Math.max(1, Math.min(threads, plan.folds() * plan.components()));
        Runtime runtime = Runtime.getRuntime();
        long available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        long usable = (long) (USABLE * available);
        for (int e = 0; e < names.size(); e++) {
            CalibrationEstimator estimator = estimators.get(e);
            if (estimator == null) {
                continue;
            }
            MemoryNeed need = estimator.memoryNeed(n, queries, m);
            long perTask = data + need.bytes();
            long total = perTask * concurrent;
            if (total > usable) {
                StringBuilder advice = new StringBuilder();
                if (concurrent > 1 && perTask <= usable) {
                    advice.append("use --threads ").append(Math.max(1, usable / perTask)).append(", ");
                }
                if (!need.advice().isEmpty()) {
                    advice.append(need.advice()).append(", ");
                }
                advice.append("or give the JVM more memory (JAVA_OPTS=-Xmx").append(gibibytes(total * 1.25))
                        .append("g)");
                throw new InvalidSettingException(String.format(Locale.ROOT,
                        "estimator %s needs about %s of memory for %d training samples (%d fold(s) at once) but "
                                + "the JVM can use about %s; %s",
                        names.get(e), human(total), n, concurrent, human(usable), advice));
            }
        }
    }

    private static long gibibytes(double bytes) {
        return Math.max(1, (long) Math.ceil(bytes / (1L << 30)));
    }

    private static String human(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%d MiB", Math.max(1, bytes >> 20));
    }
}
