package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.Dataset;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.DirectKde;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import io.calibrisk.testsupport.kernel.TruncatedLaplace;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.features;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.fit;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.prepare;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.rows;
import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;

class KdeEstimatorTest {
    private static final Gen<Notion> NOTIONS = Generate.enumValues(Notion.class);
    /** Rows where direct densities (no logs) stay representable at b ≥ 0.05. */
    private static final Gen<RowStyle> REPRESENTABLE = Generate.pick(List.of(RowStyle.SPREAD, RowStyle.CONFIDENT,
            RowStyle.EXACT_ZEROS, RowStyle.ONE_HOT, RowStyle.TIES, RowStyle.NEAR_UNIFORM, RowStyle.MIXED));
    /** Rows that break naive implementations. */
    private static final Gen<RowStyle> AWKWARD = Generate.pick(List.of(RowStyle.EXACT_ZEROS, RowStyle.ONE_HOT,
            RowStyle.NEAR_UNIFORM, RowStyle.NEAR_DEGENERATE, RowStyle.MIXED));

    /** Bandwidths log-uniform over the published grid's range. */
    private static Gen<Double> bandwidths() {
        return doubles().between(-5, 0).map(e -> Math.pow(10, e)).describedAs(b -> "b = " + b);
    }

    @Test
    void identity3MeanOverTheFittingSetIsThePlugInEstimate() {
        Seeds.qt(60).forAll(Generators.datasets(4, 30, 2, 4, REPRESENTABLE), NOTIONS, doubles().between(0.05, 1.0))
                .checkAssert((data, notion, b) -> {
                    for (CalibrationSet set : data.samples().components(notion)) {
                        CalibrationFunction h = fit(notion, data.samples().classes(), set, b);
                        double expected = DirectKde.plugInEstimate(rows(set.points()), rows(set.targets()), b,
                                notion == Notion.CANONICAL);
                        String what = "mean h(z_i, z_i) over the fitting set, " + notion + ", b = " + b;
                        assertClose(expected, estimate(h, set.points()), 1e-9, 1e-15, what);
                        assertClose(expected, ReferenceRisk.estimate(h, set.points()), 1e-9, 1e-15, what + ", pointwise");
                    }
                });
    }

    @Test
    void identity3HoldsAtEveryBandwidthAgainstTheLogSpaceReference() {
        Seeds.qt(60).forAll(Generators.datasets(4, 30, 2, 4), NOTIONS, bandwidths())
                .checkAssert((data, notion, b) -> {
                    for (CalibrationSet set : data.samples().components(notion)) {
                        CalibrationFunction h = fit(notion, data.samples().classes(), set, b);
                        double[][] z = rows(set.points());
                        double[][] t = rows(set.targets());
                        double expected = 0;
                        for (double[] zi : z) {
                            for (double c : LogSpaceKde.residual(z, t, zi,
                                    KdeFixture.logKernel(notion == Notion.CANONICAL, b))) {
                                expected += c * c;
                            }
                        }
                        assertClose(expected / z.length, estimate(h, set.points()), 1e-9, 1e-15,
                                "plug-in estimate, " + notion + ", b = " + b);
                    }
                });
    }

    @Test
    void bilinearRiskEqualsPairwiseRisk() {
        Seeds.qt(60).forAll(Generators.datasets(6, 40, 2, 4), NOTIONS, bandwidths()).checkAssert((data, notion, b) -> {
            int n = data.samples().size();
            for (CalibrationSet set : data.samples().components(notion)) {
                CalibrationSet training = set.select(range(0, n / 2));
                CalibrationSet evaluation = set.select(range(n / 2, n));
                CalibrationFunction h = fit(notion, data.samples().classes(), training, b);
                assertClose(ReferenceRisk.pairwise(h, evaluation), ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(),
                        evaluation), 1e-9, 1e-15, "risk of " + notion + " kde, b = " + b);
            }
        });
    }

    @Test
    void awkwardInputsNeverGiveNaNOrInfinityAndFallbacksAreCounted() {
        Seeds.qt(150).forAll(Generators.datasets(4, 40, 2, 6, AWKWARD), NOTIONS, bandwidths())
                .checkAssert((data, notion, b) -> {
                    int n = data.samples().size();
                    for (CalibrationSet set : data.samples().components(notion)) {
                        CalibrationSet training = set.select(range(0, n / 2));
                        CalibrationSet queries = set.select(range(n / 2, n));
                        CalibrationFunction h = fit(notion, data.samples().classes(), training, b);
                        FeatureMatrix phi = features(h, queries.points());
                        for (double v : phi.values()) {
                            assertTrue(Double.isFinite(v), "feature " + v);
                        }
                        assertTrue(Double.isFinite(ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(), queries)));
                        assertTrue(Double.isFinite(estimate(h, training.points())));
                        long expected = 0;
                        double[][] centres = rows(training.points());
                        for (double[] x : rows(queries.points())) {
                            if (LogSpaceKde.fallsBack(centres, x, KdeFixture.logKernel(notion == Notion.CANONICAL, b))) {
                                expected++;
                            }
                        }
                        assertEquals(expected, phi.counts().get("fallbacks"), "fallbacks");
                    }
                });
    }

    @Test
    void agreesWithDirectDensitiesWithoutLogs() {
        Seeds.qt(60).forAll(Generators.datasets(6, 40, 2, 5, REPRESENTABLE), NOTIONS, doubles().between(0.05, 1.0))
                .checkAssert((data, notion, b) -> {
                    int n = data.samples().size();
                    boolean canonical = notion == Notion.CANONICAL;
                    for (CalibrationSet set : data.samples().components(notion)) {
                        CalibrationSet training = set.select(range(0, n / 2));
                        Points queries = set.select(range(n / 2, n)).points();
                        FeatureMatrix phi = features(fit(notion, data.samples().classes(), training, b), queries);
                        for (int i = 0; i < queries.size(); i++) {
                            double[] expected = DirectKde.residual(rows(training.points()), rows(training.targets()),
                                    queries.row(i), b, canonical);
                            for (int k = 0; k < expected.length; k++) {
                                assertClose(expected[k], phi.get(i, k), 1e-10, 1e-13,
                                        "c(x)_" + k + " at query " + i + ", " + notion + ", b = " + b);
                            }
                        }
                    }
                });
    }

    @Test
    void manyBlocksDuplicatesAndZerosAgreeWithThePlainLogSpaceSum() {
        // more than one block of centres (so running maxima are rescaled), repeated rows (merged
        // centres and queries) and exact zeros (killed kernels); with d = 10, canonical statistics
        // are added to S four coordinates at a time (two groups) and then one at a time, and a
        // group of four may hold zero statistics beside non-zero ones
        for (int d : new int[] {3, 10}) {
            for (Notion notion : List.of(Notion.CANONICAL, Notion.TOP_LABEL)) {
                manyBlocksDuplicatesAndZeros(notion, d);
            }
        }
    }

    private static void manyBlocksDuplicatesAndZeros(Notion notion, int d) {
        SplittableRandom random = new SplittableRandom(Seeds.seed());
        int n = 900;
        double[] values = new double[n * d];
        int[] labels = new int[n];
        RowStyle[] styles = {RowStyle.SPREAD, RowStyle.CONFIDENT, RowStyle.EXACT_ZEROS, RowStyle.ONE_HOT};
        for (int i = 0; i < n; i++) {
            double[] row = i >= 100 && i % 7 == 0 ? Arrays.copyOfRange(values, (i - 100) * d, (i - 99) * d)
                    : Generators.row(random, d, styles[random.nextInt(styles.length)]);
            System.arraycopy(row, 0, values, i * d, d);
            labels[i] = random.nextInt(d);
        }
        CalibrationSet set = new Samples(d, values, labels).component(notion);
        CalibrationSet training = set.select(range(0, 700));
        Points queries = set.select(range(600, n)).points();
        PreparedTraining prepared = prepare(KdeFixture.estimator(notion, d, Parallelism.sequential()), training);
        for (double b : new double[] {1e-5, 1e-3, 0.05179474679231207, 0.6}) {
            FeatureMatrix phi = features(prepared.fit(bandwidth(b)), queries);
            for (int i = 0; i < queries.size(); i++) {
                double[] expected = LogSpaceKde.residual(rows(training.points()), rows(training.targets()),
                        queries.row(i), KdeFixture.logKernel(notion == Notion.CANONICAL, b));
                for (int k = 0; k < expected.length; k++) {
                    assertClose(expected[k], phi.get(i, k), 1e-12, 1e-14,
                            notion + ", d = " + d + ", query " + i + ", b = " + b);
                }
            }
        }
    }

    /**
     * Invariance holds up to rounding only: a permutation reorders the sum over classes in
     * {@code Σ_k (z_k/b) log x_k}, whose rounding (about 1e−16·|S|/b) the weights inherit.
     */
    @Test
    void canonicalResultsAreInvariantUnderAPermutationOfClasses() {
        int[] permutation = {2, 0, 3, 1};
        Seeds.qt(40).forAll(Generators.datasets(10, 40, 4, 4), bandwidths()).checkAssert((data, b) -> {
            Samples permuted = permute(data.samples(), permutation);
            int n = data.samples().size();
            CalibrationSet set = data.samples().component(Notion.CANONICAL);
            CalibrationSet other = permuted.component(Notion.CANONICAL);
            CalibrationFunction h = fit(Notion.CANONICAL, 4, set.select(range(0, n / 2)), b);
            CalibrationFunction g = fit(Notion.CANONICAL, 4, other.select(range(0, n / 2)), b);
            CalibrationSet evaluation = set.select(range(n / 2, n));
            CalibrationSet permutedEvaluation = other.select(range(n / 2, n));
            FeatureMatrix phi = features(h, evaluation.points());
            FeatureMatrix psi = features(g, permutedEvaluation.points());
            for (int i = 0; i < phi.rows(); i++) {
                for (int k = 0; k < 4; k++) {
                    assertClose(phi.get(i, k), psi.get(i, permutation[k]), 1e-8, 1e-12, "c(x)_" + k);
                }
            }
            assertClose(ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(), evaluation),
                    ReferenceRisk.bilinear(g.bilinearForm().orElseThrow(), permutedEvaluation), 1e-8, 1e-14, "risk");
            assertClose(estimate(h, evaluation.points()), estimate(g, permutedEvaluation.points()), 1e-8, 1e-14,
                    "estimate");
        });
    }

    @Test
    void resultsAreBitIdenticalForAnyThreadCountAndAnyBatch() {
        Dataset data = Generators.dataset(1500, 5, RowStyle.MIXED, Seeds.seed());
        CalibrationSet set = data.samples().component(Notion.CANONICAL);
        CalibrationSet training = set.select(range(0, 1000));
        Points queries = set.select(range(1000, 1500)).points();
        double[] grid = Bandwidths.defaults();
        double[][] reference = null;
        try (ThreadPool one = new ThreadPool(1); ThreadPool three = new ThreadPool(3)) {
            for (Parallelism parallelism : List.of(Parallelism.sequential(), one, three)) {
                PreparedTraining prepared = prepare(KdeFixture.estimator(Notion.CANONICAL, 5, parallelism), training);
                double[][] values = new double[grid.length][];
                for (int b = 0; b < grid.length; b++) {
                    values[b] = features(prepared.fit(bandwidth(grid[b])), queries).values();
                }
                if (reference == null) {
                    reference = values;
                } else {
                    for (int b = 0; b < grid.length; b++) {
                        assertArrayEquals(reference[b], values[b], "bandwidth " + grid[b] + " with "
                                + parallelism.threads() + " threads");
                    }
                }
            }
        }
        // one query at a time, each bandwidth alone, out of order: still the same bits
        KdeTraining alone = (KdeTraining) prepare(KdeFixture.estimator(Notion.CANONICAL, 5, Parallelism.sequential()),
                training);
        for (int b = grid.length - 1; b >= 0; b -= 3) {
            for (int i = 0; i < queries.size(); i += 37) {
                assertArrayEquals(Arrays.copyOfRange(reference[b], i * 5, i * 5 + 5),
                        alone.residual(queries.row(i), grid[b]), "query " + i + " at " + grid[b]);
            }
        }
    }

    @Test
    void aQueryWithoutKernelMassFallsBackToTheTrainingMean() {
        double[][] z = {{0.2, 0.3, 0.5}, {0.6, 0.2, 0.2}, {0.1, 0.1, 0.8}};
        double[][] t = {{1, 0, 0}, {1, 0, 0}, {0, 0, 1}};
        CalibrationFunction h = fit(Notion.CANONICAL, 3, KdeFixture.set(z, t), 0.1);
        FeatureMatrix phi = features(h, Points.ofRows(new double[][] {{1, 0, 0}, {0.3, 0.3, 0.4}}));
        assertArrayEquals(new double[] {1 - 2.0 / 3, 0, -1.0 / 3}, Arrays.copyOfRange(phi.values(), 0, 3), 1e-15);
        assertEquals(1L, phi.counts().get("fallbacks"));

        double[][] scalar = {{0.5}, {0.9}, {1.0}};
        double[][] correct = {{0}, {0}, {1}};
        FeatureMatrix top = features(fit(Notion.TOP_LABEL, 3, KdeFixture.set(scalar, correct), 0.1),
                Points.ofRows(new double[][] {{1.0}}));
        assertEquals(0.0, top.get(0, 0), "only the centre at exactly 1 has mass at 1: t̂(1) = 1");
        assertEquals(0L, top.counts().get("fallbacks"));
        FeatureMatrix none = features(fit(Notion.TOP_LABEL, 3, KdeFixture.set(new double[][] {{0.5}, {0.9}},
                new double[][] {{0}, {1}}), 1e-3), Points.ofRows(new double[][] {{1.0}, {0.0}}));
        assertArrayEquals(new double[] {0.5, -0.5}, none.values(), 1e-15);
        assertEquals(2L, none.counts().get("fallbacks"));
    }

    @Test
    void rejectsInvalidBandwidthsAndPoints() {
        double[][] z = {{0.2, 0.8}, {0.6, 0.4}};
        double[][] t = {{1, 0}, {0, 1}};
        CalibrationEstimator kde = KdeFixture.estimator(Notion.CANONICAL, 2, Parallelism.sequential());
        PreparedTraining prepared = prepare(kde, KdeFixture.set(z, t));
        for (double b : new double[] {0, -0.1, Double.NaN, Double.POSITIVE_INFINITY, 1e-300}) {
            assertThrows(InvalidSettingException.class, () -> prepared.fit(bandwidth(b)), "b = " + b);
        }
        assertEquals("dirichlet kernel bandwidth = 1.0e-300: must be a finite number ≥ 1.0e-100", assertThrows(
                InvalidSettingException.class, () -> prepared.fit(bandwidth(1e-300))).getMessage());
        assertEquals("kde.bandwidth = 0: must be a finite number > 0", assertThrows(
                InvalidSettingException.class, () -> prepared.fit(bandwidth(0))).getMessage());
        assertThrows(InvalidInputException.class,
                () -> prepare(kde, KdeFixture.set(new double[][] {{1.2, -0.2}, {0.5, 0.5}}, t)));
        CalibrationFunction h = prepared.fit(bandwidth(0.1));
        assertThrows(InvalidInputException.class, () -> features(h, Points.ofRows(new double[][] {{-0.1, 1.1}})));
        assertThrows(InvalidSettingException.class, () -> features(h, Points.ofRows(new double[][] {{0.5}})));
        assertThrows(InvalidSettingException.class,
                () -> prepare(KdeFixture.estimator(Notion.CANONICAL, 3, Parallelism.sequential()), KdeFixture.set(z, t)));
    }

    /** kde knows its kernels only through the SPI: another class with the same densities gives the same bits. */
    @Test
    void anyKernelWithTheSameExponentialFormGivesBitIdenticalFeatures() {
        Seeds.qt(20).forAll(Generators.datasets(6, 60, 2, 4), NOTIONS, bandwidths()).checkAssert((data, notion, b) -> {
            DensityKernel original = KdeFixture.defaultKernel(notion);
            DensityKernel renamed = new DensityKernel() {
                @Override
                public String name() {
                    return "my-" + original.name();
                }

                @Override
                public String description() {
                    return "a copy";
                }

                @Override
                public KernelDomain domain() {
                    return original.domain();
                }

                @Override
                public double logDensity(double[] centre, double[] x, double bandwidth) {
                    throw new AssertionError("the exponential form serves every pair");
                }

                @Override
                public Optional<ExponentialForm> exponentialForm() {
                    return original.exponentialForm();
                }
            };
            int d = data.samples().classes();
            for (CalibrationSet set : data.samples().components(notion)) {
                FeatureMatrix expected = halves(set, notion, d, original, b);
                FeatureMatrix actual = halves(set, notion, d, renamed, b);
                assertArrayEquals(expected.values(), actual.values(), notion + ", b = " + b);
                assertEquals(expected.counts(), actual.counts());
            }
        });
    }

    /**
     * Without an exponential form kde evaluates the kernel on every pair: the same regression,
     * equal to the exponential form's up to the rounding of the log weights, fallbacks included.
     */
    @Test
    void aKernelWithoutExponentialFormGivesTheSameRegressionPairByPair() {
        Seeds.qt(40).forAll(Generators.datasets(6, 60, 2, 4, AWKWARD), NOTIONS, bandwidths())
                .checkAssert((data, notion, b) -> {
                    DensityKernel kernel = KdeFixture.defaultKernel(notion);
                    int d = data.samples().classes();
                    for (CalibrationSet set : data.samples().components(notion)) {
                        FeatureMatrix exponential = halves(set, notion, d, kernel, b);
                        FeatureMatrix pairwise = halves(set, notion, d, KdeFixture.pairwiseOnly(kernel), b);
                        for (int i = 0; i < exponential.values().length; i++) {
                            assertClose(exponential.values()[i], pairwise.values()[i], 1e-9, 1e-12,
                                    "feature " + i + ", " + notion + ", b = " + b);
                        }
                        assertEquals(exponential.counts(), pairwise.counts(), "fallbacks");
                    }
                });
    }

    /** Every bandwidth of an announced grid, computed together in one batch, against the plain log-space sum. */
    @Test
    void aKernelWithoutExponentialFormFollowsThePlainLogSpaceRegression() {
        Seeds.qt(40).forAll(Generators.datasets(6, 60, 2, 5), Generate.pick(List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)),
                bandwidths()).checkAssert((data, notion, b) -> {
                    int n = data.samples().size();
                    double[] grid = {b, 0.5, 3 * b};
                    List<Hyperparameters> planned = new ArrayList<>();
                    for (double bandwidth : grid) {
                        planned.add(bandwidth(bandwidth));
                    }
                    for (CalibrationSet set : data.samples().components(notion)) {
                        CalibrationSet training = set.select(range(0, n / 2));
                        CalibrationSet evaluation = set.select(range(n / 2, n));
                        PreparedTraining prepared = KdeFixture.estimator(notion, data.samples().classes(),
                                KdeFixture.truncatedLaplace(), Parallelism.sequential())
                                .prepare(new TrainingFold(new TrainingFold.Id(0, 0), training, planned));
                        for (double bandwidth : grid) {
                            CalibrationFunction h = prepared.fit(bandwidth(bandwidth));
                            FeatureMatrix phi = features(h, evaluation.points());
                            LogSpaceKde.LogKernel laplace = (c, x) -> TruncatedLaplace.logDensity(c[0], x[0], bandwidth);
                            for (int i = 0; i < evaluation.size(); i++) {
                                double[] expected = LogSpaceKde.residual(rows(training.points()),
                                        rows(training.targets()), evaluation.points().row(i), laplace);
                                assertClose(expected[0], phi.get(i, 0), 1e-12, 1e-14,
                                        notion + " query " + i + ", b = " + bandwidth);
                            }
                            assertEquals(0L, phi.counts().get("fallbacks"), "the truncated Laplace kernel is positive");
                            assertClose(ReferenceRisk.pairwise(h, evaluation),
                                    ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(), evaluation), 1e-9, 1e-15,
                                    "risk");
                        }
                    }
                });
    }

    @Test
    void aFaultyKernelFailsWithAMessageThatNamesIt() {
        DensityKernel faulty = new DensityKernel() {
            @Override
            public String name() {
                return "faulty";
            }

            @Override
            public String description() {
                return "NaN beyond 0.5";
            }

            @Override
            public KernelDomain domain() {
                return KernelDomain.UNIT_INTERVAL;
            }

            @Override
            public double logDensity(double[] centre, double[] x, double bandwidth) {
                return x[0] > 0.5 ? Double.NaN : -Math.abs(x[0] - centre[0]);
            }
        };
        CalibrationFunction h = prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, faulty, Parallelism.sequential()),
                KdeFixture.set(new double[][] {{0.2}, {0.4}}, new double[][] {{0}, {1}})).fit(bandwidth(0.1));
        assertEquals(0.3 - 0.5, features(h, Points.ofRows(new double[][] {{0.3}})).get(0, 0), 1e-15);
        EstimationException e = assertThrows(EstimationException.class,
                () -> features(h, Points.ofRows(new double[][] {{0.9}})));
        assertEquals("kde: kernel faulty gave the log density NaN at [0.9], centre [0.2], bandwidth 0.1; it must be "
                + "finite or -Infinity", e.getMessage());
    }

    /** kde with a kernel fitted on the first half of a set: the features of the second half. */
    private static FeatureMatrix halves(CalibrationSet set, Notion notion, int classes, DensityKernel kernel, double b) {
        int n = set.size();
        CalibrationEstimator kde = KdeFixture.estimator(notion, classes, kernel, Parallelism.sequential());
        return features(prepare(kde, set.select(range(0, n / 2))).fit(bandwidth(b)), set.select(range(n / 2, n)).points());
    }

    static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }

    private static Samples permute(Samples samples, int[] permutation) {
        int n = samples.size();
        int d = samples.classes();
        double[] values = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                values[i * d + permutation[k]] = samples.probabilities()[i * d + k];
            }
            labels[i] = permutation[samples.labels()[i]];
        }
        return new Samples(d, values, labels);
    }

    /** The estimate as calibrisk computes it, from the bilinear form's features. */
    private static double estimate(CalibrationFunction h, Points points) {
        BilinearForm form = h.bilinearForm().orElseThrow();
        return ReferenceRisk.bilinearEstimate(form, points);
    }
}
