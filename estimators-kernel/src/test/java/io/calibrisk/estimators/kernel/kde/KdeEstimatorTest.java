package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.pipeline.evaluation.PoolParallelism;
import io.calibrisk.pipeline.risk.Risk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.Dataset;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.DirectKde;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.features;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.fit;
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
                    for (CalibrationSet set : notion.components(data.predictions(), data.labels())) {
                        CalibrationFunction h = fit(notion, data.predictions().classes(), set, b);
                        double expected = DirectKde.plugInEstimate(rows(set.points()), rows(set.targets()), b,
                                notion == Notion.CANONICAL);
                        assertClose(expected, Risk.estimate(h, set).risk(), 1e-9, 1e-15,
                                "mean h(z_i, z_i) over the fitting set, " + notion + ", b = " + b);
                    }
                });
    }

    @Test
    void identity3HoldsAtEveryBandwidthAgainstTheLogSpaceReference() {
        Seeds.qt(60).forAll(Generators.datasets(4, 30, 2, 4), NOTIONS, bandwidths())
                .checkAssert((data, notion, b) -> {
                    for (CalibrationSet set : notion.components(data.predictions(), data.labels())) {
                        CalibrationFunction h = fit(notion, data.predictions().classes(), set, b);
                        double[][] z = rows(set.points());
                        double[][] t = rows(set.targets());
                        double expected = 0;
                        for (double[] zi : z) {
                            for (double c : LogSpaceKde.residual(z, t, zi,
                                    KdeFixture.logKernel(notion == Notion.CANONICAL, b))) {
                                expected += c * c;
                            }
                        }
                        assertClose(expected / z.length, Risk.estimate(h, set).risk(), 1e-9, 1e-15,
                                "plug-in estimate, " + notion + ", b = " + b);
                    }
                });
    }

    @Test
    void bilinearRiskEqualsPairwiseRisk() {
        Seeds.qt(60).forAll(Generators.datasets(6, 40, 2, 4), NOTIONS, bandwidths()).checkAssert((data, notion, b) -> {
            int n = data.predictions().size();
            for (CalibrationSet set : notion.components(data.predictions(), data.labels())) {
                CalibrationSet training = set.select(range(0, n / 2));
                CalibrationSet evaluation = set.select(range(n / 2, n));
                CalibrationFunction h = fit(notion, data.predictions().classes(), training, b);
                FeatureMatrix phi = features(h, evaluation.points());
                assertClose(Risk.pairwise(h, evaluation), Risk.bilinear(h.bilinearForm().orElseThrow(), phi,
                        evaluation), 1e-9, 1e-15, "risk of " + notion + " kde, b = " + b);
            }
        });
    }

    @Test
    void awkwardInputsNeverGiveNaNOrInfinityAndFallbacksAreCounted() {
        Seeds.qt(150).forAll(Generators.datasets(4, 40, 2, 6, AWKWARD), NOTIONS, bandwidths())
                .checkAssert((data, notion, b) -> {
                    int n = data.predictions().size();
                    for (CalibrationSet set : notion.components(data.predictions(), data.labels())) {
                        CalibrationSet training = set.select(range(0, n / 2));
                        CalibrationSet queries = set.select(range(n / 2, n));
                        CalibrationFunction h = fit(notion, data.predictions().classes(), training, b);
                        FeatureMatrix phi = features(h, queries.points());
                        for (double v : phi.values()) {
                            assertTrue(Double.isFinite(v), "feature " + v);
                        }
                        assertTrue(Double.isFinite(Risk.of(h, queries).risk()));
                        assertTrue(Double.isFinite(Risk.estimate(h, training).risk()));
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
                    int n = data.predictions().size();
                    boolean canonical = notion == Notion.CANONICAL;
                    for (CalibrationSet set : notion.components(data.predictions(), data.labels())) {
                        CalibrationSet training = set.select(range(0, n / 2));
                        Points queries = set.select(range(n / 2, n)).points();
                        FeatureMatrix phi = features(fit(notion, data.predictions().classes(), training, b), queries);
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
        // centres and queries) and exact zeros (killed kernels)
        for (Notion notion : List.of(Notion.CANONICAL, Notion.TOP_LABEL)) {
            SplittableRandom random = new SplittableRandom(Seeds.seed());
            int n = 900;
            int d = 3;
            double[] values = new double[n * d];
            int[] labels = new int[n];
            RowStyle[] styles = {RowStyle.SPREAD, RowStyle.CONFIDENT, RowStyle.EXACT_ZEROS, RowStyle.ONE_HOT};
            for (int i = 0; i < n; i++) {
                double[] row = i >= 100 && i % 7 == 0 ? Arrays.copyOfRange(values, (i - 100) * d, (i - 99) * d)
                        : Generators.row(random, d, styles[random.nextInt(styles.length)]);
                System.arraycopy(row, 0, values, i * d, d);
                labels[i] = random.nextInt(d);
            }
            CalibrationSet set = notion.components(Predictions.ofProbabilities(n, d, values, "test"),
                    Labels.of(labels, d, "test")).get(0);
            CalibrationSet training = set.select(range(0, 700));
            Points queries = set.select(range(600, n)).points();
            PreparedTraining prepared = KdeFixture.estimator(notion, d, Parallelism.sequential()).prepare(training);
            for (double b : new double[] {1e-5, 1e-3, 0.05179474679231207, 0.6}) {
                FeatureMatrix phi = features(prepared.fit(bandwidth(b)), queries);
                for (int i = 0; i < queries.size(); i++) {
                    double[] expected = LogSpaceKde.residual(rows(training.points()), rows(training.targets()),
                            queries.row(i), KdeFixture.logKernel(notion == Notion.CANONICAL, b));
                    for (int k = 0; k < expected.length; k++) {
                        assertClose(expected[k], phi.get(i, k), 1e-12, 1e-14, notion + " query " + i + ", b = " + b);
                    }
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
            Dataset permuted = permute(data, permutation);
            int n = data.predictions().size();
            CalibrationSet set = Notion.CANONICAL.components(data.predictions(), data.labels()).get(0);
            CalibrationSet other = Notion.CANONICAL.components(permuted.predictions(), permuted.labels()).get(0);
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
            assertClose(Risk.of(h, evaluation).risk(), Risk.of(g, permutedEvaluation).risk(), 1e-8, 1e-14, "risk");
            assertClose(Risk.estimate(h, evaluation).risk(), Risk.estimate(g, permutedEvaluation).risk(), 1e-8,
                    1e-14, "estimate");
        });
    }

    @Test
    void resultsAreBitIdenticalForAnyThreadCountAndAnyBatch() {
        Dataset data = Generators.dataset(1500, 5, RowStyle.MIXED, Seeds.seed());
        CalibrationSet set = Notion.CANONICAL.components(data.predictions(), data.labels()).get(0);
        CalibrationSet training = set.select(range(0, 1000));
        Points queries = set.select(range(1000, 1500)).points();
        double[] grid = Bandwidths.defaults();
        double[][] reference = null;
        try (PoolParallelism one = new PoolParallelism(1); PoolParallelism three = new PoolParallelism(3)) {
            for (Parallelism parallelism : List.of(Parallelism.sequential(), one, three)) {
                PreparedTraining prepared = KdeFixture.estimator(Notion.CANONICAL, 5, parallelism).prepare(training);
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
        KdeTraining alone = (KdeTraining) KdeFixture.estimator(Notion.CANONICAL, 5, Parallelism.sequential())
                .prepare(training);
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
        PreparedTraining prepared = kde.prepare(KdeFixture.set(z, t));
        for (double b : new double[] {0, -0.1, Double.NaN, Double.POSITIVE_INFINITY, 1e-300}) {
            assertThrows(InvalidSettingException.class, () -> prepared.fit(bandwidth(b)), "b = " + b);
        }
        assertThrows(InvalidInputException.class,
                () -> kde.prepare(KdeFixture.set(new double[][] {{1.2, -0.2}, {0.5, 0.5}}, t)));
        CalibrationFunction h = prepared.fit(bandwidth(0.1));
        assertThrows(InvalidInputException.class, () -> features(h, Points.ofRows(new double[][] {{-0.1, 1.1}})));
        assertThrows(InvalidSettingException.class, () -> features(h, Points.ofRows(new double[][] {{0.5}})));
        assertThrows(InvalidSettingException.class,
                () -> KdeFixture.estimator(Notion.CANONICAL, 3, Parallelism.sequential()).prepare(KdeFixture.set(z, t)));
    }

    static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }

    private static Dataset permute(Dataset data, int[] permutation) {
        int n = data.predictions().size();
        int d = data.predictions().classes();
        double[] values = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                values[i * d + permutation[k]] = data.predictions().get(i, k);
            }
            labels[i] = permutation[data.labels().get(i)];
        }
        return new Dataset(Predictions.ofProbabilities(n, d, values, "permuted"), Labels.of(labels, d, "permuted"),
                data.style(), data.seed());
    }
}
