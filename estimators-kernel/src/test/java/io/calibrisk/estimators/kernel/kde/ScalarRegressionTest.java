package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sorted-window regression of scalar kde against the full sums, on data that stresses it:
 * scores piled up near 0 as in class-wise calibration, runs of centres one ulp apart (where
 * rounding can mislead the peak search), ties, exact 0 and 1, and enough points that windows,
 * clusters and deep butterflies are all used.
 */
class ScalarRegressionTest {
    private static final KdeKernel BETA = KdeKernel.of(new BetaKernel());
    /** The brief's bound against the full sum; the method's own bound is about 1e−13 plus rounding. */
    private static final double RELATIVE = 1e-10;
    /** Terms below e^−40 of the largest are left out by both, which moves t̂ by at most about 1e−17. */
    private static final double ABSOLUTE = 1e-16;

    /** Scores in [0, 1]: a mixture of the shapes real classifiers give. */
    static double[] awkward(SplittableRandom random, int n) {
        double[] z = new double[n];
        int i = 0;
        while (i < n) {
            double u = random.nextDouble();
            if (u < 0.3) {
                z[i++] = Math.pow(10, -12 + 9 * random.nextDouble());
            } else if (u < 0.4) {
                // a run of float32 values one ulp apart near 1e−6
                float v = (float) (1e-7 + 1e-5 * random.nextDouble());
                for (int k = random.nextInt(20); k >= 0 && i < n; k--) {
                    z[i++] = v;
                    v = Math.nextUp(v);
                }
            } else if (u < 0.5 && i > 0) {
                z[i] = z[random.nextInt(i)];
                i++;
            } else if (u < 0.55) {
                z[i++] = 0;
            } else if (u < 0.6) {
                z[i++] = 1;
            } else if (u < 0.75) {
                z[i++] = 1 - Math.pow(10, -12 + 10 * random.nextDouble());
            } else {
                z[i++] = random.nextDouble();
            }
        }
        return z;
    }

    /** 0/1 targets, more often 1 where z is larger. */
    static double[] targets(SplittableRandom random, double[] z) {
        double[] t = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            t[i] = random.nextDouble() < 0.1 + 0.8 * z[i] ? 1 : 0;
        }
        return t;
    }

    private record Case(TrainingSet training, QueryPoints queries, double[][] norms, double[] grid) {
        /** Awkward training scores and targets, and awkward queries, drawn from a seed. */
        static Case awkward(long seed, int n, int queries, double[] grid) {
            SplittableRandom random = new SplittableRandom(seed);
            double[] z = ScalarRegressionTest.awkward(random, n);
            double[] t = targets(random, z);
            return of(z, t, ScalarRegressionTest.awkward(random, queries), grid, BETA);
        }

        static Case of(double[] z, double[] t, double[] x, double[] grid, KdeKernel kernel) {
            CalibrationSet set = new CalibrationSet(Points.of(z.length, 1, z), Points.of(t.length, 1, t));
            TrainingSet training = TrainingSet.of(set, kernel);
            QueryPoints queries = QueryPoints.of(Points.of(x.length, 1, x), kernel);
            NormaliserCache cache = new NormaliserCache(kernel);
            double[][] norms = new double[grid.length][];
            for (int b = 0; b < grid.length; b++) {
                norms[b] = training.logNormalisers(grid[b], cache, Parallelism.sequential());
            }
            return new Case(training, queries, norms, grid);
        }

        NadarayaWatson.Fit fast(Parallelism parallelism, ScalarRegression.Work work) {
            return ScalarRegression.regress(training, queries, grid, norms, NadarayaWatson.cutoff(training.size()),
                    parallelism, work);
        }

        NadarayaWatson.Fit fast(ScalarRegression.WorkSpaces spaces) {
            return ScalarRegression.regress(training, queries, grid, norms, NadarayaWatson.cutoff(training.size()),
                    Parallelism.sequential(), new ScalarRegression.Work(), spaces);
        }

        /** The full sum over every centre, block by block, as kde computed it before windows. */
        NadarayaWatson.Fit full() {
            return NadarayaWatson.regress(training, queries, BETA, grid, norms, Parallelism.sequential());
        }
    }

    private static void assertAgree(NadarayaWatson.Fit expected, NadarayaWatson.Fit actual, double[] grid) {
        for (int b = 0; b < grid.length; b++) {
            for (int i = 0; i < expected.fitted()[b].length; i++) {
                assertClose(expected.fitted()[b][i], actual.fitted()[b][i], RELATIVE, ABSOLUTE,
                        "t̂ at query " + i + ", b = " + grid[b]);
            }
        }
        assertArrayEquals(expected.fallbacks(), actual.fallbacks(), "fallbacks");
    }

    private static double[] grid() {
        double[] defaults = Bandwidths.defaults();
        double[] grid = Arrays.copyOf(defaults, defaults.length + 2);
        grid[defaults.length] = 3.3e-3;
        grid[defaults.length + 1] = 5.0;
        return grid;
    }

    /**
     * Work spaces handed from one regression to the next, of a smaller training fold and then a
     * larger one and back, leave every value as fresh work spaces give it.
     */
    @Test
    void workSpacesOfEarlierRegressionsLeaveNoTrace() {
        double[] grid = grid();
        Case small = Case.awkward(21, 300, 200, grid);
        Case large = Case.awkward(22, 1500, 400, grid);
        ScalarRegression.WorkSpaces shared = new ScalarRegression.WorkSpaces();
        for (Case c : new Case[] {small, large, small, large}) {
            NadarayaWatson.Fit fresh = c.fast(new ScalarRegression.WorkSpaces());
            NadarayaWatson.Fit reused = c.fast(shared);
            for (int b = 0; b < grid.length; b++) {
                assertArrayEquals(fresh.fitted()[b], reused.fitted()[b], "b = " + grid[b]);
            }
        }
    }

    /** A work space given back serves the next task, grown for a larger fold; while it is taken, a new one is made. */
    @Test
    void aWorkSpaceGivenBackServesTheNextTask() {
        ScalarRegression.WorkSpaces spaces = new ScalarRegression.WorkSpaces();
        ScalarRegression.Butterfly first = spaces.take(100);
        assertNotSame(first, spaces.take(100), "none was given back yet");
        spaces.give(first);
        assertSame(first, spaces.take(400));
        assertNotSame(first, spaces.take(100), "the one given back is taken");
    }

    /**
     * The search for a query's first cell from the previous query's: the first index whose value
     * is at least j, as a scan finds it, from every hint, on ascending values with ties, gaps and
     * none.
     */
    @Test
    void aSearchFromAHintFindsTheFirstValueAtLeastJ() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            int count = random.nextInt(0, 12);
            int[] ascending = new int[count + random.nextInt(0, 3)];
            int value = random.nextInt(0, 3);
            for (int g = 0; g < count; g++) {
                value += random.nextInt(0, 3);
                ascending[g] = value;
            }
            for (int j = -1; j <= value + 2; j++) {
                int expected = 0;
                while (expected < count && ascending[expected] < j) {
                    expected++;
                }
                for (int hint = 0; hint <= count; hint++) {
                    assertEquals(expected, ScalarRegression.firstAtOrAfter(ascending, count, j, hint),
                            Arrays.toString(Arrays.copyOf(ascending, count)) + ", j = " + j + ", hint = " + hint);
                }
            }
        }
    }

    @Test
    void awkwardDataAgreeWithTheFullSumAtEveryBandwidth() {
        Case fixture = Case.awkward(Seeds.seed(), 4000, 3000, grid());
        ScalarRegression.Work work = new ScalarRegression.Work();
        assertAgree(fixture.full(), fixture.fast(Parallelism.sequential(), work), fixture.grid());
        assertTrue(work.direct.sum() > 0 && work.expanded.sum() > 0 && work.depth.get() >= 2,
                "every way of summing is exercised: " + work);
        assertTrue(work.terms.sum() >= work.direct.sum() / 2 && work.moments.sum() > 0 && work.shifts.sum() > 0
                && work.evaluations.sum() >= work.expanded.sum(), "the work is counted: " + work);
    }

    @Test
    void denseQueriesGoThroughDeepButterfliesAndAgreeWithTheFullSum() {
        SplittableRandom random = new SplittableRandom(Seeds.seed() + 1);
        double[] z = new double[20000];
        for (int i = 0; i < z.length; i++) {
            z[i] = 0.2 + 0.75 * random.nextDouble();
        }
        double[] t = targets(random, z);
        double[] x = new double[8000];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.2 + 0.75 * random.nextDouble();
        }
        double[] grid = {1e-4, 2.7e-3, 0.05, 0.6};
        Case fixture = Case.of(z, t, x, grid, BETA);
        ScalarRegression.Work work = new ScalarRegression.Work();
        assertAgree(fixture.full(), fixture.fast(Parallelism.sequential(), work), grid);
        assertTrue(work.expanded.sum() > 0.9 * x.length * grid.length && work.depth.get() >= 4, work.toString());
    }

    /**
     * Class-wise scores: most piled near 0 with target 0, the class's own near 1 with target 1,
     * so that butterflies mix cells with and without target weight, and cells with some.
     */
    @Test
    void classWiseScoresWithTargetsOnlyHereAndThereAgreeWithTheFullSum() {
        SplittableRandom random = new SplittableRandom(Seeds.seed() + 4);
        double[] z = new double[12000];
        double[] t = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            boolean own = random.nextDouble() < 0.1;
            z[i] = own ? 1 - Math.pow(10, -6 * random.nextDouble()) : Math.pow(10, -8 + 7.5 * random.nextDouble());
            // a few targets among the low scores, none in most of their cells
            t[i] = own ? (random.nextDouble() < 0.9 ? 1 : 0) : (random.nextDouble() < 0.002 ? 1 : 0);
        }
        double[] x = new double[4000];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble() < 0.1 ? 1 - Math.pow(10, -6 * random.nextDouble())
                    : Math.pow(10, -8 + 7.5 * random.nextDouble());
        }
        double[] grid = {1e-5, 3.7e-4, 7.2e-3, 0.1, 0.6};
        Case fixture = Case.of(z, t, x, grid, BETA);
        ScalarRegression.Work work = new ScalarRegression.Work();
        assertAgree(fixture.full(), fixture.fast(Parallelism.sequential(), work), grid);
        assertTrue(work.expanded.sum() > x.length && work.shifts.sum() > 0, work.toString());
        assertTrue(work.rootCells.sum() > 0 && work.rootCells.sum() < work.moments.sum(),
                "root cells hold several centres: " + work);
        assertTrue(work.toString().contains(work.rootCells.sum() + " root cells"), work.toString());
    }

    /** The plain one-pass log-space sum of test-support, on fewer points: the same answer. */
    @Test
    void agreesWithThePlainLogSpaceSum() {
        SplittableRandom random = new SplittableRandom(Seeds.seed() + 2);
        double[] z = awkward(random, 1500);
        double[] t = targets(random, z);
        double[] x = awkward(random, 400);
        double[] grid = {1e-5, 4e-4, 0.02, 0.8};
        Case fixture = Case.of(z, t, x, grid, BETA);
        ScalarRegression.Work work = new ScalarRegression.Work();
        NadarayaWatson.Fit fit = fixture.fast(Parallelism.sequential(), work);
        double[][] centres = new double[z.length][];
        double[][] targets = new double[z.length][];
        for (int j = 0; j < z.length; j++) {
            centres[j] = new double[] {z[j]};
            targets[j] = new double[] {t[j]};
        }
        double[] distinct = DistinctRows.of(x, x.length, 1).rows();
        for (int b = 0; b < grid.length; b++) {
            double bandwidth = grid[b];
            LogSpaceKde.LogKernel kernel = (c, q) -> new BetaKernel().logDensity(c, q, bandwidth);
            for (int i = 0; i < distinct.length; i++) {
                double expected = distinct[i] - LogSpaceKde.residual(centres, targets, new double[] {distinct[i]},
                        kernel)[0];
                assertClose(expected, fit.fitted()[b][i], RELATIVE, ABSOLUTE, "t̂(" + distinct[i] + "), b = " + bandwidth);
            }
        }
        assertTrue(work.expanded.sum() > 0, work.toString());
    }

    @Test
    void resultsAreBitIdenticalForAnyThreadCount() {
        Case fixture = Case.awkward(Seeds.seed() + 3, 6000, 3000, grid());
        NadarayaWatson.Fit reference = fixture.fast(Parallelism.sequential(), new ScalarRegression.Work());
        try (ThreadPool one = new ThreadPool(1); ThreadPool three = new ThreadPool(3)) {
            for (Parallelism parallelism : new Parallelism[] {one, three}) {
                NadarayaWatson.Fit fit = fixture.fast(parallelism, new ScalarRegression.Work());
                for (int b = 0; b < reference.fitted().length; b++) {
                    assertArrayEquals(reference.fitted()[b], fit.fitted()[b], parallelism.threads() + " threads");
                }
            }
        }
    }

    /**
     * A batch's work spaces are reused from task to task and from bandwidth to bandwidth: each
     * bandwidth's values are those it has alone, bit for bit, and so is the work counted.
     */
    @Test
    void aBatchGivesEachBandwidthWhatItGivesAloneAndCountsTheSameWork() {
        Case fixture = Case.awkward(Seeds.seed() + 7, 5000, 2500, grid());
        ScalarRegression.Work batch = new ScalarRegression.Work();
        try (ThreadPool two = new ThreadPool(2)) {
            NadarayaWatson.Fit all = fixture.fast(two, batch);
            long[] alone = new long[7];
            long deepest = 0;
            for (int b = 0; b < fixture.grid().length; b++) {
                Case single = new Case(fixture.training(), fixture.queries(), new double[][] {fixture.norms()[b]},
                        new double[] {fixture.grid()[b]});
                ScalarRegression.Work work = new ScalarRegression.Work();
                NadarayaWatson.Fit fit = single.fast(two, work);
                assertArrayEquals(fit.fitted()[0], all.fitted()[b], "b = " + fixture.grid()[b]);
                assertEquals(fit.fallbacks()[0], all.fallbacks()[b]);
                long[] counts = counts(work);
                for (int k = 0; k < counts.length; k++) {
                    alone[k] += counts[k];
                }
                deepest = Math.max(deepest, work.depth.get());
            }
            assertArrayEquals(alone, counts(batch), batch.toString());
            assertEquals(deepest, batch.depth.get());
        }
    }

    private static long[] counts(ScalarRegression.Work work) {
        return new long[] {work.direct.sum(), work.terms.sum(), work.expanded.sum(), work.moments.sum(),
            work.rootCells.sum(), work.shifts.sum(), work.evaluations.sum()};
    }

    @Test
    void theStatedTruncationBoundHolds() {
        assertTrue(ScalarRegression.remainder(ScalarRegression.RHO, ScalarRegression.TERMS) <= 1.2e-15);
        assertTrue(ScalarRegression.remainder(ScalarRegression.RHO, ScalarRegression.TERMS - 1) > 1e-14,
                "the bound is not loose: one term fewer would not meet it");
        assertEquals(Math.pow(0.5, 4) / 24 * Math.E, ScalarRegression.remainder(0.5, 4), 1e-17, "x^K/K!·e^{2x}");
    }

    /** Only u(c) = (c, 1 − c) gives the concave log weights the windows need; another form sums every pair. */
    @Test
    void onlyTheBetaFormTakesTheSortedPath() {
        DensityKernel.ExponentialForm beta = new BetaKernel().exponentialForm().orElseThrow();
        DensityKernel doubled = KdeFixture.withForm(new BetaKernel(), new DensityKernel.ExponentialForm() {
            @Override
            public int statistics(int dimension) {
                return 2;
            }

            @Override
            public void centreStatistics(double[] centre, double[] out) {
                out[0] = 2 * centre[0];
                out[1] = 1 - centre[0];
            }

            @Override
            public void pointStatistics(double[] x, double[] out) {
                beta.pointStatistics(x, out);
            }

            @Override
            public double logNormaliser(double[] centre, double bandwidth) {
                return beta.logNormaliser(centre, bandwidth);
            }
        });
        CalibrationSet set = new CalibrationSet(Points.of(3, 1, new double[] {0.2, 0.5, 0.9}),
                Points.of(3, 1, new double[] {0, 1, 1}));
        assertTrue(TrainingSet.of(set, BETA).sortedScalar());
        assertFalse(TrainingSet.of(set, KdeKernel.of(doubled)).sortedScalar());
        assertFalse(TrainingSet.of(set, KdeKernel.of(KdeFixture.pairwiseOnly(new BetaKernel()))).sortedScalar());
    }

    /** Queries at exactly 0 and 1 see only the centres at 0 and 1, and fall back without them. */
    @Test
    void queriesAtZeroAndOneSeeOnlyTheCentresThere() {
        double[] grid = {1e-3, 0.5};
        double[] z = {0, 0, -0.0, 0.3, 0.7, 1, 1};
        double[] t = {1, 0, 1, 1, 0, 0, 1};
        Case fixture = Case.of(z, t, new double[] {0, 0.5, 1}, grid, BETA);
        NadarayaWatson.Fit fit = fixture.fast(Parallelism.sequential(), new ScalarRegression.Work());
        assertAgree(fixture.full(), fit, grid);
        for (int b = 0; b < grid.length; b++) {
            // the three centres at ±0 have equal weights at x = 0 (−0.0 and 0.0 are distinct centres)
            assertEquals(2.0 / 3, fit.fitted()[b][0], 1e-15);
            assertEquals(0.5, fit.fitted()[b][2], 1e-15);
        }
        Case without = Case.of(new double[] {0.3, 0.7}, new double[] {1, 0}, new double[] {0, 1}, grid, BETA);
        NadarayaWatson.Fit fallback = without.fast(Parallelism.sequential(), new ScalarRegression.Work());
        assertArrayEquals(new long[] {2, 2}, fallback.fallbacks());
        assertEquals(0.5, fallback.fitted()[0][0]);
    }

    /**
     * At a narrow bandwidth every window is small and summed directly: the terms summed are
     * exactly the centres whose log weight is within the cutoff of the query's largest, counted
     * here from the kernel's own log density.
     */
    @Test
    void windowsHoldExactlyTheCentresWithinTheCutoff() {
        SplittableRandom random = new SplittableRandom(Seeds.seed() + 5);
        double[] z = new double[300];
        for (int i = 0; i < z.length; i++) {
            z[i] = 0.05 + 0.9 * random.nextDouble();
        }
        double[] x = new double[200];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.02 + 0.96 * random.nextDouble();
        }
        double b = 1e-5;
        Case fixture = Case.of(z, targets(random, z), x, new double[] {b}, BETA);
        ScalarRegression.Work work = new ScalarRegression.Work();
        fixture.fast(Parallelism.sequential(), work);
        double cutoff = NadarayaWatson.cutoff(z.length);
        BetaKernel beta = new BetaKernel();
        long expected = 0;
        for (double query : x) {
            double[] log = new double[z.length];
            double top = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < z.length; j++) {
                log[j] = beta.logDensity(new double[] {z[j]}, new double[] {query}, b);
                top = Math.max(top, log[j]);
            }
            for (double l : log) {
                assertTrue(Math.abs(l - (top + cutoff)) > 1e-6, "no centre on the cutoff's edge");
                expected += l >= top + cutoff ? 1 : 0;
            }
        }
        assertEquals(x.length, work.direct.sum(), "all summed directly: " + work);
        assertEquals(expected, work.terms.sum(), "window sizes");
    }

    /** Top-label kde takes the sorted windows: its features are z − t̂ of this regression, bit for bit. */
    @Test
    void scalarKdeUsesTheSortedWindows() {
        SplittableRandom random = new SplittableRandom(Seeds.seed() + 6);
        double[] z = awkward(random, 2000);
        double[] t = targets(random, z);
        double[] x = awkward(random, 500);
        double b = 0.01;
        Case fixture = Case.of(z, t, x, new double[] {b}, BETA);
        double[] fast = fixture.fast(Parallelism.sequential(), new ScalarRegression.Work()).fitted()[0];
        assertFalse(Arrays.equals(fast, fixture.full().fitted()[0]), "the two ways of summing round differently");
        CalibrationSet set = new CalibrationSet(Points.of(z.length, 1, z), Points.of(t.length, 1, t));
        double[] phi = KdeFixture.features(KdeFixture.fit(io.calibrisk.api.data.Notion.TOP_LABEL, 2, set, b),
                Points.of(x.length, 1, x)).values();
        int[] groupOf = fixture.queries().groupOf();
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i] - fast[groupOf[i]], phi[i], "query " + i);
        }
    }

    /** A larger fold, as a million predictions give: still the full sum's answer. */
    @Test
    @Tag("slow")
    void aLargeFoldAgreesWithTheFullSum() {
        double[] grid = {1e-5, 1e-3, 0.1, 1.0};
        Case fixture = Case.awkward(Seeds.seed() + 4, 120_000, 30_000, grid);
        ScalarRegression.Work work = new ScalarRegression.Work();
        assertAgree(fixture.full(), fixture.fast(Parallelism.sequential(), work), grid);
        assertTrue(work.depth.get() >= 4, work.toString());
    }
}
