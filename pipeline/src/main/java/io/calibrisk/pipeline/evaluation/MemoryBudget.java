package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.Untrusted;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Plans a run's memory before any work starts. The need of one task (one fold and component) is
 * its data (training, evaluation and test points and targets) plus what the estimator says a
 * fold holds; as many tasks run at once as there are threads, and beside them every thread of the
 * run may be working on a fit, whose working space the estimator states apart
 * ({@link MemoryNeed#threadBytes()}) and the plan counts once per thread. An estimator whose tasks do not all fit
 * at once runs as many at a time as fit, with a warning that says so and how to give it room for
 * all (its results are the same: a task's do not depend on the threads); a run with an estimator
 * of which not even one task fits is refused, naming every such estimator and what would let it
 * run: fewer threads where the threads' work is what does not fit, the estimators' settings for the
 * room they have, and a heap.
 */
final class MemoryBudget {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryBudget.class);
    /** Part of the free heap a run may plan to use; the rest absorbs garbage and estimates' slack. */
    private static final double USABLE = 0.85;
    /** The most -Xmx exceeds what the JVM reports as its max memory, as a ratio: see {@link #heapFor}. */
    private static final double HEAP_PER_MAX_MEMORY = 9.0 / 8;

    private MemoryBudget() {
    }

    /** What an estimator advises for its folds' room ({@link io.calibrisk.api.estimator.CalibrationEstimator#memoryAdvice}). */
    @FunctionalInterface
    interface Adviser {
        /**
         * @param estimator the estimator's index in the run
         * @param folds     the folds at once the room is for, at least 1
         * @param bytes     the room of those folds and the threads' work, their data taken out,
         *                  at least 1
         * @return the setting with which they fit in it; empty if none; never throws
         */
        String advice(int estimator, int folds, long bytes);

        /** @return the advice of each estimator's {@link MemoryNeed}, whatever the room */
        static Adviser of(List<MemoryNeed> needs) {
            return (estimator, folds, bytes) -> needs.get(estimator).advice();
        }
    }

    /**
     * @param plan    the folds
     * @param names   the estimators' names
     * @param needs   what each estimator says it needs (null where creation failed)
     * @param threads the size of the thread pool
     * @return for each estimator, the most tasks that run at once: the threads (or the tasks, if
     *     fewer), or fewer where that many do not fit
     * @throws InvalidSettingException if not even one task of one or more estimators fits,
     *     naming every one of them and advice that makes all of them fit
     */
    static int[] check(FoldPlan plan, List<String> names, List<MemoryNeed> needs, int threads) {
        return check(plan, names, needs, Adviser.of(needs), threads);
    }

    /**
     * {@link #check(FoldPlan, List, List, int)} with the estimators' advice for the room their
     * folds have.
     *
     * @param adviser what each estimator advises for its folds' room
     */
    static int[] check(FoldPlan plan, List<String> names, List<MemoryNeed> needs, Adviser adviser, int threads) {
        Runtime runtime = Runtime.getRuntime();
        return check(plan, names, needs, adviser, threads, runtime.maxMemory(),
                runtime.totalMemory() - runtime.freeMemory());
    }

    /**
     * {@link #check(FoldPlan, List, List, int)} for a heap of the given size and use.
     *
     * @param maxMemory the most the heap may grow to, bytes
     * @param inUse     what the heap holds now (the input among it), bytes
     */
    static int[] check(FoldPlan plan, List<String> names, List<MemoryNeed> needs, int threads, long maxMemory,
                       long inUse) {
        return check(plan, names, needs, Adviser.of(needs), threads, maxMemory, inUse);
    }

    /**
     * {@link #check(FoldPlan, List, List, int, long, long)} with the estimators' advice for the
     * room their folds have: in a refusal, one fold alone in all the heap the run can use; in the
     * warning that folds run fewer at a time, all of them at once (their data taken out of it).
     *
     * @param adviser what each estimator advises for its folds' room
     */
    static int[] check(FoldPlan plan, List<String> names, List<MemoryNeed> needs, Adviser adviser, int threads,
                       long maxMemory, long inUse) {
        int n = plan.largestTrainingSize();
        int queries = plan.largestQuerySize();
        int m = plan.dimension();
        long data = 8L * 2 * m * ((long) n + 2L * queries);
        int concurrent = Math.max(1, Math.min(threads, plan.folds() * plan.components()));
        long usable = (long) (USABLE * (maxMemory - inUse));
        int[] atOnce = new int[names.size()];
        List<String> over = new ArrayList<>();
        List<String> fewer = new ArrayList<>();
        String first = null;
        Set<String> settings = new LinkedHashSet<>();
        // the most threads with which one fold of every refused estimator fits, its threads' work
        // included; 0 where no number of threads does
        long fewerThreads = threads;
        long largestTotal = 0;
        for (int e = 0; e < names.size(); e++) {
            atOnce[e] = concurrent;
            MemoryNeed need = needs.get(e);
            if (need == null) {
                continue;
            }
            long perTask = saturatedAdd(data, need.bytes());
            long working = saturatedTimes(threads, need.threadBytes());
            long total = saturatedAdd(saturatedTimes(concurrent, perTask), working);
            if (total <= usable) {
                continue;
            }
            if (saturatedAdd(perTask, working) <= usable) {
                String advice = advice(adviser, e, concurrent, usable - concurrent * data);
                atOnce[e] = (int) Math.max(1, Math.min(concurrent, (usable - working) / perTask));
                fewer.add(fewer(names.get(e), atOnce[e], concurrent, perTask, working, n, usable,
                        heapFor(total, inUse), advice));
                continue;
            }
            String advice = advice(adviser, e, 1, usable - data);
            fewerThreads = Math.min(fewerThreads, need.threadBytes() == 0 || perTask >= usable ? 0
                    : (usable - perTask) / need.threadBytes());
            first = first == null ? names.get(e) : first;
            over.add(names.get(e) + " (about " + human(total) + ")");
            if (!advice.isEmpty()) {
                settings.add(advice);
            }
            largestTotal = Math.max(largestTotal, total);
        }
        if (over.isEmpty()) {
            fewer.forEach(LOG::warn);
            return atOnce;
        }
        String memory = "give the JVM more memory (JAVA_OPTS=-Xmx" + heapFor(largestTotal, inUse) + "g)";
        List<String> options = new ArrayList<>();
        if (fewerThreads >= 1) {
            // results do not depend on the threads: the one way that changes nothing but the time
            options.add("--threads " + fewerThreads + " (the same results, more slowly)");
        }
        if (!settings.isEmpty()) {
            options.add(String.join(" and ", settings));
        }
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

    /**
     * @return the warning for an estimator that runs fewer tasks at once than the threads, e.g.
     *     {@code estimator kkr runs 1 fold at a time instead of 2: each needs about 10.9 GiB for
     *     160000 training samples and the JVM can use about 11.2 GiB; every thread still works on
     *     it. For 2 at once, give the JVM more memory (JAVA_OPTS=-Xmx28g)}, with the heap in GiB in
     *     which every task at once fits ({@link #heapFor})
     */
    static String fewer(String name, int atOnce, int concurrent, long perTask, int n, long usable, long heap,
                        String advice) {
        return fewer(name, atOnce, concurrent, perTask, 0, n, usable, heap, advice);
    }

    /**
     * @param working what the threads' work needs beside the folds, bytes; named where not 0
     * @return {@link #fewer(String, int, int, long, int, long, long, String)}'s warning, with
     *     e.g. {@code each needs about 720 MiB, and the threads' work 112 MiB,} where the threads'
     *     work counts
     */
    static String fewer(String name, int atOnce, int concurrent, long perTask, long working, int n, long usable,
                        long heap, String advice) {
        return String.format(Locale.ROOT, "estimator %s runs %s at a time instead of %d: each needs about %s%s "
                        + "for %d training samples and the JVM can use about %s; every thread still works on %s. "
                        + "For %d at once, %sgive the JVM more memory (JAVA_OPTS=-Xmx%dg)",
                name, atOnce == 1 ? "1 fold" : atOnce + " folds", concurrent, human(perTask),
                working > 0 ? ", and the threads' work " + human(working) + "," : "", n, human(usable),
                atOnce == 1 ? "it" : "them", concurrent,
                advice.isEmpty() ? "" : "use " + advice + " or ", heap);
    }

    /** @return the estimator's advice for the folds' room, escaped; empty where there is no room at all */
    private static String advice(Adviser adviser, int estimator, int folds, long bytes) {
        return bytes < 1 ? "" : Untrusted.escape(adviser.advice(estimator, folds, bytes), 200);
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long saturatedTimes(long count, long bytes) {
        return count > 0 && bytes > Long.MAX_VALUE / count ? Long.MAX_VALUE : count * bytes;
    }

    /**
     * @param total what the run's tasks at once need, bytes
     * @param inUse what the heap holds now, bytes
     * @return the -Xmx, in whole GiB, with which this plan would find room for the total: as the
     *     plan counts, total ≤ {@value #USABLE}·(the JVM's max memory − in use), and the JVM's max
     *     memory is -Xmx less a survivor space under the parallel collector (the launcher's), at
     *     most 1/9 of -Xmx with its default young generation (-Xmx2g gives 1820 MiB), so
     *     {@value #HEAP_PER_MAX_MEMORY} times that. A fixed 25 % over the total fell short: a
     *     CIFAR-10 canonical run at -Xmx2g was advised -Xmx2g.
     */
    static long heapFor(long total, long inUse) {
        double heap = (total / USABLE + inUse) * HEAP_PER_MAX_MEMORY;
        return Math.max(1, (long) Math.ceil(heap / (1L << 30)));
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
