package io.calibrisk.estimators.binning;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.SplittableRandom;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;

class BinningTest {

    private static CalibrationFunction fit(EstimatorProvider provider, double[] z, double[] t, double bins) {
        EstimatorContext context = new EstimatorContext(Notion.TOP_LABEL, 2, SettingValues.none(),
                Parallelism.sequential(), RunCache.none());
        CalibrationSet training = new CalibrationSet(Points.of(z.length, 1, z), Points.of(t.length, 1, t));
        return provider.create(context).prepare(TrainingFold.of(training))
                .fit(Hyperparameters.of(Map.of("bins", bins)));
    }

    private static double[][] topLabel(Generators.Dataset data) {
        CalibrationSet set = data.samples().component(Notion.TOP_LABEL);
        return new double[][] {set.points().toArray(), set.targets().toArray()};
    }

    /** Identity 2 of the design: on the training set, mean h(z_i, z_i) = Σ_b (|B_b|/n)(conf_b − acc_b)². */
    @Test
    void trainingEstimateIsTheClassicBinnedError() {
        Seeds.qt(200).forAll(Generators.datasets(2, 300, 2, 6), integers().between(1, 90))
                .checkAssert((data, bins) -> {
                    double[][] zt = topLabel(data);
                    CalibrationFunction h = fit(new EqualWidthBins(), zt[0], zt[1], bins);
                    double mean = 0;
                    for (double z : zt[0]) {
                        mean += h.value(new double[] {z}, new double[] {z});
                    }
                    mean /= zt[0].length;
                    assertClose(ReferenceBinning.binnedCe2(zt[0], zt[1], bins), mean, 1e-12, 1e-18, data + ", bins " + bins);
                });
    }

    @Test
    void binGapsMatchALinearScanReference() {
        Seeds.qt(200).forAll(Generators.datasets(2, 200, 2, 5), integers().between(1, 90))
                .checkAssert((data, bins) -> {
                    double[][] zt = topLabel(data);
                    CalibrationFunction h = fit(new EqualWidthBins(), zt[0], zt[1], bins);
                    double[] gaps = ReferenceBinning.gaps(zt[0], zt[1], bins);
                    FeatureMatrix phi = h.bilinearForm().orElseThrow().features(Points.of(zt[0].length, 1, zt[0]));
                    for (int i = 0; i < zt[0].length; i++) {
                        assertEquals(gaps[ReferenceBinning.bin(zt[0][i], bins)], phi.get(i, 0), 1e-15,
                                data + ", bins " + bins + ", point " + zt[0][i]);
                    }
                });
    }

    @Test
    void edgesFollowTheHalfOpenConvention() {
        // Edges 0, 0.25, 0.5, 0.75, 1: 0 and 0.25 go to bin 0, 0.5 to bin 1, 1 to bin 3.
        double[] z = {0.0, 0.25, 0.5, 0.6, 1.0};
        double[] t = {1, 0, 1, 1, 0};
        CalibrationFunction h = fit(new EqualWidthBins(), z, t, 4);
        double bin0 = (0.0 + 0.25) / 2 - 0.5;
        double bin1 = 0.5 - 1;
        double bin2 = 0.6 - 1;
        double bin3 = 1.0 - 0;
        assertEquals(bin0 * bin0, h.value(new double[] {0}, new double[] {0.25}), 1e-16);
        assertEquals(bin1 * bin2, h.value(new double[] {0.5}, new double[] {0.75}), 1e-16);
        assertEquals(bin3, h.value(new double[] {1.0}, new double[] {0.75 + 1e-12}) / 1.0, 1e-16);
    }

    @Test
    void binsEmptyInTrainingUseTheGlobalMeans() {
        double[] z = {0.9, 0.95, 0.92};
        double[] t = {1, 1, 0};
        CalibrationFunction h = fit(new EqualWidthBins(), z, t, 10);
        double global = (0.9 + 0.95 + 0.92) / 3 - 2.0 / 3;
        assertEquals(global * global, h.value(new double[] {0.1}, new double[] {0.5}), 1e-16);
        // 0.9 lies in (0.8, 0.9], 0.92 and 0.95 in (0.9, 1]: eight bins are empty.
        assertEquals(8.0, h.diagnostics().get("emptyBins"));
    }

    @Test
    void equalMassEdgesAreLinearlyInterpolatedQuantiles() {
        double[] sorted = {0.1, 0.2, 0.4, 0.8, 0.9};
        // h = 4·b/M: b/M = 1/3 → h = 4/3: 0.2 + (1/3)(0.2); b/M = 2/3 → h = 8/3: 0.4 + (2/3)(0.4).
        double[] edges = EqualMassBins.edges(sorted, 3);
        assertEquals(0.2 + (4.0 / 3 - 1) * 0.2, edges[0], 1e-15);
        assertEquals(0.4 + (8.0 / 3 - 2) * 0.4, edges[1], 1e-15);
    }

    @Test
    void equalMassEdgesOfOneTrainingPointAreThatPoint() {
        // h = 0 for every b: the interpolation would read past the one point
        assertArrayEquals(new double[] {0.3, 0.3, 0.3}, EqualMassBins.edges(new double[] {0.3}, 4));
        CalibrationFunction h = fit(new EqualMassBins(), new double[] {0.3}, new double[] {1}, 4);
        assertEquals(0.7 * 0.7, h.value(new double[] {0.3}, new double[] {0.9}), 1e-15);
    }

    @Test
    void equalMassBinsHoldAboutEqualCounts() {
        SplittableRandom random = new SplittableRandom(5);
        double[] z = new double[1000];
        double[] t = new double[1000];
        for (int i = 0; i < z.length; i++) {
            z[i] = Math.pow(random.nextDouble(), 4);
            t[i] = random.nextInt(2);
        }
        double[] sorted = z.clone();
        java.util.Arrays.sort(sorted);
        double[] edges = EqualMassBins.edges(sorted, 10);
        int[] counts = new int[10];
        BinLookup lookup = new BinLookup(edges);
        for (double v : z) {
            counts[lookup.bin(v)]++;
        }
        for (int count : counts) {
            assertEquals(100, count, 1);
        }
    }

    @Test
    void theDefaultSearchSpacesAreThoseOfTheIssue() {
        assertEquals(List.of(15.0), List.of(new FifteenBins().defaultSearchSpace(Notion.TOP_LABEL).axes().get(0).values()[0]));
        double[] tuned = new EqualWidthBins().defaultSearchSpace(Notion.CLASS_WISE).axes().get(0).values();
        assertEquals(18, tuned.length);
        assertEquals(5, tuned[0]);
        assertEquals(90, tuned[17]);
        assertEquals(new EqualWidthBins().defaultSearchSpace(Notion.TOP_LABEL),
                new EqualMassBins().defaultSearchSpace(Notion.TOP_LABEL));
    }

    @Test
    void theBinsAxisIsAnIntegerFromOneOnALinearScale() {
        for (EstimatorProvider provider : List.of(new FifteenBins(), new EqualWidthBins(), new EqualMassBins())) {
            for (Notion notion : provider.notions()) {
                Axis axis = provider.defaultSearchSpace(notion).axis("bins");
                assertEquals(Axis.Scale.LINEAR, axis.scale(), provider.name());
                assertEquals(ValueType.integer(1, 1_000_000), axis.domain(), provider.name());
                assertTrue(provider.settings(notion).isEmpty(), provider.name() + " has no settings");
            }
            assertEquals(Set.of(Notion.TOP_LABEL, Notion.CLASS_WISE), provider.notions());
        }
    }

    @Test
    void thePluginContributesTheThreeBinningEstimators() {
        BinningPlugin plugin = null;
        for (CalibriskPlugin found : ServiceLoader.load(CalibriskPlugin.class)) {
            if (found instanceof BinningPlugin) {
                plugin = (BinningPlugin) found;
            }
        }
        assertTrue(plugin != null, "BinningPlugin is listed in META-INF/services");
        assertEquals(CalibriskPlugin.SPI_VERSION, plugin.spiVersion());
        assertEquals(List.of("bins-15", "bins", "bins-mass"),
                plugin.estimators().stream().map(EstimatorProvider::name).toList());
        assertTrue(plugin.densityKernels().isEmpty() && plugin.positiveDefiniteKernels().isEmpty());
    }

    /** Identity 1 of docs/method.md for every binning estimator: the bilinear-form risk and estimate equal the pairwise ones. */
    /**
     * A fold's functions score the same evaluation and test sets at every grid point: equal-mass
     * bins sort each set once and merge it with each grid point's edges. Every point must get the
     * gap of the bin its own lookup finds, whichever set came first, sets of every size included
     * (small ones are looked up point by point), piles near 0, the training points themselves, ±0 and 1 too.
     */
    @Test
    void everyFeatureIsTheGapOfThePointsOwnBinWhenAFoldScoresTheSameSetsAgain() {
        EstimatorProvider mass = new EqualMassBins();
        EstimatorContext context = new EstimatorContext(Notion.CLASS_WISE, 2, SettingValues.none(),
                Parallelism.sequential(), RunCache.none());
        Seeds.qt(60).forAll(integers().between(1, 400), integers().between(1, 300), integers().between(0, 1000))
                .checkAssert((n, queries, seed) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    double[] z = new double[n];
                    double[] t = new double[n];
                    for (int i = 0; i < n; i++) {
                        z[i] = random.nextDouble() < 0.8 ? Math.pow(10, -9 + 8 * random.nextDouble()) : random.nextDouble();
                        t[i] = random.nextDouble() < z[i] ? 1 : 0;
                    }
                    CalibrationSet training = new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t));
                    var prepared = mass.create(context).prepare(TrainingFold.of(training));
                    Points[] sets = new Points[3];
                    for (int s = 0; s < sets.length; s++) {
                        int size = s == 2 ? Math.min(queries, QueryOrders.SMALL - 1) : queries;
                        double[] q = new double[size];
                        for (int i = 0; i < size; i++) {
                            double u = random.nextDouble();
                            q[i] = u < 0.2 ? z[random.nextInt(n)] : u < 0.25 ? (random.nextBoolean() ? 0.0 : -0.0)
                                    : u < 0.27 ? 1.0 : u < 0.8 ? Math.pow(10, -10 + 9 * random.nextDouble())
                                    : random.nextDouble();
                        }
                        sets[s] = Points.of(size, 1, q);
                    }
                    for (int bins = 5; bins <= 90; bins += 17) {
                        BinnedCalibration h = (BinnedCalibration) prepared.fit(Hyperparameters.of(Map.of("bins", (double) bins)));
                        for (int s : new int[] {0, 1, 2, 0}) {
                            double[] phi = h.bilinearForm().orElseThrow().features(sets[s]).values();
                            for (int i = 0; i < phi.length; i++) {
                                double point = sets[s].get(i, 0);
                                assertEquals(h.gap(point), phi[i], "bins " + bins + ", set " + s + ", z = " + point);
                            }
                        }
                    }
                });
    }

    /**
     * Equal-mass bins sort each set a fold scores once, for all its grid points: the same set
     * again is merged with the order kept, a small set is looked up point by point, and only the
     * last {@value QueryOrders#KEPT} sets are kept. Equal-width bins look every point up.
     */
    @Test
    void aFoldSortsEachSetItScoresOnceForAllItsGridPoints() {
        EstimatorContext context = new EstimatorContext(Notion.CLASS_WISE, 2, SettingValues.none(),
                Parallelism.sequential(), RunCache.none());
        SplittableRandom random = new SplittableRandom(5);
        double[] z = new double[200];
        double[] t = new double[200];
        for (int i = 0; i < z.length; i++) {
            z[i] = Math.pow(10, -6 * random.nextDouble());
            t[i] = random.nextDouble() < z[i] ? 1 : 0;
        }
        CalibrationSet training = new CalibrationSet(Points.of(200, 1, z), Points.of(200, 1, t));
        var prepared = new EqualMassBins().create(context).prepare(TrainingFold.of(training));
        BinnedCalibration ten = (BinnedCalibration) prepared.fit(Hyperparameters.of(Map.of("bins", 10.0)));
        BinnedCalibration twenty = (BinnedCalibration) prepared.fit(Hyperparameters.of(Map.of("bins", 20.0)));
        QueryOrders orders = ten.orders();
        assertTrue(orders != null && orders == twenty.orders(), "one order per fold");
        Points[] sets = new Points[QueryOrders.KEPT + 1];
        for (int s = 0; s < sets.length; s++) {
            sets[s] = Points.of(QueryOrders.SMALL, 1, random.doubles(QueryOrders.SMALL).toArray());
        }
        ten.bilinearForm().orElseThrow().features(sets[0]);
        twenty.bilinearForm().orElseThrow().features(sets[0]);
        ten.bilinearForm().orElseThrow().features(sets[1]);
        twenty.bilinearForm().orElseThrow().features(sets[0]);
        assertEquals(2, orders.sorted());
        ten.bilinearForm().orElseThrow().features(Points.of(QueryOrders.SMALL - 1, 1,
                random.doubles(QueryOrders.SMALL - 1).toArray()));
        assertEquals(2, orders.sorted(), "a small set is looked up point by point");
        for (int s = 2; s < sets.length; s++) {
            ten.bilinearForm().orElseThrow().features(sets[s]);
        }
        assertEquals(QueryOrders.KEPT + 1, orders.sorted());
        ten.bilinearForm().orElseThrow().features(sets[0]);
        assertEquals(QueryOrders.KEPT + 2, orders.sorted(), "the oldest set was let go");
        var width = new EqualWidthBins().create(context).prepare(TrainingFold.of(training));
        assertEquals(null, ((BinnedCalibration) width.fit(Hyperparameters.of(Map.of("bins", 10.0)))).orders());
    }

    @Test
    void bilinearRiskEqualsPairwiseRisk() {
        Seeds.qt(100).forAll(Generators.datasets(6, 120, 2, 5), integers().between(1, 40)).checkAssert((data, bins) -> {
            CalibrationSet set = data.samples().component(Notion.TOP_LABEL);
            int n = set.size();
            CalibrationSet training = set.select(java.util.stream.IntStream.range(0, n / 2).toArray());
            CalibrationSet evaluation = set.select(java.util.stream.IntStream.range(n / 2, n).toArray());
            for (EstimatorProvider provider : List.of(new EqualWidthBins(), new EqualMassBins())) {
                CalibrationFunction h = fit(provider, training.points().toArray(), training.targets().toArray(), bins);
                String what = provider.name() + ", " + data + ", bins " + bins;
                assertClose(ReferenceRisk.pairwise(h, evaluation),
                        ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(), evaluation), 1e-9, 1e-15, what);
                assertClose(ReferenceRisk.estimate(h, evaluation.points()),
                        ReferenceRisk.bilinearEstimate(h.bilinearForm().orElseThrow(), evaluation.points()), 1e-12,
                        1e-18, what);
            }
        });
    }

    @Test
    void nonIntegralBinCountsAreRejected() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> fit(new EqualWidthBins(), new double[] {0.5, 0.6}, new double[] {1, 0}, 0));
        assertEquals("bins.bins = 0: must be an integer from 1 to 1000000", e.getMessage());
        InvalidSettingException fraction = assertThrows(InvalidSettingException.class,
                () -> fit(new EqualMassBins(), new double[] {0.5, 0.6}, new double[] {1, 0}, 2.5));
        assertEquals("bins-mass.bins = 2.5: must be an integer from 1 to 1000000", fraction.getMessage());
    }
}
