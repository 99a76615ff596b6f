package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.Untrusted;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
     * @param plan    the folds
     * @param names   the estimators' names
     * @param needs   what each estimator says it needs (null where creation failed)
     * @param threads the size of the thread pool
     * @throws InvalidSettingException if the run of one or more estimators would not fit, naming
     *     every one of them and advice that makes all of them fit
     */
    static void check(FoldPlan plan, List<String> names, List<MemoryNeed> needs, int threads) {
        int n = plan.largestTrainingSize();
        int queries = plan.largestQuerySize();
        int m = plan.dimension();
        long data = 8L * 2 * m * ((long) n + 2L * queries);
        int concurrent = Math.max(1, Math.min(threads, plan.folds() * plan.components()));
        Runtime runtime = Runtime.getRuntime();
        long available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        long usable = (long) (USABLE * available);
        List<String> over = new ArrayList<>();
        String first = null;
        Set<String> settings = new LinkedHashSet<>();
        long largestTask = 0;
        long largestTotal = 0;
        for (int e = 0; e < names.size(); e++) {
            MemoryNeed need = needs.get(e);
            if (need == null) {
                continue;
            }
            long perTask = saturatedAdd(data, need.bytes());
            long total = perTask > Long.MAX_VALUE / concurrent ? Long.MAX_VALUE : perTask * concurrent;
            if (total > usable) {
                first = first == null ? names.get(e) : first;
                over.add(names.get(e) + " (about " + human(total) + ")");
                if (!need.advice().isEmpty()) {
                    settings.add(Untrusted.escape(need.advice(), 200));
                }
                largestTask = Math.max(largestTask, perTask);
                largestTotal = Math.max(largestTotal, total);
            }
        }
        if (over.isEmpty()) {
            return;
        }
        List<String> options = new ArrayList<>();
        if (concurrent > 1 && largestTask <= usable) {
            // The fewest threads that suit the hungriest estimator suit every other one too.
            options.add("--threads " + Math.max(1, usable / largestTask));
        }
        if (!settings.isEmpty()) {
            options.add(String.join(" and ", settings));
        }
        String memory = "give the JVM more memory (JAVA_OPTS=-Xmx" + gibibytes(largestTotal * 1.25) + "g)";
        String advice = options.isEmpty() ? memory : "use " + String.join(" or ", options) + ", or " + memory;
        if (over.size() == 1) {
            throw new InvalidSettingException(String.format(Locale.ROOT,
                    "estimator %s needs about %s of memory for %d training samples (%d fold(s) at once) but the JVM "
                            + "can use about %s; %s", first, human(largestTotal), n, concurrent, human(usable), advice));
        }
        String last = over.remove(over.size() - 1);
        throw new InvalidSettingException(String.format(Locale.ROOT,
                "estimators %s and %s need more memory than the JVM can use (about %s) for %d training samples "
                        + "(%d fold(s) at once); for all of them, %s",
                String.join(", ", over), last, human(usable), n, concurrent, advice));
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long gibibytes(double bytes) {
        return Math.max(1, (long) Math.ceil(bytes / (1L << 30)));
    }

    private static String human(long bytes) {
        if (bytes >= 1L << 50) {
            return String.format(Locale.ROOT, "%.0f TiB", bytes / (double) (1L << 40));
        }
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%d MiB", Math.max(1, bytes >> 20));
    }
}
