package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginNames;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.plugin.ClassPathPlugins;
import io.calibrisk.testsupport.plugin.ContextBuilder;
import io.calibrisk.testsupport.plugin.MapRunCache;
import io.calibrisk.testsupport.plugin.ThreadPool;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The conformance test of a calibration estimator plugin. Extend it and name the provider:
 *
 * <pre>{@code
 * class MyEstimatorConformanceTest extends EstimatorConformance {
 *     @Override
 *     protected EstimatorProvider provider() {
 *         return new MyEstimatorProvider();
 *     }
 * }
 * }</pre>
 *
 * <p>For every notion the estimator serves, on datasets drawn by QuickTheories from the fixed
 * seed of {@link Seeds} (every {@link RowStyle}: exact zeros and ones, one-hot rows, ties,
 * near-degenerate rows), it prepares a training fold, fits every point of the default search
 * space and checks that:
 * <ul>
 *   <li>h is symmetric, {@code h(z, z') = h(z', z)};</li>
 *   <li>the bilinear form, when there is one, equals h pointwise;</li>
 *   <li>the risk by the bilinear formula equals the plain U-statistic ({@link RiskIdentities});</li>
 *   <li>results are bit-identical with a sequential {@link Parallelism} and a real pool of
 *       threads, whatever the {@link RunCache} already holds, and whether or not
 *       {@link PreparedTraining#plan} announced the points;</li>
 *   <li>values, features, calibration curves and diagnostics are finite on awkward inputs:
 *       exact 0 and 1, vertices of the simplex, one-hot rows, ties, and training folds of 2 and
 *       3 samples;</li>
 *   <li>every declared setting's default resolves, values at the edges of every declared
 *       domain (settings and axes) work, and undeclared or out-of-domain values are refused
 *       with calibrisk's one-line message, parsed by the same {@link ValueType}s;</li>
 *   <li>{@link CalibrationEstimator#memoryNeed} is non-negative and non-decreasing in the
 *       training and query sizes up to 10⁸ (what a fold holds and a thread's work on it
 *       together), and {@link CalibrationEstimator#memoryAdvice} answers for any room, never
 *       null;</li>
 *   <li>{@link CalibrationEstimator#timeNeed}, where given, does not decrease as the training
 *       fold, the number of folds of the same samples or the grid grow, nor grow with more threads, and its account holds no
 *       class name;</li>
 *   <li>names follow {@link PluginNames}, and no text shown to users holds a Java class name.</li>
 * </ul>
 * Every failure names the check, the notion, the component, the hyperparameters and the
 * dataset (its size, classes, row style and seed), so that it can be reproduced.
 *
 * <p>Override {@link #settings(Notion)} to run the checks under other settings (e.g. another
 * mode), {@link #examples()} and {@link #maxSamples()} to trade thoroughness for time, and
 * {@link #tolerance()} if the bilinear form is computed in a numerically different way from h.
 * Kernels named by kernel settings are found among the plugins on the test class path
 * ({@link ClassPathPlugins}) unless {@link #densityKernels()} or
 * {@link #positiveDefiniteKernels()} say otherwise.
 */
public abstract class EstimatorConformance {
    /** Training folds of 2 and 3 samples, the smallest the pipeline hands an estimator. */
    private static final int[] TINY_FOLDS = {2, 3};
    /** Pairs of h compared across thread counts, per grid point. */
    private static final int FINGERPRINT_PAIRS = 16;
    /** Grid points compared across thread counts: the first, the last and some between. */
    private static final int FINGERPRINT_POINTS = 5;
    private static final int[] MEMORY_SIZES = {2, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    /** @return the estimator under test */
    protected abstract EstimatorProvider provider();

    /**
     * The settings the checks run with, as a user gives them ({@code --set}), without the
     * estimator's prefix; defaults fill the rest.
     *
     * @param notion the notion
     * @return setting name → value as text; none by default
     */
    protected Map<String, String> settings(Notion notion) {
        return Map.of();
    }

    /** @return the density kernels a setting may name: by default those on the test class path */
    protected List<DensityKernel> densityKernels() {
        return ClassPathPlugins.discover().densityKernels();
    }

    /** @return the positive-definite kernels a setting may name: by default those on the test class path */
    protected List<PositiveDefiniteKernel> positiveDefiniteKernels() {
        return ClassPathPlugins.discover().positiveDefiniteKernels();
    }

    /** @return how many datasets each property draws; 8 by default */
    protected int examples() {
        return 8;
    }

    /** @return the largest dataset drawn (training and evaluation together); 40 by default */
    protected int maxSamples() {
        return 40;
    }

    /** @return the size of the dataset of the thread-count check, large enough that estimators split work; 400 by default */
    protected int parallelSamples() {
        return 400;
    }

    /**
     * @return the relative tolerance of symmetry and of the bilinear form against h (relative to
     *     the largest |h| on the evaluation set), and of the two risks (relative to the risk and
     *     to what that tolerance on h moves it, plus the formula's rounding, see
     *     {@link RiskIdentities.Risk}); 1e−9 by default, as docs/method.md asks (identity 1)
     */
    protected double tolerance() {
        return 1e-9;
    }

    // ---------------------------------------------------------------------------------------
    // The checks

    /** Names, descriptions, notions and search spaces are well formed. */
    @Test
    public void describesItself() {
        EstimatorProvider provider = provider();
        String name = provider.name();
        UserTexts.assertName("estimator", name);
        UserTexts.assertDescription("estimator " + name + " description", provider.description());
        if (provider.notions() == null || provider.notions().isEmpty()) {
            throw new AssertionError(name + " serves no notion");
        }
        for (Notion notion : provider.notions()) {
            SearchSpace space = provider.defaultSearchSpace(notion);
            if (space == null) {
                throw new AssertionError(name + ": defaultSearchSpace(" + notion + ") is null; use SearchSpace.none()");
            }
            for (Axis axis : space.axes()) {
                UserTexts.assertFreeName(name + " axis", axis.name());
                for (double v : axis.values()) {
                    if (!axis.domain().contains(v)) {
                        throw new AssertionError(name + " on " + notion + ": default value " + v + " of axis "
                                + axis.name() + " lies outside its domain, " + axis.domain().describe());
                    }
                }
            }
            Set<String> names = new HashSet<>();
            for (Setting setting : provider.settings(notion)) {
                if (!names.add(setting.name())) {
                    throw new AssertionError(name + " on " + notion + " declares the setting " + setting.name() + " twice");
                }
                UserTexts.assertDescription(name + "." + setting.name() + " description", setting.description());
            }
        }
    }

    /** h(z, z') = h(z', z) on every pair of the evaluation set, at every grid point. */
    @Test
    public void functionIsSymmetric() {
        forEveryFit((c, point, h) -> {
            Points z = c.evaluation().points();
            double scale = largestValue(h, z);
            for (int i = 0; i < z.size(); i++) {
                for (int j = i + 1; j < z.size(); j++) {
                    double a = h.value(z.row(i), z.row(j));
                    double b = h.value(z.row(j), z.row(i));
                    if (!(Math.abs(a - b) <= tolerance() * scale)) {
                        throw new AssertionError("h is not symmetric at " + point + ": h(z_" + i + ", z_" + j + ") = " + a
                                + " but h(z_" + j + ", z_" + i + ") = " + b + " (z_" + i + " = " + Arrays.toString(z.row(i))
                                + ", z_" + j + " = " + Arrays.toString(z.row(j)) + "), " + c);
                    }
                }
            }
        });
    }

    /** φ(z)ᵀ M φ(z') = h(z, z') on every pair of the evaluation set, when h has a bilinear form. */
    @Test
    public void bilinearFormEqualsFunction() {
        forEveryFit((c, point, h) -> {
            Optional<BilinearForm> form = h.bilinearForm();
            if (form.isEmpty()) {
                return;
            }
            Points z = c.evaluation().points();
            FeatureMatrix phi = features(form.get(), z, c, point);
            double scale = largestValue(h, z);
            for (int i = 0; i < z.size(); i++) {
                for (int j = 0; j < z.size(); j++) {
                    double viaForm = form.get().apply(row(phi, i), row(phi, j));
                    double direct = h.value(z.row(i), z.row(j));
                    if (!(Math.abs(viaForm - direct) <= tolerance() * scale)) {
                        throw new AssertionError("the bilinear form differs from h at " + point + ": φ(z_" + i + ")ᵀMφ(z_"
                                + j + ") = " + viaForm + " but h(z_" + i + ", z_" + j + ") = " + direct + " (z_" + i + " = "
                                + Arrays.toString(z.row(i)) + ", z_" + j + " = " + Arrays.toString(z.row(j)) + "), " + c);
                    }
                }
            }
        });
    }

    /** The risk by the bilinear formula equals the plain U-statistic, when h has a bilinear form. */
    @Test
    public void bilinearRiskEqualsPairwiseRisk() {
        forEveryFit((c, point, h) -> {
            Optional<BilinearForm> form = h.bilinearForm();
            if (form.isEmpty()) {
                return;
            }
            RiskIdentities.Risk pairwise = RiskIdentities.pairwise(h, c.evaluation());
            RiskIdentities.Risk bilinear = RiskIdentities.bilinear(form.get(), c.evaluation());
            // what the pointwise tolerance on h allows, plus rounding in the formula's sums
            double allowed = tolerance() * (Math.max(Math.abs(pairwise.risk()), Math.abs(bilinear.risk())) + pairwise.scale())
                    + 1e-12 * bilinear.scale();
            if (!(Math.abs(pairwise.risk() - bilinear.risk()) <= allowed)) {
                throw new AssertionError("the risk by the bilinear formula, " + bilinear.risk()
                        + ", differs from the plain U-statistic, " + pairwise.risk() + ", by more than " + allowed
                        + " at " + point + ", " + c);
            }
        });
    }

    /**
     * Results are bit-identical with one thread and with a pool, on a fold large enough to be
     * split; and they do not depend on what the run cache holds (a fold prepared after another
     * fold on the same cache, or prepared twice) nor on a {@link PreparedTraining#plan} call.
     */
    @Test
    public void resultsDoNotDependOnThreadsOrCache() {
        try (ThreadPool pool = new ThreadPool(4)) {
            Gen<Generators.Dataset> data = Generators.datasets(parallelSamples(), parallelSamples(), 2, 4);
            Seeds.qt(2).forAll(data).checkAssert(dataset -> {
                for (Case c : cases(dataset, 0.6)) {
                    List<Hyperparameters> grid = spread(grid(c), FINGERPRINT_POINTS);
                    List<double[]> sequential = fingerprints(prepare(c, Parallelism.sequential(), new MapRunCache()), c, grid);
                    compare("a pool of " + pool.threads() + " threads", sequential,
                            fingerprints(prepare(c, pool, new MapRunCache()), c, grid), c, grid);

                    MapRunCache shared = new MapRunCache();
                    Case other = c.otherFold();
                    prepare(other, pool, shared);
                    compare("a run cache that already holds fold " + other.fold() + " (keys " + shared.keys() + ")",
                            sequential, fingerprints(prepare(c, pool, shared), c, grid), c, grid);
                    compare("the second preparation of the fold on one run cache (keys " + shared.keys() + ")",
                            sequential, fingerprints(prepare(c, pool, shared), c, grid), c, grid);

                    PreparedTraining planned = prepare(c, pool, new MapRunCache());
                    List<Hyperparameters> reversed = new ArrayList<>(grid);
                    java.util.Collections.reverse(reversed);
                    attempt("plan " + reversed, c, () -> {
                        planned.plan(reversed);
                        return null;
                    });
                    compare("plan(...) of the grid in reverse before fitting", sequential,
                            fingerprints(planned, c, grid), c, grid);
                }
            });
        }
    }

    /**
     * A training fold that carries its {@link TrainingFold#partition()} gives the results it
     * gives without one, up to rounding: an estimator may share work between folds through
     * it, not change what it computes. The case's training points are dealt to two other folds
     * in turn, and its evaluation points are the test split, where sharing estimators (kde)
     * combine the folds' shares.
     */
    @Test
    public void aPartitionChangesNothingButRounding() {
        Gen<Generators.Dataset> data = Generators.datasets(parallelSamples(), parallelSamples(), 2, 4);
        Seeds.qt(2).forAll(data).checkAssert(dataset -> {
            for (Case c : cases(dataset, 0.6)) {
                List<Hyperparameters> grid = spread(grid(c), FINGERPRINT_POINTS);
                int folds = 3;
                int[] foldOf = new int[c.training().size()];
                for (int i = 0; i < foldOf.length; i++) {
                    foldOf[i] = (c.fold() + 1 + i % 2) % folds;
                }
                TrainingFold.Partition partition = new TrainingFold.Partition(folds, foldOf, c.evaluation().points());
                List<double[]> alone = fingerprints(prepare(c, Parallelism.sequential(), new MapRunCache(), null), c, grid);
                List<double[]> parted = fingerprints(prepare(c, Parallelism.sequential(), new MapRunCache(), partition),
                        c, grid);
                for (int p = 0; p < alone.size(); p++) {
                    double[] e = alone.get(p);
                    double[] a = parted.get(p);
                    if (e.length != a.length) {
                        throw new AssertionError("with a partition the results at " + grid.get(p) + " have " + a.length
                                + " outputs instead of " + e.length + ", " + c);
                    }
                    for (int k = 0; k < e.length; k++) {
                        if (!(Math.abs(e[k] - a[k]) <= 1e-9 * (1 + Math.abs(e[k])))) {
                            throw new AssertionError("with a partition, output " + k + " at " + grid.get(p)
                                    + " (h on the diagonal and neighbours, then features, curve, diagnostics) is " + a[k]
                                    + " instead of " + e[k] + ", " + c);
                        }
                    }
                }
            }
        });
    }

    /**
     * Values, features, calibration curves and diagnostics are finite on awkward data: training
     * folds of 2 and 3 samples of one-hot rows, exact zeros, ties and near-degenerate rows, and
     * queries at exact 0 and 1 and at the simplex's vertices.
     */
    @Test
    public void finiteOnAwkwardInputs() {
        Gen<RowStyle> awkward = Generate.pick(List.of(RowStyle.ONE_HOT, RowStyle.EXACT_ZEROS, RowStyle.TIES,
                RowStyle.NEAR_DEGENERATE, RowStyle.MIXED));
        Seeds.qt(examples() * 2).forAll(Generators.datasets(5, 14, 2, 4, awkward)).checkAssert(dataset -> {
            int tiny = TINY_FOLDS[(int) Math.floorMod(dataset.seed(), (long) TINY_FOLDS.length)];
            for (Case c : cases(dataset, tiny / (double) dataset.samples().size())) {
                Points queries = awkwardQueries(c);
                PreparedTraining prepared = prepare(c, Parallelism.sequential(), new MapRunCache());
                for (Hyperparameters point : grid(c)) {
                    CalibrationFunction h = fit(prepared, point, c);
                    checkFinite(h, queries, point, c);
                    checkFinite(h, c.training().points(), point, c);
                }
            }
        });
    }

    /**
     * Every declared default resolves; values at the edges of every declared domain, every
     * choice and every kernel that serves the notion work; out-of-domain values and undeclared
     * names are refused with the message {@code "<estimator>.<setting> = <value>: ..."}.
     */
    @Test
    public void settingsAreTypedAndChecked() {
        EstimatorProvider provider = provider();
        Generators.Dataset dataset = Generators.dataset(16, 3, RowStyle.SPREAD, Seeds.seed());
        for (Notion notion : provider.notions()) {
            Case base = cases(dataset, 0.6).stream().filter(c -> c.notion() == notion).findFirst().orElseThrow();
            for (Setting setting : provider.settings(notion)) {
                String parameter = provider.name() + "." + setting.name();
                for (String inside : DomainSamples.inside(setting.type(), kernelNames(setting.type(), notion, true))) {
                    Map<String, String> values = new LinkedHashMap<>(settings(notion));
                    values.put(setting.name(), inside);
                    Case c = base.withSettings(values);
                    PreparedTraining prepared = prepare(c, Parallelism.sequential(), new MapRunCache());
                    checkFinite(fit(prepared, grid(c).get(0), c), c.evaluation().points(), grid(c).get(0), c);
                }
                for (String outside : DomainSamples.outside(setting.type(), kernelNames(setting.type(), notion, false))) {
                    refused(parameter, outside, () -> context(notion, 3, Map.of(setting.name(), outside),
                            Parallelism.sequential(), new MapRunCache()));
                }
            }
            refused(provider.name() + ".no-such-setting", "1", () -> context(notion, 3,
                    Map.of("no-such-setting", "1"), Parallelism.sequential(), new MapRunCache()));
            for (Axis axis : provider.defaultSearchSpace(notion).axes()) {
                SearchSpace space = provider.defaultSearchSpace(notion);
                for (String inside : DomainSamples.inside(axis.domain(), List.of())) {
                    SearchSpace edge = space.withValues(axis.name(), Double.parseDouble(inside));
                    Hyperparameters point = edge.points(base.training().size()).get(0);
                    PreparedTraining prepared = prepare(base, Parallelism.sequential(), new MapRunCache());
                    checkFinite(fit(prepared, point, base), base.evaluation().points(), point, base);
                }
                for (String outside : DomainSamples.outside(axis.domain(), List.of())) {
                    double value;
                    try {
                        value = Double.parseDouble(outside);
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    refused(axis.name(), outside, () -> space.withValues(axis.name(), value));
                }
            }
        }
    }

    /**
     * memoryNeed is non-negative and does not decrease as the training set or the query set
     * grows, for every notion, from 2 to 10⁸ samples (what a fold holds and a thread's work on
     * it together), and its advice, and memoryAdvice's for one and two folds in a room of 1 byte,
     * half the need and the need, holds no class name and is never null.
     */
    @Test
    public void memoryNeedIsSane() {
        EstimatorProvider provider = provider();
        for (Notion notion : provider.notions()) {
            for (int classes : new int[] {2, 10, 100}) {
                CalibrationEstimator estimator = provider.create(context(notion, classes, settings(notion),
                        Parallelism.sequential(), new MapRunCache()));
                int m = notion.dimension(classes);
                long previous = -1;
                for (int n : MEMORY_SIZES) {
                    long bytes = memory(estimator, n, Math.max(1, n / 4), m, notion, classes);
                    if (bytes < previous) {
                        throw new AssertionError(provider.name() + " on " + notion + ", d = " + classes
                                + ": memoryNeed falls from " + previous + " to " + bytes + " bytes as the training set grows to " + n);
                    }
                    previous = bytes;
                }
                previous = -1;
                for (int q : MEMORY_SIZES) {
                    long bytes = memory(estimator, 1000, q, m, notion, classes);
                    if (bytes < previous) {
                        throw new AssertionError(provider.name() + " on " + notion + ", d = " + classes
                                + ": memoryNeed falls from " + previous + " to " + bytes + " bytes as the query set grows to " + q);
                    }
                    previous = bytes;
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // The data

    /**
     * One training fold and one evaluation set of one component of one notion, with the dataset
     * they come from.
     *
     * @param dataset    the dataset
     * @param notion     the notion
     * @param component  the component (0, or the class for class-wise)
     * @param fold       the fold's number, for {@link TrainingFold.Id}
     * @param trainingSize the number of leading samples that train
     * @param training   the training fold
     * @param evaluation the evaluation set
     * @param settings   the settings as text
     */
    protected record Case(Generators.Dataset dataset, Notion notion, int component, int fold, int trainingSize,
                          CalibrationSet training, CalibrationSet evaluation, Map<String, String> settings) {

        /** @return the same data with the roles rotated: another fold of the same run */
        Case otherFold() {
            CalibrationSet all = dataset.samples().components(notion).get(component);
            int n = all.size();
            int[] rows = new int[n - trainingSize];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = trainingSize + i;
            }
            int[] rest = new int[trainingSize];
            for (int i = 0; i < rest.length; i++) {
                rest[i] = i;
            }
            return new Case(dataset, notion, component, fold + 1, rows.length, all.select(rows), all.select(rest), settings);
        }

        Case withSettings(Map<String, String> values) {
            return new Case(dataset, notion, component, fold, trainingSize, training, evaluation, Map.copyOf(values));
        }

        @Override
        public String toString() {
            return "on " + dataset + ", notion " + notion + ", component " + component + ", training samples 0.."
                    + (trainingSize - 1) + ", evaluation samples " + trainingSize + ".." + (dataset.samples().size() - 1)
                    + (settings.isEmpty() ? "" : ", settings " + settings)
                    + " (reproduce with Generators.dataset(" + dataset.samples().size() + ", " + dataset.samples().classes()
                    + ", RowStyle." + dataset.style() + ", " + dataset.seed() + "L))";
        }
    }

    /** A check of one fitted function. */
    @FunctionalInterface
    protected interface FitCheck {
        /**
         * @param c     the data
         * @param point the grid point
         * @param h     the function fitted there
         */
        void check(Case c, Hyperparameters point, CalibrationFunction h);
    }

    /**
     * Runs a check on every grid point of every case of {@link #examples()} datasets of 5 to
     * {@link #maxSamples()} samples and 2 to 4 classes.
     *
     * @param check the check
     */
    protected void forEveryFit(FitCheck check) {
        Seeds.qt(examples()).forAll(Generators.datasets(5, Math.max(5, maxSamples()), 2, 4)).checkAssert(dataset -> {
            for (Case c : cases(dataset, 0.6)) {
                PreparedTraining prepared = prepare(c, Parallelism.sequential(), new MapRunCache());
                for (Hyperparameters point : grid(c)) {
                    CalibrationFunction h = fit(prepared, point, c);
                    try {
                        check.check(c, point, h);
                    } catch (RuntimeException e) {
                        throw new AssertionError("the estimator threw " + e + " at " + point + ", " + c, e);
                    }
                }
            }
        });
    }

    /**
     * The cases of a dataset: for every notion served, its component 0 (and, for class-wise, its
     * last component too), the first part training and the rest evaluating.
     *
     * @param dataset  the dataset
     * @param fraction the share of samples that train (at least 2 samples train and 2 evaluate)
     * @return the cases
     */
    protected List<Case> cases(Generators.Dataset dataset, double fraction) {
        int n = dataset.samples().size();
        int training = Math.max(2, Math.min(n - 2, (int) Math.round(fraction * n)));
        int[] trainingRows = new int[training];
        int[] evaluationRows = new int[n - training];
        for (int i = 0; i < n; i++) {
            if (i < training) {
                trainingRows[i] = i;
            } else {
                evaluationRows[i - training] = i;
            }
        }
        List<Case> out = new ArrayList<>();
        for (Notion notion : Notion.values()) {
            if (!provider().notions().contains(notion)) {
                continue;
            }
            List<CalibrationSet> components = dataset.samples().components(notion);
            Set<Integer> chosen = new java.util.TreeSet<>(List.of(0, components.size() - 1));
            for (int component : chosen) {
                CalibrationSet all = components.get(component);
                out.add(new Case(dataset, notion, component, 0, training, all.select(trainingRows),
                        all.select(evaluationRows), settings(notion)));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------
    // Running the estimator

    private EstimatorContext context(Notion notion, int classes, Map<String, String> values, Parallelism pool,
                                     RunCache cache) {
        return ContextBuilder.of(provider(), notion, classes).settings(values)
                .kernels(densityKernels(), positiveDefiniteKernels()).parallelism(pool).cache(cache).build();
    }

    /**
     * @param c     the data
     * @param pool  the thread pool
     * @param cache the run cache
     * @return the estimator's preparation of the case's training fold, announcing the grid
     */
    protected PreparedTraining prepare(Case c, Parallelism pool, RunCache cache) {
        return prepare(c, pool, cache, null);
    }

    private PreparedTraining prepare(Case c, Parallelism pool, RunCache cache, TrainingFold.Partition partition) {
        EstimatorContext context = attempt("resolving the settings", c,
                () -> context(c.notion(), c.dataset().samples().classes(), c.settings(), pool, cache));
        CalibrationEstimator estimator = attempt("create", c, () -> provider().create(context));
        TrainingFold fold = new TrainingFold(new TrainingFold.Id(c.fold(), c.component()), c.training(), grid(c),
                partition);
        return attempt("prepare", c, () -> estimator.prepare(fold));
    }

    /**
     * @param c the data
     * @return the default search space's points for the case's training size
     */
    protected List<Hyperparameters> grid(Case c) {
        return provider().defaultSearchSpace(c.notion()).points(c.training().size());
    }

    private static CalibrationFunction fit(PreparedTraining prepared, Hyperparameters point, Case c) {
        CalibrationFunction h = attempt("fit at " + point, c, () -> prepared.fit(point));
        if (h == null) {
            throw new AssertionError("fit returned null at " + point + ", " + c);
        }
        if (h.dimension() != c.training().dimension()) {
            throw new AssertionError("the function's dimension is " + h.dimension() + " but the points' is "
                    + c.training().dimension() + ", at " + point + ", " + c);
        }
        return h;
    }

    private static <T> T attempt(String what, Case c, Supplier<T> action) {
        try {
            return action.get();
        } catch (InvalidSettingException e) {
            throw new AssertionError(what + " refused valid input: " + e.getMessage() + ", " + c, e);
        } catch (RuntimeException e) {
            throw new AssertionError(what + " threw " + e + ", " + c, e);
        }
    }

    /**
     * timeNeed, asked of a fresh estimator each time (an estimator may leave out what an earlier
     * one of its run computes), does not decrease as the training fold grows from 2 to 10⁸ samples,
     * nor as the same samples are cut into more folds or the grid grows, nor grow with more threads; its account holds no class
     * name. An estimator that says nothing passes.
     */
    @Test
    public void timeNeedIsSane() {
        EstimatorProvider provider = provider();
        for (Notion notion : provider.notions()) {
            for (int classes : new int[] {2, 10, 100}) {
                int m = notion.dimension(classes);
                int components = notion.componentCount(classes);
                double previous = -1;
                for (int n : MEMORY_SIZES) {
                    double seconds = time(notion, classes, new Workload(5, components, n, Math.max(1, n / 4), m, 18, 2));
                    if (seconds < previous) {
                        throw new AssertionError(provider.name() + " on " + notion + ", d = " + classes
                                + ": timeNeed falls from " + previous + " to " + seconds + " s as the training set grows to " + n);
                    }
                    previous = Math.max(previous, seconds);
                }
                double base = time(notion, classes, new Workload(5, components, 1000, 250, m, 18, 2));
                double[] larger = {
                    // the same 1250 samples in 10 folds: each trains on 1125
                    time(notion, classes, new Workload(10, components, 1125, 250, m, 18, 2)),
                    time(notion, classes, new Workload(5, components, 1000, 250, m, 36, 2)),
                    time(notion, classes, new Workload(5, components, 1000, 250, m, 18, 1)),
                };
                double fewer = time(notion, classes, new Workload(5, components, 1000, 250, m, 18, 8));
                String[] what = {"the same samples in 10 folds instead of 5", "36 grid points instead of 18", "1 thread instead of 2"};
                for (int i = 0; i < larger.length; i++) {
                    if (base >= 0 && larger[i] >= 0 && larger[i] < base) {
                        throw new AssertionError(provider.name() + " on " + notion + ", d = " + classes + ": timeNeed says "
                                + larger[i] + " s with " + what[i] + ", less than " + base + " s");
                    }
                }
                if (base >= 0 && fewer > base) {
                    throw new AssertionError(provider.name() + " on " + notion + ", d = " + classes + ": timeNeed says "
                            + fewer + " s on 8 threads, more than " + base + " s on 2");
                }
            }
        }
    }

    /**
     * timeNeed with the data, which is what the pipeline asks (a look at the run's largest
     * training fold), neither throws nor returns null on a fold of 800 mixed rows, and its
     * account holds no class name.
     */
    @Test
    public void timeNeedWithTheDataIsSane() {
        EstimatorProvider provider = provider();
        int classes = 10;
        Generators.Dataset data = Generators.dataset(1000, classes, Generators.RowStyle.MIXED, 3);
        int[] rows = new int[800];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        for (Notion notion : provider.notions()) {
            CalibrationSet sample = data.samples().components(notion).get(0).select(rows);
            Workload workload = new Workload(5, notion.componentCount(classes), rows.length, 200,
                    notion.dimension(classes), 18, 2);
            timeNeed(notion, classes, "timeNeed(" + workload + ", a fold of 800 samples)",
                    estimator -> estimator.timeNeed(workload, sample));
        }
    }

    /** @return the seconds a fresh estimator says for the workload, or −1 if it says nothing */
    private double time(Notion notion, int classes, Workload workload) {
        return timeNeed(notion, classes, "timeNeed(" + workload + ")", estimator -> estimator.timeNeed(workload))
                .map(TimeNeed::seconds).orElse(-1.0);
    }

    /**
     * @param call what {@code ask} calls, for the messages
     * @param ask  the question asked of a fresh estimator
     * @return its answer, which neither threw nor was null, and whose account holds no class name
     */
    private Optional<TimeNeed> timeNeed(Notion notion, int classes, String call,
                                        Function<CalibrationEstimator, Optional<TimeNeed>> ask) {
        CalibrationEstimator estimator = provider().create(context(notion, classes, settings(notion),
                Parallelism.sequential(), new MapRunCache()));
        Optional<TimeNeed> need;
        try {
            need = ask.apply(estimator);
        } catch (RuntimeException e) {
            throw new AssertionError(provider().name() + " on " + notion + ", d = " + classes + ": " + call
                    + " threw " + e, e);
        }
        if (need == null) {
            throw new AssertionError(provider().name() + ": " + call + " is null; use Optional.empty()");
        }
        need.ifPresent(t -> UserTexts.assertNoClassName(provider().name() + " time account", t.account()));
        return need;
    }

    private long memory(CalibrationEstimator estimator, int n, int q, int m, Notion notion, int classes) {
        MemoryNeed need;
        try {
            need = estimator.memoryNeed(n, q, m);
        } catch (RuntimeException e) {
            throw new AssertionError(provider().name() + " on " + notion + ", d = " + classes + ": memoryNeed(" + n + ", "
                    + q + ", " + m + ") threw " + e, e);
        }
        if (need == null) {
            throw new AssertionError(provider().name() + ": memoryNeed(" + n + ", " + q + ", " + m + ") is null; use MemoryNeed.NONE");
        }
        UserTexts.assertNoClassName(provider().name() + " memory advice", need.advice());
        long total = need.bytes() + need.threadBytes() < 0 ? Long.MAX_VALUE : need.bytes() + need.threadBytes();
        for (int folds = 1; folds <= 2; folds++) {
            for (long room : new long[] {1, Math.max(1, total / 2), Math.max(1, total)}) {
                String call = "memoryAdvice(" + n + ", " + q + ", " + m + ", " + folds + ", " + room + ")";
                String advice;
                try {
                    advice = estimator.memoryAdvice(n, q, m, folds, room);
                } catch (RuntimeException e) {
                    throw new AssertionError(provider().name() + " on " + notion + ", d = " + classes + ": " + call
                            + " threw " + e, e);
                }
                if (advice == null) {
                    throw new AssertionError(provider().name() + ": " + call + " is null; return \"\" where no setting "
                            + "fits");
                }
                UserTexts.assertNoClassName(provider().name() + " " + call, advice);
            }
        }
        return total;
    }

    // ---------------------------------------------------------------------------------------
    // Comparing and checking results

    /**
     * What an estimator computes at each grid point, in a fixed order: h on the diagonal and on
     * neighbouring pairs of the evaluation set, the features, the calibration curve and the
     * diagnostics.
     */
    private List<double[]> fingerprints(PreparedTraining prepared, Case c, List<Hyperparameters> grid) {
        Points z = c.evaluation().points();
        List<double[]> out = new ArrayList<>();
        for (Hyperparameters point : grid) {
            CalibrationFunction h = fit(prepared, point, c);
            List<Double> values = new ArrayList<>();
            // h one pair at a time may cost O(n) per call: a few pairs, and all features at once
            for (int i = 0; i < Math.min(z.size(), FINGERPRINT_PAIRS); i++) {
                values.add(h.value(z.row(i), z.row(i)));
                values.add(h.value(z.row(i), z.row((i + 1) % z.size())));
            }
            h.bilinearForm().ifPresent(form -> {
                for (double v : features(form, z, c, point).values()) {
                    values.add(v);
                }
            });
            h.calibrationCurve(z).ifPresent(curve -> {
                for (double v : curve.toArray()) {
                    values.add(v);
                }
            });
            new java.util.TreeMap<>(h.diagnostics()).values().forEach(values::add);
            values.add(h.instability().isPresent() ? 1.0 : 0.0);
            out.add(values.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return out;
    }

    private static List<Hyperparameters> spread(List<Hyperparameters> grid, int count) {
        if (grid.size() <= count) {
            return grid;
        }
        List<Hyperparameters> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(grid.get((int) Math.round(i * (grid.size() - 1) / (count - 1.0))));
        }
        return out;
    }

    private static void compare(String variant, List<double[]> expected, List<double[]> actual, Case c,
                                List<Hyperparameters> grid) {
        for (int p = 0; p < expected.size(); p++) {
            double[] e = expected.get(p);
            double[] a = actual.get(p);
            if (!Arrays.equals(e, a)) {
                int at = 0;
                while (at < Math.min(e.length, a.length) && Double.compare(e[at], a[at]) == 0) {
                    at++;
                }
                throw new AssertionError("results differ between one thread and " + variant + " at " + grid.get(p)
                        + ": output " + at + " (h on the diagonal and neighbours, then features, curve, diagnostics) is "
                        + (at < e.length ? e[at] : "absent") + " with one thread and " + (at < a.length ? a[at] : "absent")
                        + ", " + c);
            }
        }
    }

    private static void checkFinite(CalibrationFunction h, Points z, Hyperparameters point, Case c) {
        for (int i = 0; i < z.size(); i++) {
            for (int j = 0; j < z.size(); j++) {
                double[] a = z.row(i);
                double[] b = z.row(j);
                double v = attempt("h", c, () -> h.value(a, b));
                if (!Double.isFinite(v)) {
                    throw new AssertionError("h(" + Arrays.toString(a) + ", " + Arrays.toString(b) + ") = " + v
                            + " at " + point + ", " + c);
                }
            }
        }
        h.bilinearForm().ifPresent(form -> features(form, z, c, point));
        Optional<Points> curve = attempt("calibrationCurve", c, () -> h.calibrationCurve(z));
        if (curve.isPresent() && (curve.get().size() != z.size() || curve.get().dimension() != z.dimension())) {
            throw new AssertionError("the calibration curve is " + curve.get() + " for " + z + " at " + point + ", " + c);
        }
        for (Map.Entry<String, Double> d : h.diagnostics().entrySet()) {
            if (d.getValue() == null || !Double.isFinite(d.getValue())) {
                throw new AssertionError("diagnostic " + d.getKey() + " = " + d.getValue() + " at " + point + ", " + c);
            }
        }
        h.instability().ifPresent(reason -> UserTexts.assertNoClassName("the instability reason at " + point + ", " + c, reason));
    }

    private static FeatureMatrix features(BilinearForm form, Points z, Case c, Hyperparameters point) {
        FeatureMatrix phi = attempt("the feature map at " + point, c, () -> form.features(z));
        for (int i = 0; i < phi.rows(); i++) {
            for (int a = 0; a < phi.columns(); a++) {
                if (!Double.isFinite(phi.get(i, a))) {
                    throw new AssertionError("feature " + a + " of " + Arrays.toString(z.row(i)) + " is " + phi.get(i, a)
                            + " at " + point + ", " + c);
                }
            }
        }
        for (Map.Entry<String, Long> count : phi.counts().entrySet()) {
            if (count.getValue() == null || count.getValue() < 0) {
                throw new AssertionError("feature count " + count.getKey() + " = " + count.getValue() + " at " + point + ", " + c);
            }
        }
        return phi;
    }

    private static double largestValue(CalibrationFunction h, Points z) {
        double largest = Double.MIN_NORMAL;
        for (int i = 0; i < z.size(); i++) {
            for (int j = 0; j < z.size(); j++) {
                largest = Math.max(largest, Math.abs(h.value(z.row(i), z.row(j))));
            }
        }
        return largest;
    }

    private static double[] row(FeatureMatrix phi, int i) {
        return Arrays.copyOfRange(phi.values(), i * phi.columns(), (i + 1) * phi.columns());
    }

    /** Queries at the edges of the notion's domain, then the evaluation points. */
    private static Points awkwardQueries(Case c) {
        int m = c.training().dimension();
        List<double[]> rows = new ArrayList<>();
        if (m == 1) {
            for (double v : new double[] {0, 1, 0.5, Double.MIN_VALUE, 1 - 0x1p-53}) {
                rows.add(new double[] {v});
            }
        } else {
            for (int k = 0; k < m; k++) {
                double[] vertex = new double[m];
                vertex[k] = 1;
                rows.add(vertex);
            }
            double[] centre = new double[m];
            Arrays.fill(centre, 1.0 / m);
            rows.add(centre);
            double[] edge = new double[m];
            edge[0] = 0.5;
            edge[m - 1] = 0.5;
            rows.add(edge);
        }
        for (int i = 0; i < c.evaluation().size(); i++) {
            rows.add(c.evaluation().points().row(i));
        }
        return Points.ofRows(rows.toArray(new double[0][]));
    }

    private List<String> kernelNames(ValueType type, Notion notion, boolean serving) {
        if (!(type instanceof ValueType.KernelName)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        if (((ValueType.KernelName) type).kind() == ValueType.KernelName.Kind.DENSITY) {
            densityKernels().stream().filter(k -> k.domain().serves(notion) == serving).forEach(k -> names.add(k.name()));
        } else {
            positiveDefiniteKernels().stream().filter(k -> k.domain().serves(notion) == serving).forEach(k -> names.add(k.name()));
        }
        return names;
    }

    private static void refused(String parameter, String value, Runnable action) {
        try {
            action.run();
        } catch (InvalidSettingException e) {
            // calibrisk echoes numbers in its own spelling (NaN as nan), so compare ignoring case
            String expected = parameter + " = " + value + ": ";
            if (!e.getMessage().toLowerCase(java.util.Locale.ROOT).startsWith(expected.toLowerCase(java.util.Locale.ROOT))) {
                throw new AssertionError("refusing " + parameter + " = " + value + ", the message should start with \""
                        + expected + "\" but is \"" + e.getMessage() + "\"");
            }
            UserTexts.assertNoClassName("the refusal of " + parameter + " = " + value, e.getMessage());
            return;
        }
        throw new AssertionError(parameter + " = " + value + " lies outside the declared domain but was accepted");
    }
}
