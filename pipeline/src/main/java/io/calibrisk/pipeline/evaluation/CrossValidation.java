package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimateInterval;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.pipeline.discovery.PluginDiscovery;
import io.calibrisk.pipeline.risk.Risk;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The calibration-evaluation pipeline, Algorithm 1 of Gruber and Bach (TMLR 2025):
 * <ol>
 *   <li>shuffle with the seed; the first ⌊(1 − f)n⌋ samples form the optimisation set, the
 *       rest the test split (or take a user-supplied {@link Split});</li>
 *   <li>k contiguous folds over the shuffled optimisation set;</li>
 *   <li>for every estimator, fold i and grid point η: fit h on the other folds, compute the
 *       risk R̂ on fold i and the CE² estimate on the test split;</li>
 *   <li>η* = argmin over the stable grid points of the fold-mean risk (first on ties), with the
 *       standard error (sample standard deviation over folds / √k);</li>
 *   <li>CE² = mean over folds of the test-split estimates at η*;</li>
 *   <li>recommend the estimator with the lowest validation risk, never by test risk.</li>
 * </ol>
 *
 * <p>Each training fold is prepared once per estimator (and notion component) and the
 * preparation is reused for the whole grid. Folds × components run in parallel on a bounded
 * pool; every task writes its own slots and sums are taken afterwards in a fixed order, so the
 * report does not depend on the number of threads. An estimator that throws or produces a
 * non-finite value is reported as failed and the others still run.
 *
 * <p>Cost: for each estimator, k preparations plus k·|grid| fits, each followed by a risk
 * that is linear in the fold size for functions with a bilinear form (quadratic otherwise).
 */
public final class CrossValidation {
    private static final Logger LOG = LoggerFactory.getLogger(CrossValidation.class);

    private final Map<String, EstimatorProvider> providers;
    private final Map<String, DensityKernel> densityKernels;
    private final Map<String, PositiveDefiniteKernel> positiveDefiniteKernels;

    /**
     * @param providers               every discovered estimator provider, by name
     * @param densityKernels          every discovered density kernel, by name
     * @param positiveDefiniteKernels every discovered positive-definite kernel, by name
     */
    @Inject
    public CrossValidation(Map<String, EstimatorProvider> providers, Map<String, DensityKernel> densityKernels,
                           Map<String, PositiveDefiniteKernel> positiveDefiniteKernels) {
        this.providers = new TreeMap<>(providers);
        this.densityKernels = new TreeMap<>(densityKernels);
        this.positiveDefiniteKernels = new TreeMap<>(positiveDefiniteKernels);
    }

    /**
     * @param notion a notion
     * @return the names of the estimators that serve it, sorted
     */
    public List<String> estimatorsFor(Notion notion) {
        List<String> names = new ArrayList<>();
        providers.forEach((name, provider) -> {
            if (provider.notions().contains(notion)) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * Checks a run's settings against the discovered plugins without running anything.
     *
     * @param settings the run's settings
     * @return the estimators the run will use, in report order
     * @throws PluginException         if an estimator is not provided by any plugin
     * @throws InvalidSettingException if an estimator does not serve the notion, or a grid or
     *                                 setting names something the estimator does not have
     */
    public List<String> resolve(EvaluationSettings settings) {
        Notion notion = settings.notion();
        List<String> names = settings.estimators().isEmpty() ? estimatorsFor(notion) : settings.estimators();
        if (names.isEmpty()) {
            throw new PluginException("no discovered estimator serves the notion " + notion
                    + "; discovered: " + (providers.isEmpty() ? "none" : providers.keySet()));
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            EstimatorProvider provider = providers.get(name);
            if (provider == null) {
                throw new PluginException("estimator '" + name + "' is not provided by any plugin; available: "
                        + (providers.isEmpty() ? "none" : providers.keySet()));
            }
            if (!seen.add(name)) {
                throw InvalidSettingException.of("estimators", names, "name '" + name + "' twice");
            }
            if (!provider.notions().contains(notion)) {
                throw InvalidSettingException.of("estimator " + name, notion,
                        "does not serve this notion; it serves " + provider.notions());
            }
        }
        checkKnown(settings.grids().keySet(), names, "--grid");
        checkKnown(settings.settings().keySet(), names, "setting");
        for (String name : names) {
            searchSpace(name, providers.get(name), settings);
            settingValues(name, providers.get(name), settings);
        }
        return List.copyOf(names);
    }

    /**
     * Parses and checks an estimator's settings against their declared types, resolving
     * defaults and kernel names.
     */
    private SettingValues settingValues(String name, EstimatorProvider provider, EvaluationSettings settings) {
        Notion notion = settings.notion();
        Map<String, String> own = settings.settings().getOrDefault(name, Map.of());
        Set<String> declared = new TreeSet<>();
        Map<String, Object> values = new java.util.LinkedHashMap<>();
        for (Setting s : provider.settings(notion)) {
            declared.add(s.name());
            String text = own.getOrDefault(s.name(), s.defaultValue());
            String parameter = name + "." + s.name();
            Object value = s.type().parse(parameter, text);
            if (s.type() instanceof ValueType.KernelName) {
                value = kernel(parameter, (ValueType.KernelName) s.type(), (String) value, notion);
            }
            values.put(s.name(), value);
        }
        for (String key : own.keySet()) {
            if (!declared.contains(key)) {
                throw InvalidSettingException.of(name + "." + key, own.get(key),
                        "unknown setting; " + name + " has " + (declared.isEmpty() ? "no settings" : declared));
            }
        }
        return new SettingValues(values);
    }

    private Object kernel(String parameter, ValueType.KernelName type, String kernelName, Notion notion) {
        boolean density = type.kind() == ValueType.KernelName.Kind.DENSITY;
        Map<String, ?> kernels = density ? densityKernels : positiveDefiniteKernels;
        Object kernel = kernels.get(kernelName);
        if (kernel == null) {
            throw InvalidSettingException.of(parameter, kernelName, "must be " + type.describe() + "; available: "
                    + (kernels.isEmpty() ? "none" : kernels.keySet()));
        }
        io.calibrisk.api.kernel.KernelDomain domain = density ? ((DensityKernel) kernel).domain()
                : ((PositiveDefiniteKernel) kernel).domain();
        if (!domain.serves(notion)) {
            throw InvalidSettingException.of(parameter, kernelName, "is a kernel on the " + domain.id()
                    + ", which does not hold the points of " + notion + " calibration");
        }
        return kernel;
    }

    private static void checkKnown(Set<String> referenced, List<String> names, String what) {
        for (String estimator : referenced) {
            if (!names.contains(estimator)) {
                throw InvalidSettingException.of(what, estimator, "names an estimator that is not part of this run "
                        + names);
            }
        }
    }

    private static SearchSpace searchSpace(String name, EstimatorProvider provider, EvaluationSettings settings) {
        SearchSpace space = provider.defaultSearchSpace(settings.notion());
        for (Map.Entry<String, double[]> e : settings.grids().getOrDefault(name, Map.of()).entrySet()) {
            try {
                space = space.withValues(e.getKey(), e.getValue());
            } catch (InvalidSettingException ex) {
                throw InvalidSettingException.of("--grid " + name + "." + e.getKey(), java.util.Arrays.toString(e.getValue()),
                        ex.getMessage());
            }
        }
        return space;
    }

    /**
     * Runs the pipeline.
     *
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @param settings    the run's settings
     * @param progress    receives progress events
     * @return the report
     * @throws InvalidInputException   if the data and the split do not fit together
     * @throws InvalidSettingException if the settings are invalid
     * @throws PluginException         if an estimator is not available
     */
    public CalibrationReport evaluate(Predictions predictions, Labels labels, EvaluationSettings settings,
                                      Progress progress) {
        int n = predictions.size();
        if (labels.size() != n) {
            throw new InvalidInputException("labels: " + labels.size() + " labels for " + n
                    + " predictions; the numbers of samples must agree");
        }
        List<String> names = resolve(settings);
        Split split = settings.split() != null ? settings.split()
                : Split.shuffled(n, settings.folds(), settings.testFraction(), settings.seed());
        if (split.size() != n) {
            throw new InvalidInputException("split: " + split.size() + " entries for " + n
                    + " samples; the split needs one line per sample");
        }
        Notion notion = settings.notion();
        FoldPlan plan = new FoldPlan(notion, predictions, labels, split);

        List<EstimatorResult> results = new ArrayList<>();
        RunCache cache = RunCache.none();
        try (PoolParallelism pool = new PoolParallelism(settings.threads())) {
            List<CalibrationEstimator> estimators = new ArrayList<>();
            List<EstimatorResult> failures = new ArrayList<>();
            for (String name : names) {
                EstimatorProvider provider = providers.get(name);
                EstimatorContext context = new EstimatorContext(notion, predictions.classes(),
                        settingValues(name, provider, settings), pool, cache);
                try {
                    estimators.add(provider.create(context));
                    failures.add(null);
                } catch (InvalidSettingException | PluginException e) {
                    throw e;
                } catch (RuntimeException | LinkageError e) {
                    LOG.warn("estimator {} failed to start: {}", name, e.toString());
                    estimators.add(null);
                    failures.add(EstimatorResult.failed(name, PluginDiscovery.sourceOf(provider.getClass()), 0,
                            "could not be created: " + e));
                }
            }
            MemoryBudget.check(plan, names, estimators, settings.threads());
            for (int e = 0; e < names.size(); e++) {
                String name = names.get(e);
                if (failures.get(e) != null) {
                    results.add(failures.get(e));
                    continue;
                }
                EstimatorProvider provider = providers.get(name);
                results.add(runEstimator(name, e, names.size(), provider, estimators.get(e),
                        searchSpace(name, provider, settings), plan, settings, pool, progress));
            }
        }
        int k = split.folds();
        int[] testRows = split.testIndices();

        String recommended = null;
        double bestRisk = Double.POSITIVE_INFINITY;
        for (EstimatorResult result : results) {
            if (result.best().isPresent() && result.best().get().risk() < bestRisk) {
                bestRisk = result.best().get().risk();
                recommended = result.name();
            }
        }
        List<String> notes = new ArrayList<>();
        if (labels.distinctClasses() == 1) {
            notes.add("the labels hold only one class (" + labels.get(0) + "); every target is constant, "
                    + "so the calibration error is measured against that single class");
        }
        if (predictions.renormalisedRows() > 0) {
            notes.add(predictions.renormalisedRows() + " row(s) summed to 1 only within "
                    + Predictions.SUM_TOLERANCE + " and were renormalised");
        }
        String splitText = settings.split() != null ? "user-supplied" : "seed " + settings.seed()
                + ", test fraction " + settings.testFraction();
        return new CalibrationReport(notion, n, predictions.classes(), k, testRows.length, splitText, results,
                recommended, notes);
    }

    private EstimatorResult runEstimator(String name, int index, int count, EstimatorProvider provider,
                                         CalibrationEstimator estimator, SearchSpace space, FoldPlan plan,
                                         EvaluationSettings settings, PoolParallelism pool, Progress progress) {
        String source = PluginDiscovery.sourceOf(provider.getClass());
        long start = System.nanoTime();
        int k = plan.folds();
        int c = plan.components();
        int g = space.size();
        FoldOutcome[] outcomes = new FoldOutcome[k];
        AtomicLong completed = new AtomicLong();
        long total = (long) k * c * g;
        LOG.info("estimator {}: {} folds × {} grid points{}", name, k, g, c > 1 ? " × " + c + " components" : "");
        try {
            // One task per fold: its components run in order inside it, so sums over components
            // (and over the test samples' h(z_i, z_i)) have a fixed order whatever the threads.
            pool.forEach(k, f -> outcomes[f] = runFold(name, index, count, estimator, space, plan, settings.curves(), f,
                    completed, total, progress));
        } catch (RuntimeException | LinkageError e) {
            Throwable cause = e;
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof EstimationException) {
                    cause = t;
                    break;
                }
            }
            LOG.warn("estimator {} failed: {}", name, cause.getMessage(), LOG.isDebugEnabled() ? cause : null);
            return EstimatorResult.failed(name, source, seconds(start), cause.getMessage());
        } catch (OutOfMemoryError e) {
            // The memory plan is an estimate (a low-rank factorisation's rank shows only as it
            // grows); the estimator's arrays are unreachable once the error has unwound its
            // tasks, so the others can still run.
            String advice = estimator.memoryNeed(plan.largestTrainingSize(), plan.largestQuerySize(),
                    plan.dimension()).advice();
            String message = String.format(Locale.ROOT, "ran out of memory (the JVM's heap is %d MiB); use "
                    + "--threads 1, %sor give the JVM more memory (JAVA_OPTS=-Xmx...)",
                    Runtime.getRuntime().maxMemory() >> 20, advice.isEmpty() ? "" : advice + ", ");
            LOG.warn("estimator {} failed: {}", name, message);
            return EstimatorResult.failed(name, source, seconds(start), message);
        }

        List<GridPointResult> grid = new ArrayList<>(g);
        List<Hyperparameters> reported = space.points(plan.trainingSize(0));
        int best = -1;
        for (int at = 0; at < g; at++) {
            double[] foldRisk = new double[k];
            double[] foldEstimate = new double[k];
            List<FoldResult> foldResults = new ArrayList<>(k);
            String unstable = null;
            for (int f = 0; f < k; f++) {
                foldRisk[f] = outcomes[f].risk[at];
                foldEstimate[f] = outcomes[f].estimate[at];
                foldResults.add(new FoldResult(foldRisk[f], foldEstimate[f], outcomes[f].diagnostics.get(at)));
                if (unstable == null && outcomes[f].instability[at] != null) {
                    unstable = "fold " + f + ": " + outcomes[f].instability[at];
                }
            }
            double mean = mean(foldRisk);
            grid.add(new GridPointResult(reported.get(at).reported(), mean, standardError(foldRisk, mean),
                    mean(foldEstimate), foldResults, unstable));
            if (unstable == null && (best < 0 || mean < grid.get(best).risk())) {
                best = at;
            }
        }
        double seconds = seconds(start);
        if (best < 0) {
            return new EstimatorResult(name, source, seconds, grid, -1,
                    "every grid point is unstable; give a grid of larger values");
        }
        LOG.info("estimator {}: chose {} (risk {}) in {} s", name, reported.get(best), grid.get(best).risk(),
                String.format(java.util.Locale.ROOT, "%.2f", seconds));
        EstimateInterval interval = Bootstrap.interval(outcomes, best, settings);
        List<CalibrationCurve> curves = settings.curves() ? Curves.ensemble(outcomes, best, plan) : List.of();
        return new EstimatorResult(name, source, seconds, grid, best, null, interval, curves);
    }

    /** What one fold produced at every grid point, summed over the notion's components. */
    static final class FoldOutcome {
        final double[] risk;
        final double[] estimate;
        final List<Map<String, Double>> diagnostics;
        final String[] instability;
        /** Per grid point, Σ over components of h(z_i, z_i) on each test sample. */
        final double[][] testDiagonal;
        /** Per grid point and component, the curve E[t|z] (flattened), or null. */
        final double[][][] curves;

        FoldOutcome(int grid, int components, int testSize) {
            risk = new double[grid];
            estimate = new double[grid];
            diagnostics = new ArrayList<>(grid);
            for (int at = 0; at < grid; at++) {
                diagnostics.add(new TreeMap<>());
            }
            instability = new String[grid];
            testDiagonal = new double[grid][testSize];
            curves = new double[grid][components][];
        }
    }

    private static FoldOutcome runFold(String name, int index, int count, CalibrationEstimator estimator,
                                       SearchSpace space, FoldPlan plan, boolean curves, int f, AtomicLong completed,
                                       long total, Progress progress) {
        int c = plan.components();
        int g = space.size();
        FoldOutcome outcome = new FoldOutcome(g, c, plan.testSize());
        for (int j = 0; j < c; j++) {
            CalibrationSet train = plan.training(f, j);
            CalibrationSet evaluation = plan.evaluation(f, j);
            CalibrationSet test = plan.test(j);
            List<Hyperparameters> points = space.points(train.size());
            int at = -1;
            try {
                PreparedTraining prepared = estimator.prepare(new TrainingFold(new TrainingFold.Id(f, j), train, points));
                for (at = 0; at < g; at++) {
                    CalibrationFunction h = prepared.fit(points.get(at));
                    if (h.dimension() != train.dimension()) {
                        throw new EstimationException("returned a function of dimension " + h.dimension()
                                + " for points of dimension " + train.dimension());
                    }
                    Risk.Value risk = Risk.of(h, evaluation);
                    Risk.Diagonal diagonal = Risk.diagonal(h, test);
                    outcome.risk[at] += risk.risk();
                    outcome.estimate[at] += diagonal.mean();
                    double[] sum = outcome.testDiagonal[at];
                    double[] values = diagonal.values();
                    for (int i = 0; i < sum.length; i++) {
                        sum[i] += values[i];
                    }
                    Map<String, Double> diag = outcome.diagnostics.get(at);
                    // Numbers of the fit (a rank, say) take the largest over components; counts add up.
                    h.diagnostics().forEach((key, v) -> diag.merge(key, v, Math::max));
                    risk.counts().forEach((key, v) -> diag.merge("evaluation." + key, v.doubleValue(), Double::sum));
                    diagonal.counts().forEach((key, v) -> diag.merge("test." + key, v.doubleValue(), Double::sum));
                    if (outcome.instability[at] == null && h.instability().isPresent()) {
                        outcome.instability[at] = (c > 1 ? "class " + j + ": " : "") + h.instability().get();
                    }
                    if (curves) {
                        outcome.curves[at][j] = Curves.evaluate(h, plan, test);
                    }
                    progress.update(new Progress.Event(name, index, count, f, at, completed.incrementAndGet(), total));
                }
            } catch (RuntimeException | LinkageError e) {
                String where = "fold " + f + (c > 1 ? ", class " + j : "")
                        + (at >= 0 && at < g ? ", grid point " + points.get(at) : ", preparation");
                throw new EstimationException(where + ": " + e, e);
            }
        }
        return outcome;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double standardError(double[] values, double mean) {
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (values.length - 1)) / Math.sqrt(values.length);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
