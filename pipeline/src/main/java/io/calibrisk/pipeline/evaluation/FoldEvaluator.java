package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.CoarserApproximation;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.risk.Risk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@link RiskEvaluator} of one estimator's search: every point a strategy proposes is fitted
 * on every training fold and scored on the held-out fold, and its fold models estimate CE² on
 * the test split. Points come in rounds (one call of {@link #evaluate}); every fold and
 * component (class-wise: k·d of them) of a round is a task of its own, run in parallel, and
 * the components' shares of a fold are then added in component order, so every sum has a fixed
 * order and results do not depend on the number of threads.
 *
 * <p>Each training fold (and component) is prepared once for the whole search: the first round
 * announces its points in {@link TrainingFold#planned()}, later rounds through
 * {@link PreparedTraining#plan}. The fold's evaluation and test sets are kept with the
 * preparation, as the same instances, so that an estimator that shares work between the points
 * it fits on one query set (kde computes the features of several bandwidths at once) finds that
 * work in later rounds too. Between rounds all of it is held softly: the JVM may drop it only
 * when the heap runs short, and it is then built and prepared again (results are identical; only
 * time is spent), so keeping k·c preparations never costs more memory than the run has. A
 * strategy that searches in a single round ({@link io.calibrisk.api.search.SearchStrategy#singleRound},
 * the default {@code grid}) has nothing kept: each fold's work is garbage once its task is done,
 * rather than held to the end of the search and copied by the collector on the way: a lower
 * peak of memory (docs/performance.md, "One round keeps nothing").
 *
 * <p>Budget: at most the space's grid plus {@value #POINTS_BEYOND_GRID} distinct points per
 * estimator; a call that would exceed it is refused before it fits anything.
 */
final class FoldEvaluator implements RiskEvaluator {
    /** How many points a strategy may evaluate beyond the size of the space's grid. */
    static final int POINTS_BEYOND_GRID = 64;
    private static final Logger LOG = LoggerFactory.getLogger(FoldEvaluator.class);

    private final String name;
    private final CalibrationEstimator estimator;
    private final SearchSpace space;
    private final FoldPlan folds;
    private final boolean curves;
    private final Parallelism pool;
    private final ProgressTracker progress;
    /** Whether each fold's work is kept, softly, for later rounds. */
    private final boolean keep;
    /** The most tasks (folds and components) that run at once: fewer than the threads where memory is short. */
    private final int atOnce;
    private final Set<Map<String, Double>> grid = new HashSet<>();
    private final int budget;
    private final Map<Map<String, Double>, EvaluatedPoint> history = new LinkedHashMap<>();
    private final List<SoftReference<FoldWork>[]> kept = new ArrayList<>();
    private RuntimeException failure;
    private int rounds;
    /** Thread-nanoseconds spent per stage over all rounds, see {@link #stageSeconds()}. */
    private final long[] stageNanos = new long[Stage.values().length];

    /** The stages of a fold's work whose time is reported at debug level. */
    enum Stage {
        /** The estimator's preparation of a training fold (a factorisation, say). */
        PREPARE,
        /** Fitting one point on a prepared fold. */
        FIT,
        /** The risk on the held-out fold, the function's features included. */
        RISK,
        /** The estimate on the test split, the function's features included. */
        ESTIMATE,
        /** Calibration curves. */
        CURVES
    }

    /**
     * @param keep   whether each fold's work is kept, softly, for later rounds: false for a
     *               strategy of a single round
     * @param atOnce the most tasks (folds and components) that run at once, at least 1: the
     *               memory plan's, fewer than the threads where they do not all fit
     */
    FoldEvaluator(String name, CalibrationEstimator estimator, SearchSpace space, FoldPlan folds, boolean curves,
                  Parallelism pool, ProgressTracker progress, boolean keep, int atOnce) {
        this.name = name;
        this.estimator = estimator;
        this.space = space;
        this.folds = folds;
        this.curves = curves;
        this.pool = pool;
        this.progress = progress;
        this.keep = keep;
        this.atOnce = Math.max(1, atOnce);
        List<Map<String, Double>> points = space.grid();
        points.forEach(p -> grid.add(canonical(p)));
        this.budget = points.size() + POINTS_BEYOND_GRID;
        for (int f = 0; f < folds.folds(); f++) {
            @SuppressWarnings({"unchecked", "rawtypes"})
            SoftReference<FoldWork>[] row = new SoftReference[folds.components()];
            kept.add(row);
        }
    }

    @Override
    public synchronized List<Evaluation> evaluate(List<Map<String, Double>> points) {
        if (failure != null) {
            throw failure;
        }
        List<Map<String, Double>> keys = new ArrayList<>(points.size());
        List<Map<String, Double>> fresh = new ArrayList<>();
        Set<Map<String, Double>> freshKeys = new HashSet<>();
        for (Map<String, Double> point : points) {
            Map<String, Double> key = canonical(space.at(point, 1).reported());
            keys.add(key);
            if (!history.containsKey(key) && freshKeys.add(key)) {
                fresh.add(key);
            }
        }
        if (history.size() + fresh.size() > budget) {
            throw new InvalidSettingException("search of " + name + ": " + (history.size() + fresh.size())
                    + " points would exceed the budget of " + budget + " (the grid's " + (budget - POINTS_BEYOND_GRID)
                    + " plus " + POINTS_BEYOND_GRID + ")");
        }
        if (!fresh.isEmpty()) {
            try {
                runRound(fresh);
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            }
        }
        List<Evaluation> out = new ArrayList<>(keys.size());
        keys.forEach(key -> out.add(history.get(key).evaluation()));
        return out;
    }

    @Override
    public synchronized List<Evaluation> history() {
        List<Evaluation> out = new ArrayList<>(history.size());
        history.values().forEach(p -> out.add(p.evaluation()));
        return out;
    }

    @Override
    public synchronized int remainingBudget() {
        return budget - history.size();
    }

    /** @return every point evaluated, in the order first evaluated */
    synchronized List<EvaluatedPoint> points() {
        return List.copyOf(history.values());
    }

    /**
     * @return seconds spent per stage, summed over the folds' tasks (so with several threads the
     *     sum can exceed the wall time), for the timing line at debug level
     */
    synchronized Map<Stage, Double> stageSeconds() {
        Map<Stage, Double> out = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            out.put(stage, stageNanos[stage.ordinal()] / 1e9);
        }
        return out;
    }

    /** @throws RuntimeException the failure of a round, if a strategy caught and ignored it */
    synchronized void rethrowFailure() {
        if (failure != null) {
            throw failure;
        }
    }

    /** Points as keys: axes in the space's order, −0 as 0. */
    private Map<String, Double> canonical(Map<String, Double> point) {
        Map<String, Double> key = new LinkedHashMap<>();
        space.axes().forEach(axis -> key.put(axis.name(), point.get(axis.name()) + 0.0));
        return key;
    }

    private void runRound(List<Map<String, Double>> points) {
        boolean first = rounds++ == 0;
        int k = folds.folds();
        int start = history.size();
        int c = folds.components();
        progress.plan(k, Math.min(pool.threads(), atOnce), (long) k * c * points.size());
        List<List<Hyperparameters>> fitted = hyperparameters(points, k);
        // One task per fold and component, so that class-wise runs keep every thread busy; the
        // components' shares are then added in component order, so sums over components (and over
        // the test samples' h(z_i, z_i)) have a fixed order whatever the threads.
        ComponentShare[][] parts = new ComponentShare[k][c];
        TaskLanes.forEach(pool, k * c, atOnce, task -> parts[task / c][task % c] = runComponent(task / c, task % c,
                fitted.get(task / c), first, start));
        FoldRound[] rounds = new FoldRound[k];
        for (int f = 0; f < k; f++) {
            rounds[f] = new FoldRound(parts[f], points.size(), folds.testSize());
        }
        for (FoldRound round : rounds) {
            for (int stage = 0; stage < stageNanos.length; stage++) {
                stageNanos[stage] += round.nanos[stage];
            }
        }
        for (int at = 0; at < points.size(); at++) {
            double[] foldRisks = new double[k];
            double[] foldEstimates = new double[k];
            List<Map<String, Double>> diagnostics = new ArrayList<>(k);
            double[][] testDiagonals = new double[k][];
            double[][][] foldCurves = new double[k][][];
            double[][][] foldBinEdges = new double[k][][];
            String unstable = null;
            for (int f = 0; f < k; f++) {
                FoldRound round = rounds[f];
                foldRisks[f] = round.risk[at];
                foldEstimates[f] = round.estimate[at];
                diagnostics.add(round.diagnostics.get(at));
                testDiagonals[f] = round.testDiagonal[at];
                foldCurves[f] = round.curves[at];
                foldBinEdges[f] = round.binEdges[at];
                if (unstable == null && round.instability[at] != null) {
                    unstable = "fold " + f + ": " + round.instability[at];
                }
            }
            Map<String, Double> point = points.get(at);
            history.put(point, new EvaluatedPoint(point, !grid.contains(point), foldRisks, foldEstimates, diagnostics,
                    testDiagonals, foldCurves, foldBinEdges, unstable));
        }
    }

    /** What one fold produced at every point of a round, summed over the notion's components. */
    private static final class FoldRound {
        final double[] risk;
        final double[] estimate;
        final List<Map<String, Double>> diagnostics;
        final String[] instability;
        final double[][] testDiagonal;
        final double[][][] curves;
        final double[][][] binEdges;
        final long[] nanos = new long[Stage.values().length];

        /**
         * A fold's round from its components' shares, added in component order: the same sums, in
         * the same order, as one task adding the components one after the other.
         */
        FoldRound(ComponentShare[] components, int points, int testSize) {
            int c = components.length;
            risk = new double[points];
            estimate = new double[points];
            diagnostics = new ArrayList<>(points);
            instability = new String[points];
            testDiagonal = new double[points][testSize];
            curves = new double[points][c][];
            binEdges = new double[points][c][];
            for (int at = 0; at < points; at++) {
                diagnostics.add(new TreeMap<>());
            }
            for (int j = 0; j < c; j++) {
                ComponentShare part = components[j];
                for (int stage = 0; stage < nanos.length; stage++) {
                    nanos[stage] += part.nanos[stage];
                }
                for (int at = 0; at < points; at++) {
                    add(part, j, at);
                }
            }
        }

        /**
         * Component j's share at point {@code at}; a method of its own (as is the loop over the
         * test samples), so that the compiler compiles these loops once, small, rather than the
         * whole constructor again for each loop it was entered at.
         */
        private void add(ComponentShare part, int j, int at) {
            risk[at] += part.risk[at];
            estimate[at] += part.estimate[at];
            addTo(testDiagonal[at], part.testDiagonal[at]);
            // Numbers of the fit (a rank, say) take the largest over components; counts add up.
            Map<String, Double> diag = diagnostics.get(at);
            part.fit.get(at).forEach((key, v) -> diag.merge(key, v, Math::max));
            part.counts.get(at).forEach((key, v) -> diag.merge(key, v, Double::sum));
            if (instability[at] == null) {
                instability[at] = part.instability[at];
            }
            curves[at][j] = part.curve[at];
            binEdges[at][j] = part.binEdges[at];
        }

        private static void addTo(double[] sum, double[] values) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += values[i];
            }
        }
    }

    /** What one component of one fold produced at every point of a round. */
    private static final class ComponentShare {
        final double[] risk;
        final double[] estimate;
        /** The test samples' h(z_i, z_i), as the risk's diagonal returned them. */
        final double[][] testDiagonal;
        /** The fit's own numbers (a rank, say). */
        final List<Map<String, Double>> fit;
        /** The risk's and the estimate's counts of their work. */
        final List<Map<String, Double>> counts;
        final String[] instability;
        final double[][] curve;
        final double[][] binEdges;
        final long[] nanos = new long[Stage.values().length];

        ComponentShare(int points) {
            risk = new double[points];
            estimate = new double[points];
            testDiagonal = new double[points][];
            fit = new ArrayList<>(points);
            counts = new ArrayList<>(points);
            for (int at = 0; at < points; at++) {
                fit.add(Map.of());
                counts.add(new TreeMap<>());
            }
            instability = new String[points];
            curve = new double[points][];
            binEdges = new double[points][];
        }

        /** Adds the time since {@code since} to a stage and returns the time now. */
        long lap(Stage stage, long since) {
            long now = System.nanoTime();
            nanos[stage.ordinal()] += now - since;
            return now;
        }
    }

    /** Each fold's hyperparameters of the round's points, which may depend on the fold's training size. */
    private List<List<Hyperparameters>> hyperparameters(List<Map<String, Double>> points, int k) {
        List<List<Hyperparameters>> out = new ArrayList<>(k);
        for (int f = 0; f < k; f++) {
            List<Hyperparameters> round = new ArrayList<>(points.size());
            int size = folds.trainingSize(f);
            points.forEach(point -> round.add(space.at(point, size)));
            out.add(round);
        }
        return out;
    }

    /** One component's share of a fold's round: every point fitted on it, scored and estimated. */
    private ComponentShare runComponent(int f, int j, List<Hyperparameters> round, boolean first, int start) {
        int c = folds.components();
        int p = round.size();
        ComponentShare out = new ComponentShare(p);
        int at = -1;
        try {
            long clock = System.nanoTime();
            FoldWork work = work(f, j, round, first);
            clock = out.lap(Stage.PREPARE, clock);
            PreparedTraining prepared = work.prepared();
            Risk.Evaluation scored = work.evaluation();
            CalibrationSet evaluation = scored.set();
            CalibrationSet test = work.test();
            for (at = 0; at < p; at++) {
                CalibrationFunction h = prepared.fit(round.get(at));
                clock = out.lap(Stage.FIT, clock);
                if (h == null) {
                    throw new EstimationException("returned no calibration estimation function");
                }
                if (h.dimension() != evaluation.dimension()) {
                    throw new EstimationException("returned a function of dimension " + h.dimension()
                            + " for points of dimension " + evaluation.dimension());
                }
                Risk.Value risk = Risk.of(h, scored);
                // asked once: a plugin's answer is not assumed to stay the same
                Optional<String> instability = h.instability();
                if (instability.isEmpty()) {
                    instability = approximationDecides(h, risk.risk(), scored);
                }
                clock = out.lap(Stage.RISK, clock);
                Risk.Diagonal diagonal = Risk.diagonal(h, test);
                clock = out.lap(Stage.ESTIMATE, clock);
                out.risk[at] = risk.risk();
                out.estimate[at] = diagonal.mean();
                out.testDiagonal[at] = diagonal.values();
                // merged here, inside the try, so that a plugin's null key or value fails this fit
                Map<String, Double> fit = new TreeMap<>();
                h.diagnostics().forEach((key, v) -> fit.merge(key, v, Math::max));
                out.fit.set(at, fit);
                Map<String, Double> counts = out.counts.get(at);
                risk.counts().forEach((key, v) -> counts.merge("evaluation." + key, v.doubleValue(), Double::sum));
                diagonal.counts().forEach((key, v) -> counts.merge("test." + key, v.doubleValue(), Double::sum));
                if (instability.isPresent()) {
                    out.instability[at] = (c > 1 ? "class " + j + ": " : "")
                            + Untrusted.escape(instability.get(), 300);
                }
                if (curves) {
                    out.curve[at] = curve(h, folds.curvePoints(test));
                    clock = out.lap(Stage.CURVES, clock);
                }
                out.binEdges[at] = h.binEdges().orElse(null);
                progress.step(f, start + at);
            }
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (Throwable e) {
            // Anything a plugin throws, a StackOverflowError or a checked exception thrown sneakily included.
            String where = "fold " + f + (c > 1 ? ", class " + j : "")
                    + (at >= 0 && at < p ? ", point " + round.get(at) : ", preparation");
            throw new EstimationException(where + ": " + Failures.describe(e), e);
        }
        return out;
    }

    /** How the reason of a grid point the approximation decides begins (the report counts them). */
    static final String APPROXIMATION_DECIDES = "the approximation decides it";

    /**
     * Whether h's approximation, rather than the data, decides its risk: the risk of h's
     * {@link CalibrationFunction#coarserApproximation()} on the same evaluation set, compared with
     * h's. A function that has none costs nothing here.
     *
     * @return the reason when the extrapolated difference exceeds
     *     {@value CalibrationFunction#APPROXIMATION_THRESHOLD} of the larger risk
     */
    static Optional<String> approximationDecides(CalibrationFunction h, double risk, Risk.Evaluation evaluation) {
        Optional<CoarserApproximation> coarser = h.coarserApproximation();
        if (coarser == null) {
            throw new EstimationException("returned null from coarserApproximation()");
        }
        if (coarser.isEmpty()) {
            return Optional.empty();
        }
        CalibrationFunction other = coarser.get().function();
        if (other.dimension() != h.dimension()) {
            throw new EstimationException("returned a coarser approximation of dimension " + other.dimension()
                    + " for a function of dimension " + h.dimension());
        }
        double coarse = Risk.of(other, evaluation).risk();
        double moved = coarser.get().extrapolation() * Math.abs(risk - coarse)
                / Math.max(Math.abs(risk), Math.abs(coarse));
        // 0/0 when both risks are 0 gives NaN, and keeps the point: they agree
        if (!(moved > CalibrationFunction.APPROXIMATION_THRESHOLD)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, APPROXIMATION_DECIDES + ": its risk moves by an "
                + "estimated relative %.2g > %.0e (%.2g against a coarser approximation of the same fit, times %.3g)",
                moved, CalibrationFunction.APPROXIMATION_THRESHOLD, moved / coarser.get().extrapolation(),
                coarser.get().extrapolation()));
    }

    /** @return how many folds and components hold their work for a later round now */
    synchronized int keptPreparations() {
        int held = 0;
        for (SoftReference<FoldWork>[] row : kept) {
            for (SoftReference<FoldWork> work : row) {
                if (work != null && work.get() != null) {
                    held++;
                }
            }
        }
        return held;
    }

    /** What a fold and component keep between rounds: the preparation and the sets it is scored on. */
    private record FoldWork(PreparedTraining prepared, Risk.Evaluation evaluation, CalibrationSet test) {
    }

    /**
     * The fold's work: prepared in the first round with that round's points and kept for the
     * later rounds, which the preparation learns of through {@link PreparedTraining#plan}.
     */
    private FoldWork work(int f, int j, List<Hyperparameters> round, boolean first) {
        SoftReference<FoldWork>[] row = kept.get(f);
        FoldWork held = row[j] == null ? null : row[j].get();
        if (held != null) {
            held.prepared().plan(round);
            return held;
        }
        if (!first && keep) {
            LOG.debug("{}: the JVM released the preparation of fold {}, component {} to free memory; preparing again",
                    name, f, j);
        } else if (!first) {
            LOG.debug("{}: the search strategy said it searches in a single round and asked again; preparing fold {}, "
                    + "component {} again", name, f, j);
        }
        CalibrationSet evaluation = folds.evaluation(f, j);
        CalibrationSet test = folds.test(j);
        TrainingFold.Partition partition = new TrainingFold.Partition(folds.folds(), folds.trainingFoldOf(f),
                test.points());
        PreparedTraining prepared = estimator.prepare(new TrainingFold(new TrainingFold.Id(f, j), folds.training(f, j),
                round, partition));
        if (prepared == null) {
            throw new EstimationException("returned no preparation");
        }
        FoldWork work = new FoldWork(prepared, Risk.Evaluation.of(evaluation), test);
        if (keep) {
            row[j] = new SoftReference<>(work);
        }
        return work;
    }

    /** @return the fold model's E[t|z] values (flattened), or null if it has no curve */
    private static double[] curve(CalibrationFunction h, Points at) {
        Optional<Points> curve = h.calibrationCurve(at);
        if (curve.isEmpty()) {
            return null;
        }
        Points values = curve.get();
        if (values.size() != at.size() || values.dimension() != at.dimension()) {
            throw new EstimationException("calibration curve of shape " + values.size() + "×"
                    + values.dimension() + " for " + at.size() + "×" + at.dimension() + " points");
        }
        return values.toArray();
    }
}
