package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.TimeLimit;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.evaluation.RunPlan.PlannedEstimator;
import io.calibrisk.pipeline.report.CalibrationReport;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * The calibration-evaluation pipeline, Algorithm 1 of Gruber and Bach (TMLR 2025), as four
 * stages:
 * <ol>
 *   <li>{@link RunPlanner}: the run plan, every setting resolved and checked before any work;
 *       then, per input, the {@link FoldPlan}: shuffle with the seed (or take the user's
 *       split), the first ⌊(1 − f)n⌋ samples form the optimisation set, cut into k contiguous
 *       folds, the rest the test split; the estimators are created and their memory planned;</li>
 *   <li>{@link FoldRunner}: for every estimator, the search strategy's points η and every fold
 *       i: fit h on the other folds, compute the risk R̂ on fold i and the CE² estimate on the
 *       test split;</li>
 *   <li>{@link Selection}: η* = argmin over stable points of the fold-mean risk, with its
 *       standard error; the recommended estimator, of lowest validation risk (never by test
 *       risk), and every estimator's paired risk difference from it;</li>
 *   <li>{@link ReportAssembly}: CE² = the mean over folds of the test-split estimates at η*, its
 *       bootstrap interval, the calibration curves and the notes.</li>
 * </ol>
 * Each run owns its thread pool and its {@link io.calibrisk.api.estimator.RunCache}, released
 * when it ends; the pipeline itself holds no state, so runs may proceed concurrently.
 */
public final class CalibrationPipeline {
    private static final Logger LOG = LoggerFactory.getLogger(CalibrationPipeline.class);

    private final RunPlanner planner;
    private final FoldRunner folds;
    private final Selection selection;
    private final ReportAssembly assembly;

    /**
     * @param planner   stage 1, the run plan
     * @param folds     stages 2 and 3, the folds of every estimator's search
     * @param selection stages 4 and 6, the choices
     * @param assembly  stage 5, the report
     */
    @Inject
    public CalibrationPipeline(RunPlanner planner, FoldRunner folds, Selection selection, ReportAssembly assembly) {
        this.planner = planner;
        this.folds = folds;
        this.selection = selection;
        this.assembly = assembly;
    }

    /**
     * Resolves and checks a run's settings against the discovered plugins, without running
     * anything.
     *
     * @param settings what the run is asked to do
     * @return the plan
     * @throws PluginException         if an estimator is not available
     * @throws InvalidSettingException if a setting, axis, value or name is refused
     */
    public RunPlan plan(EvaluationSettings settings) {
        return planner.plan(settings);
    }

    /**
     * Plans and runs the pipeline.
     *
     * @param settings    what the run is asked to do
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @param progress    receives progress events
     * @return the report
     */
    public CalibrationReport evaluate(EvaluationSettings settings, Predictions predictions, Labels labels,
                                      Progress progress) {
        return evaluate(plan(settings), predictions, labels, progress);
    }

    /**
     * Runs a planned pipeline.
     *
     * @param plan        the plan
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @param progress    receives progress events
     * @return the report
     * @throws InvalidInputException   if the data and the split do not fit together
     * @throws InvalidSettingException if the run would not fit in memory, or an estimator
     *                                 refuses its settings when created
     */
    public CalibrationReport evaluate(RunPlan plan, Predictions predictions, Labels labels, Progress progress) {
        EvaluationSettings settings = plan.settings();
        FoldPlan split = FoldPlan.of(settings.notion(), settings.sampling(), predictions, labels);
        List<SearchOutcome> searched = new ArrayList<>();
        try (PoolParallelism pool = new PoolParallelism(settings.threads()); RunScopedCache cache = new RunScopedCache()) {
            List<Created> created = create(plan, split, pool, cache);
            List<String> names = plan.names();
            for (int e = 0; e < created.size(); e++) {
                Created c = created.get(e);
                searched.add(c.estimator() == null ? SearchOutcome.failed(c.planned(), c.seconds(), c.failure())
                        : folds.search(c.planned(), c.estimator(), plan.strategy(), split, settings.curves(), pool,
                                new ProgressTracker(progress, names.get(e), e, names.size()),
                                settings.estimatorTimeout(), c.atOnce()));
                // what an estimator keeps for its run (kde's normalisers and test-split shares)
                // is garbage once its search is over: the memory plan gives each later estimator
                // the heap as if it ran alone
                created.set(e, null);
            }
        }
        return assembly.assemble(plan, split, searched, selection.choose(searched));
    }

    /**
     * An estimator created for this run with the memory it says it needs, or why it could not
     * be, and the seconds that took; and the most of its tasks that run at once (the threads,
     * until the memory plan says fewer).
     */
    private record Created(PlannedEstimator planned, CalibrationEstimator estimator, MemoryNeed need,
                           Optional<TimeNeeds.Estimate> time, String failure, double seconds, int atOnce) {
        static Created failed(PlannedEstimator planned, String failure, long start) {
            return new Created(planned, null, null, Optional.empty(), failure, (System.nanoTime() - start) / 1e9,
                    1);
        }

        Created withAtOnce(int tasks) {
            return new Created(planned, estimator, need, time.map(t -> t.withAtOnce(tasks)), failure, seconds, tasks);
        }
    }

    /**
     * Creates every estimator with this run's context, under the time limit per estimator,
     * and refuses the run before any work if one or more would not fit in memory; then each
     * says how long it will take ({@link TimeNeeds}). An estimator
     * that refuses its settings stops the run, as does a plugin problem; one that fails
     * otherwise (throws anything, or takes too long) is reported as failed and the others run.
     */
    private static List<Created> create(RunPlan plan, FoldPlan split, PoolParallelism pool, RunScopedCache cache) {
        List<Created> created = new ArrayList<>();
        List<MemoryNeed> needs = new ArrayList<>();
        Duration limit = plan.settings().estimatorTimeout();
        CalibrationSet sample = TimeNeeds.sample(split);
        for (PlannedEstimator planned : plan.estimators()) {
            EstimatorContext context = new EstimatorContext(split.notion(), split.classes(), planned.settings(), pool,
                    cache);
            long start = System.nanoTime();
            Created c;
            try {
                c = EstimatorCalls.call(planned.name(), limit, () -> {
                    CalibrationEstimator estimator = planned.provider().create(context);
                    if (estimator == null) {
                        throw new EstimationException("returned no estimator");
                    }
                    MemoryNeed need = estimator.memoryNeed(split.largestTrainingSize(), split.largestQuerySize(),
                            split.dimension());
                    if (need == null) {
                        throw new EstimationException("stated no memory need (memoryNeed returned null)");
                    }
                    Optional<TimeNeeds.Estimate> time = TimeNeeds.ask(estimator, split, planned, pool.threads(),
                            sample);
                    return new Created(planned, estimator, need, time, null, (System.nanoTime() - start) / 1e9,
                            pool.threads());
                });
            } catch (InvalidSettingException | PluginException e) {
                throw e;
            } catch (TimeoutException e) {
                c = Created.failed(planned, "stopped after " + TimeLimit.describe(limit) + " while being created "
                        + "(the time limit per estimator, --estimator-timeout)", start);
                pool.restart();
            } catch (Throwable e) {
                // Anything a plugin throws, an Error included; out of memory too: nothing of it is kept.
                c = Created.failed(planned, "could not be created: " + Failures.describe(e), start);
                LOG.debug("estimator {} failed to start", planned.name(), e);
            }
            if (c.failure() != null) {
                LOG.warn("estimator {} failed to start: {}", planned.name(), c.failure());
            }
            created.add(c);
            needs.add(c.need());
        }
        int[] atOnce = MemoryBudget.check(split, plan.names(), needs, (e, folds, bytes) -> advice(created.get(e),
                split, folds, bytes, limit), plan.settings().threads());
        for (int e = 0; e < created.size(); e++) {
            created.set(e, created.get(e).withAtOnce(atOnce[e]));
            created.get(e).time().ifPresent(time -> time.say(plan.strategy().name()));
        }
        return created;
    }

    /**
     * @return what the estimator advises for the folds' room, under the time limit per estimator;
     *     where it fails to answer (throws, answers null, or takes too long), its memory need's
     *     advice
     */
    private static String advice(Created created, FoldPlan split, int folds, long bytes, Duration limit) {
        try {
            String advice = EstimatorCalls.call(created.planned().name(), limit, () -> created.estimator()
                    .memoryAdvice(split.largestTrainingSize(), split.largestQuerySize(), split.dimension(), folds,
                            bytes));
            if (advice != null) {
                return advice;
            }
        } catch (Throwable e) {
            LOG.debug("estimator {} failed to advise a setting for {} bytes", created.planned().name(), bytes, e);
        }
        return created.need().advice();
    }
}
