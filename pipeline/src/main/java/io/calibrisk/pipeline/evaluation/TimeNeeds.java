package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import io.calibrisk.pipeline.search.GridSearch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Optional;

/**
 * Before a run's first fold, each estimator says how long its share will take
 * ({@link CalibrationEstimator#timeNeed}) for the run as planned: its folds, components, grid and
 * threads, not a default. The line is a warning from a minute on, so that nobody waits minutes
 * unwarned, and at info level ({@code -v}) below. The estimate is advice: an estimator that fails
 * to give one still runs.
 */
final class TimeNeeds {
    private static final Logger LOG = LoggerFactory.getLogger(TimeNeeds.class);
    /** From this many seconds on the line is a warning. */
    static final double LONG_RUN = 60;
    /** The most characters of an estimator's account that a line shows. */
    private static final int ACCOUNT_LIMIT = 300;

    private TimeNeeds() {
    }

    /**
     * @param split   the run's folds
     * @param planned the estimator
     * @param threads the run's threads
     * @return the work the run asks of the estimator
     */
    static Workload workload(FoldPlan split, PlannedEstimator planned, int threads) {
        return new Workload(split.folds(), split.components(), split.largestTrainingSize(), split.largestQuerySize(),
                split.dimension(), planned.space().size(), threads);
    }

    /**
     * What an estimator said it will take, with the work it was asked about.
     *
     * @param name     the estimator
     * @param workload its work in this run
     * @param need     what it said
     * @param atOnce   the most of its tasks that run at once: the threads, or fewer where the
     *                 memory plan says so
     */
    record Estimate(String name, Workload workload, TimeNeed need, int atOnce) {

        Estimate(String name, Workload workload, TimeNeed need) {
            this(name, workload, need, workload.threads());
        }

        /**
         * @param tasks the most tasks at once that the memory plan allows
         * @return this estimate for that many at once: where they are fewer than the run's threads
         *     (and its tasks), the time of as many rounds of tasks as that takes, as a bound (a
         *     task then has every thread for its parallel parts)
         */
        Estimate withAtOnce(int tasks) {
            int total = workload.folds() * workload.components();
            int slots = Math.max(1, Math.min(workload.threads(), total));
            if (tasks >= slots) {
                return this;
            }
            int limited = Math.max(1, tasks);
            double rounds = Math.ceil(total / (double) limited) / Math.ceil(total / (double) slots);
            // a plugin may say Double.MAX_VALUE seconds: the product stays finite, as TimeNeed requires
            double seconds = Math.min(need.seconds() * rounds, Double.MAX_VALUE);
            return new Estimate(name, workload, new TimeNeed(seconds, true, need.account()), limited);
        }

        /**
         * Says the line: a warning from {@value #LONG_RUN} s on, at info level below.
         *
         * @param strategy the run's search strategy
         */
        void say(String strategy) {
            String line = line(name, workload, need, strategy, atOnce);
            if (isLong(need)) {
                LOG.warn(line);
            } else {
                LOG.info(line);
            }
        }
    }

    /**
     * @param estimator the estimator
     * @param split     the run's folds
     * @param planned   the estimator's plan
     * @param threads   the run's threads
     * @param sample    the run's largest training fold of the first component, see {@link #sample}
     * @return what it says for the run's {@link #workload}, or empty (see {@link #ask(CalibrationEstimator,
     *     Workload, CalibrationSet, String)})
     */
    static Optional<Estimate> ask(CalibrationEstimator estimator, FoldPlan split, PlannedEstimator planned,
                                  int threads, CalibrationSet sample) {
        return ask(estimator, workload(split, planned, threads), sample, planned.name());
    }

    /**
     * @param split the run's folds
     * @return the training set the estimators may look at for their time estimates: the largest
     *     training fold, of the notion's first component
     */
    static CalibrationSet sample(FoldPlan split) {
        return split.training(split.largestTrainingFold(), 0);
    }

    /**
     * @param estimator the estimator
     * @param workload  its work in this run
     * @param sample    the run's largest training fold of the first component
     * @param name      its name
     * @return what it says, or empty if it says nothing or fails to say it (a plugin's exception
     *     or a null is not the run's failure)
     */
    static Optional<Estimate> ask(CalibrationEstimator estimator, Workload workload, CalibrationSet sample,
                                  String name) {
        try {
            Optional<TimeNeed> need = estimator.timeNeed(workload, sample);
            return need == null ? Optional.empty() : need.map(said -> new Estimate(name, workload, said));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.debug("estimator {} gave no time estimate: {}", name, Failures.describe(e), e);
            return Optional.empty();
        }
    }

    /** @return whether the line is a warning: {@value #LONG_RUN} s or more */
    static boolean isLong(TimeNeed need) {
        return need.seconds() >= LONG_RUN;
    }

    /**
     * @return e.g. {@code kde: takes about 84 s for 5 folds × 20 grid points on 2 threads (…)};
     *     a strategy other than {@code grid} may add rounds, which the line says it leaves out
     */
    static String line(String name, Workload workload, TimeNeed need, String strategy) {
        return line(name, workload, need, strategy, workload.threads());
    }

    /**
     * @param atOnce the most tasks at once; below the threads (and the tasks), the line says so
     * @return {@link #line(String, Workload, TimeNeed, String)}, with e.g. {@code on 2 threads, 1
     *     fold at a time (the memory plan's)}
     */
    static String line(String name, Workload workload, TimeNeed need, String strategy, int atOnce) {
        StringBuilder line = new StringBuilder(name).append(": takes ")
                .append(need.upperBound() ? "up to about " : "about ").append(words(need.seconds()))
                .append(" for ").append(workload.folds()).append(workload.folds() == 1 ? " fold" : " folds");
        if (workload.components() > 1) {
            line.append(" × ").append(workload.components()).append(" classes");
        }
        line.append(" × ").append(workload.gridPoints()).append(workload.gridPoints() == 1 ? " grid point" : " grid points");
        if (!GridSearch.NAME.equals(strategy)) {
            line.append(" (and whatever rounds search ").append(strategy).append(" adds)");
        }
        line.append(" on ").append(workload.threads()).append(workload.threads() == 1 ? " thread" : " threads");
        if (atOnce < Math.min(workload.threads(), workload.folds() * workload.components())) {
            line.append(", ").append(atOnce).append(atOnce == 1 ? " fold" : " folds")
                    .append(" at a time (the memory plan's)");
        }
        if (!need.account().isBlank()) {
            line.append(": ").append(Untrusted.escape(need.account().strip(), ACCOUNT_LIMIT));
        }
        return line.toString();
    }

    /**
     * @param seconds a duration
     * @return it as roughly as an estimate knows it: whole seconds below 90, whole minutes below
     *     90, then hours and minutes
     */
    static String words(double seconds) {
        long s = Math.max(1, Math.round(seconds));
        if (s < 90) {
            return s + " s";
        }
        long minutes = Math.round(s / 60.0);
        return minutes < 90 ? minutes + " min"
                : String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60);
    }
}
