package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.estimators.kernel.DirichletKernel;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * What kde keeps for later and what it promises the pipeline's memory planning: the exact
 * memory estimate, the run's tables of constants (each constant computed once per centre and
 * bandwidth, and told apart from any other centre), and the bandwidths a run remembers.
 */
class KdeCachesTest {
    private static final DensityKernel BETA = new BetaKernel();
    private static final DensityKernel DIRICHLET = new DirichletKernel();

    /**
     * 8 bytes times, per training point, 4m coordinates and targets, 2q statistics, g constants
     * and (scalar exponential form only) 2g table entries, plus 4; per query 3gm features, 2m,
     * q and 2; g is the default grid's 20 bandwidths or the bandwidths the run has fitted.
     * Without scalar windows also 2m per training point (the points and targets kept for the
     * folds' shares) and 2g(m + 2) per query (two shares of the test split's sums).
     */
    @Test
    void theMemoryNeedIsThePerPointSumAtTheGridSize() {
        KdeEstimator beta = (KdeEstimator) KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential());
        // m = 1, q = 2, g = 20, scalar table 40
        assertEquals(8 * (1000L * (4 + 4 + 20 + 40 + 4) + 500L * (60 + 2 + 2 + 2)),
                beta.memoryNeed(1000, 500, 1).bytes());
        KdeEstimator dirichlet = (KdeEstimator) KdeFixture.estimator(Notion.CANONICAL, 3, Parallelism.sequential());
        // m = 3, q = 3, g = 20, no table; kept 6, shares 2·20·5
        assertEquals(8 * (700L * (12 + 6 + 20 + 6 + 4) + 300L * (180 + 6 + 3 + 2 + 200)),
                dirichlet.memoryNeed(700, 300, 3).bytes());
        KdeEstimator pairwise = (KdeEstimator) KdeFixture.estimator(Notion.TOP_LABEL, 2,
                KdeFixture.pairwiseOnly(BETA), Parallelism.sequential());
        // m = 1, q = m = 1 (pairwise: the coordinates), g = 20, no table; kept 2, shares 2·20·3
        assertEquals(8 * (1000L * (4 + 2 + 20 + 2 + 4) + 500L * (60 + 2 + 1 + 2 + 120)),
                pairwise.memoryNeed(1000, 500, 1).bytes());
        // a run that fitted more bandwidths than the default grid plans for them, up to 64
        for (int k = 0; k < 70; k++) {
            beta.remember(1e-3 * (k + 1));
        }
        assertEquals(8 * (1000L * (4 + 4 + 64 + 128 + 4) + 500L * (192 + 2 + 2 + 2)),
                beta.memoryNeed(1000, 500, 1).bytes());
    }

    /** A fit joins the run's remembered bandwidths: the next unannounced bandwidth is batched with it. */
    @Test
    void aFittedBandwidthJoinsLaterBatches() {
        KdeEstimator kde = (KdeEstimator) KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential());
        KdeFixture.prepare(kde, KdeFixture.set(new double[][] {{0.3}}, new double[][] {{1}})).fit(bandwidth(0.3));
        assertArrayEquals(new double[] {0.3, 0.5}, kde.batch(0.5, Set.of(), null));
    }

    /** One training point is enough: every query's t̂ is its target. */
    @Test
    void aSingleTrainingPointGivesItsTargetEverywhere() {
        PreparedTraining prepared = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential()),
                KdeFixture.set(new double[][] {{0.3}}, new double[][] {{1}}));
        double[] phi = KdeFixture.features(prepared.fit(bandwidth(0.1)), Points.ofRows(new double[][] {{0.6}, {0.2}}))
                .values();
        assertArrayEquals(new double[] {0.6 - 1, 0.2 - 1}, phi, 1e-15);
    }

    /**
     * Canonical kde computes A(c, b) once per distinct centre and bandwidth in a run: the fit's
     * check at the fold's first centre, the fold's other centres, then only what another fold adds.
     */
    @Test
    void eachCanonicalConstantIsComputedOncePerRun() {
        CountingForm form = new CountingForm(DIRICHLET);
        var kde = KdeFixture.estimator(Notion.CANONICAL, 2, form.kernel(DIRICHLET), Parallelism.sequential());
        double[][] first = {{0.6, 0.4}, {0.2, 0.8}, {0.9, 0.1}, {0.2, 0.8}};
        double[][] targets = {{1, 0}, {0, 1}, {1, 0}, {1, 0}};
        Points queries = Points.ofRows(new double[][] {{0.5, 0.5}, {0.3, 0.7}});
        PreparedTraining one = KdeFixture.prepare(kde, KdeFixture.set(first, targets));
        one.fit(bandwidth(0.1));
        assertEquals(List.of("[0.2, 0.8]"), centres(form), "the fit checks the fold's first (smallest) centre");
        KdeFixture.features(one.fit(bandwidth(0.1)), queries);
        assertEquals(List.of("[0.2, 0.8]", "[0.6, 0.4]", "[0.9, 0.1]"), centres(form));
        PreparedTraining two = KdeFixture.prepare(kde, KdeFixture.set(new double[][] {{0.9, 0.1}, {0.3, 0.7}},
                new double[][] {{1, 0}, {0, 1}}));
        KdeFixture.features(two.fit(bandwidth(0.1)), queries);
        assertEquals(List.of("[0.2, 0.8]", "[0.6, 0.4]", "[0.9, 0.1]", "[0.3, 0.7]"), centres(form),
                "the second fold computes only its new centre");
    }

    private static List<String> centres(CountingForm form) {
        return form.normalised.stream().map(Arrays::toString).collect(Collectors.toList());
    }

    /** Centres are told apart by value even when their hash codes collide. */
    @Test
    void centresWithEqualHashCodesKeepTheirOwnConstants() {
        double[] a = {0.25, 1.0};
        double[] b = {0.5, 0x1p-31};
        assertEquals(Arrays.hashCode(a), Arrays.hashCode(b), "the two rows collide");
        CountingForm form = new CountingForm(DIRICHLET);
        NormaliserCache cache = new NormaliserCache(KdeKernel.of(form.kernel(DIRICHLET)));
        double expectedA = DIRICHLET.exponentialForm().orElseThrow().logNormaliser(a, 0.2);
        double expectedB = DIRICHLET.exponentialForm().orElseThrow().logNormaliser(b, 0.2);
        assertNotEquals(expectedA, expectedB);
        assertEquals(expectedA, cache.logNormaliser(a, 0.2));
        assertEquals(expectedB, cache.logNormaliser(b, 0.2));
        assertEquals(expectedA, cache.logNormaliser(a.clone(), 0.2));
        assertEquals(expectedB, cache.logNormaliser(b.clone(), 0.2));
        assertEquals(2, form.normalised.size(), "each computed once");
    }

    /**
     * The scalar table merges each fold's new centres into the run's sorted table: a centre
     * already there is never recomputed, whatever its place, and every value is the kernel's.
     */
    @Test
    void theScalarTableComputesOnlyNewCentresAndReturnsTheKernelsValues() {
        CountingForm form = new CountingForm(BETA);
        ScalarNormalisers table = new ScalarNormalisers(KdeKernel.of(form.kernel(BETA)));
        assertScalarValues(table, 0, new double[] {0.1, 0.3});
        assertEquals(2, form.normalised.size());
        assertScalarValues(table, 0, new double[] {0.1, 0.2, 0.3});
        assertEquals(3, form.normalised.size(), "only 0.2 is new");
        assertScalarValues(table, 0, new double[] {0.05, 0.2, 0.4});
        assertEquals(5, form.normalised.size(), "0.05 and 0.4 are new");
        assertScalarValues(table, 0, new double[] {0.05, 0.1, 0.2, 0.3, 0.4});
        assertEquals(5, form.normalised.size(), "all known");
        assertScalarValues(table, 1, new double[] {0.1});
        assertEquals(6, form.normalised.size(), "another component has a table of its own");
    }

    /**
     * A fold's new centres merge into the table in order; one that another fold kept meanwhile
     * (the table read before, merged into after) is kept once, and the table has no room left over.
     */
    @Test
    void aMergeKeepsEachCentreOnceAndInOrder() {
        ScalarNormalisers.Table old = new ScalarNormalisers.Table(new double[] {0.1, 0.3}, new double[] {-1, -3});
        double[] centres = {0.05, 0.1, 0.2, 0.4};
        double[] values = {-0.5, -1, -2, -4};
        ScalarNormalisers.Table merged = ScalarNormalisers.merge(old, centres, values, new int[] {0, 2, 3, 0}, 3);
        assertArrayEquals(new double[] {0.05, 0.1, 0.2, 0.3, 0.4}, merged.keys());
        assertArrayEquals(new double[] {-0.5, -1, -2, -3, -4}, merged.values());
        // 0.1 was missing when the fold looked, and is in the table by the time it merges
        ScalarNormalisers.Table raced = ScalarNormalisers.merge(old, centres, values, new int[] {0, 1, 2, 0}, 3);
        assertArrayEquals(new double[] {0.05, 0.1, 0.2, 0.3}, raced.keys());
        assertArrayEquals(new double[] {-0.5, -1, -2, -3}, raced.values());
    }

    /**
     * A fold's lookup remembers where its centres were in the last table: another bandwidth's
     * table with the same keys (another array) is read through those places, one with other keys
     * is merged again, and every value is the kernel's at its own bandwidth.
     */
    @Test
    void aFoldsPlacesServeTheNextBandwidthOnlyWhereItsTableHasTheSameKeys() {
        CountingForm form = new CountingForm(BETA);
        ScalarNormalisers table = new ScalarNormalisers(KdeKernel.of(form.kernel(BETA)));
        ScalarNormalisers.Lookup otherFold = new ScalarNormalisers.Lookup();
        double[] other = {0.2};
        assertScalarValues(table, 0, other, 0.07, otherFold);
        assertScalarValues(table, 0, other, 0.09, otherFold);
        assertEquals(2, form.normalised.size());
        ScalarNormalisers.Lookup fold = new ScalarNormalisers.Lookup();
        double[] centres = {0.1, 0.2, 0.3};
        assertScalarValues(table, 0, centres, 0.07, fold);
        assertEquals(4, form.normalised.size(), "0.1 and 0.3 are new at 0.07");
        // the table at 0.09 holds the same keys as the one at 0.07 before the merge: the places serve
        assertScalarValues(table, 0, centres, 0.09, fold);
        assertEquals(6, form.normalised.size(), "0.1 and 0.3 are new at 0.09");
        // at 0.07 again the table has more keys than the places were found in: merged anew
        assertScalarValues(table, 0, centres, 0.07, fold);
        assertScalarValues(table, 0, centres, 0.09, fold);
        assertEquals(6, form.normalised.size(), "all known");
        assertScalarValues(table, 0, new double[] {0.1, 0.25}, 0.09, fold);
        assertEquals(7, form.normalised.size(), "other centres are merged, not read through the places");
    }

    private static void assertScalarValues(ScalarNormalisers table, int component, double[] centres) {
        assertScalarValues(table, component, centres, 0.07, new ScalarNormalisers.Lookup());
    }

    private static void assertScalarValues(ScalarNormalisers table, int component, double[] centres, double bandwidth,
                                           ScalarNormalisers.Lookup lookup) {
        double[] values = table.logNormalisers(component, centres, bandwidth, Parallelism.sequential(), lookup);
        for (int j = 0; j < centres.length; j++) {
            assertEquals(BETA.exponentialForm().orElseThrow().logNormaliser(new double[] {centres[j]}, bandwidth),
                    values[j], "A(" + centres[j] + ", " + bandwidth + ")");
        }
    }

    /** The function remembers the last point set's features and the last point's residual. */
    @Test
    void curvesAndRepeatedPairsReuseWhatWasJustComputed() {
        CountingForm form = new CountingForm(BETA);
        CalibrationSet training = KdeFixture.set(new double[][] {{0.6}, {0.9}, {0.75}, {0.3}},
                new double[][] {{0}, {1}, {1}, {0}});
        var h = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, form.kernel(BETA), Parallelism.sequential()),
                training).fit(bandwidth(0.2));
        Points queries = Points.ofRows(new double[][] {{0.7}, {0.95}, {0.7}});
        double[] phi = KdeFixture.features(h, queries).values();
        int counted = form.points;
        double[] curve = h.calibrationCurve(Points.ofRows(new double[][] {{0.7}, {0.95}, {0.7}})).orElseThrow().toArray();
        assertEquals(counted, form.points, "the curve of the same points reuses their features");
        for (int i = 0; i < phi.length; i++) {
            assertEquals(queries.row(i)[0] - phi[i], curve[i], "t̂ = z − φ(z) at query " + i);
        }
        // t̂(0.7) by the plain log-space sum
        double[][] centres = {{0.6}, {0.9}, {0.75}, {0.3}};
        double[][] targets = {{0}, {1}, {1}, {0}};
        double expected = 0.7 - io.calibrisk.testsupport.kernel.LogSpaceKde.residual(centres, targets,
                new double[] {0.7}, KdeFixture.logKernel(false, 0.2))[0];
        assertEquals(expected, curve[0], 1e-12);
        double[] z = {0.7};
        double value = h.value(z, z.clone());
        int afterOne = form.points;
        assertEquals(value, h.value(z.clone(), z), "the same pair again");
        assertEquals(afterOne, form.points, "the residual of the last point is remembered");
        assertEquals(phi[0] * phi[0], value, "h(z, z) = |φ(z)|², by the same evaluation as the features");
    }

    /**
     * The caches' keys hash and compare as the records' own methods would (31·h plus the next
     * component's hash, from 0; doubles by {@link Double#compare}), which they write out to skip
     * the records' bootstrap at a run's start: so maps keyed by them iterate as they did.
     */
    @Test
    void theKeysHashAsRecordsWould() {
        ScalarNormalisers.Key key = new ScalarNormalisers.Key(3, 0.25);
        assertEquals(31 * 3 + Double.hashCode(0.25), key.hashCode());
        assertEquals(new ScalarNormalisers.Key(3, 0.25), key);
        assertNotEquals(new ScalarNormalisers.Key(4, 0.25), key);
        assertNotEquals(new ScalarNormalisers.Key(3, Math.nextUp(0.25)), key);
        // by Double.compare, as a record: −0 and 0 differ, NaN equals itself
        assertNotEquals(new ScalarNormalisers.Key(0, -0.0), new ScalarNormalisers.Key(0, 0.0));
        assertEquals(new ScalarNormalisers.Key(0, Double.NaN), new ScalarNormalisers.Key(0, Double.NaN));
        assertNotEquals(key, (Object) "key");

        CalibrationSet fold = new CalibrationSet(Points.of(2, 1, new double[] {0.2, 0.7}),
                Points.of(2, 1, new double[] {0, 1}));
        Points queries = Points.of(1, 1, new double[] {0.5});
        FoldShares.Pair pair = new FoldShares.Pair(fold, queries);
        assertEquals(31 * fold.hashCode() + queries.hashCode(), pair.hashCode());
        assertEquals(new FoldShares.Pair(new CalibrationSet(Points.of(2, 1, new double[] {0.2, 0.7}),
                Points.of(2, 1, new double[] {0, 1})), Points.of(1, 1, new double[] {0.5})), pair);
        assertNotEquals(new FoldShares.Pair(fold, Points.of(1, 1, new double[] {0.6})), pair);
        assertNotEquals(new FoldShares.Pair(new CalibrationSet(Points.of(2, 1, new double[] {0.2, 0.7}),
                Points.of(2, 1, new double[] {1, 1})), queries), pair);
        assertNotEquals(pair, (Object) fold);
    }
}
