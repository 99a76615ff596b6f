package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.estimators.kernel.BetaKernel;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * How kde takes a kernel and its points: the statistics it keeps, the domain it enforces (and
 * names in its messages), the statistics it refuses, and how it merges repeated points.
 */
class KdeKernelTest {
    private static final DensityKernel BETA = new BetaKernel();

    /** A kernel on the real line whose exponential form states {@code q} statistics of the first coordinate. */
    private static DensityKernel euclidean(int q, double statistic) {
        DensityKernel.ExponentialForm form = new DensityKernel.ExponentialForm() {
            @Override
            public int statistics(int dimension) {
                return q;
            }

            @Override
            public void centreStatistics(double[] centre, double[] out) {
                java.util.Arrays.fill(out, statistic);
            }

            @Override
            public void pointStatistics(double[] x, double[] out) {
                java.util.Arrays.fill(out, x[0]);
            }

            @Override
            public double logNormaliser(double[] centre, double bandwidth) {
                return 0;
            }
        };
        return new DensityKernel() {
            @Override
            public String name() {
                return "line";
            }

            @Override
            public String description() {
                return "a test kernel on the real line";
            }

            @Override
            public KernelDomain domain() {
                return KernelDomain.EUCLIDEAN;
            }

            @Override
            public double logDensity(double[] centre, double[] x, double bandwidth) {
                return -Math.abs(centre[0] - x[0]) / bandwidth;
            }

            @Override
            public Optional<ExponentialForm> exponentialForm() {
                return Optional.of(form);
            }
        };
    }

    @Test
    void theWidthIsTheFormsStatisticsOrThePointsDimension() {
        assertEquals(2, KdeKernel.of(BETA).width(1));
        assertEquals(3, KdeKernel.of(KdeFixture.pairwiseOnly(BETA)).width(3));
        assertEquals(1, KdeKernel.of(euclidean(1, 0.5)).width(4), "one statistic is enough");
        assertEquals("kde: kernel line states 0 statistics for points of dimension 2; it needs at least 1",
                assertThrows(EstimationException.class, () -> KdeKernel.of(euclidean(0, 0.5)).width(2)).getMessage());
    }

    @Test
    void onlyBoundedDomainsRefuseValuesOutsideTheUnitInterval() {
        Points wide = Points.of(2, 2, new double[] {-3, 0.5, 2.5, 7});
        assertDoesNotThrow(() -> KdeKernel.of(euclidean(1, 0.5)).checkDomain(wide, "query points"));
        Points outside = Points.of(2, 2, new double[] {0.2, 0.8, 0.5, 1.5});
        assertEquals("kde query points: row 1, column 1: value 1.5 is outside [0, 1]", assertThrows(
                InvalidInputException.class, () -> KdeKernel.of(BETA).checkDomain(outside, "query points")).getMessage());
    }

    @Test
    void centreStatisticsMustBeFiniteAndNonNegative() {
        double[] rows = {0.3, 0.6};
        assertArrayEquals(new double[] {0.25, 0.25}, KdeKernel.of(euclidean(1, 0.25)).centreStatistics(rows, 2, 1));
        assertEquals("kde: kernel line gave the centre statistic u_0 = -0.5 at centre [0.3]; it must be finite and "
                + "non-negative", assertThrows(EstimationException.class,
                        () -> KdeKernel.of(euclidean(1, -0.5)).centreStatistics(rows, 2, 1)).getMessage());
        assertThrows(EstimationException.class,
                () -> KdeKernel.of(euclidean(2, Double.POSITIVE_INFINITY)).centreStatistics(rows, 2, 1));
        assertThrows(EstimationException.class, () -> KdeKernel.of(euclidean(2, Double.NaN)).centreStatistics(rows, 2, 1));
    }

    /** Repeated rows merge into distinct rows in lexicographic order ({@link Double#compare} for scalars). */
    @Test
    void distinctRowsAreSortedAndEveryRowFindsItsOwn() {
        DistinctRows pairs = DistinctRows.of(new double[] {0.5, 0.1, 0.2, 0.9, 0.5, 0.1, 0.2, 0.3, 0.2, 0.9}, 5, 2);
        assertEquals(3, pairs.count());
        assertArrayEquals(new double[] {0.2, 0.3, 0.2, 0.9, 0.5, 0.1}, pairs.rows());
        assertArrayEquals(new int[] {2, 1, 2, 0, 1}, pairs.groupOf());
        DistinctRows scalars = DistinctRows.of(new double[] {0.5, 0.0, -0.0, 0.5, 0.25}, 5, 1);
        assertArrayEquals(new double[] {-0.0, 0.0, 0.25, 0.5}, scalars.rows());
        assertArrayEquals(new int[] {3, 1, 0, 3, 2}, scalars.groupOf());
    }

    /**
     * Scalars find their place by a table of their bits: the same place as a binary search of
     * the distinct values, at every size from none to thousands, with repeats (float32 scores),
     * both zeros, NaN and the infinities, and with values whose bits differ only in the low
     * mantissa (which a hash of the high bits alone would pile into one slot).
     */
    @Test
    void scalarsFindTheirPlaceAsABinarySearchWould() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261203L);
        double[] specials = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, 1.0, Math.nextUp(1.0)};
        for (int n : new int[] {0, 1, 2, 3, 5, 17, 64, 1000, 6400}) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(4);
                values[i] = kind == 0 ? specials[random.nextInt(specials.length)]
                        : kind == 1 ? (float) random.nextDouble()
                        : kind == 2 ? Double.longBitsToDouble(Double.doubleToLongBits(0.5) + random.nextInt(64))
                        : random.nextDouble();
            }
            DistinctRows rows = DistinctRows.of(values, n, 1);
            double[] distinct = rows.rows();
            assertEquals(java.util.Arrays.stream(values).boxed().distinct().count(), rows.count(), "n = " + n);
            for (int i = 0; i < n; i++) {
                int place = rows.groupOf()[i];
                assertEquals(java.util.Arrays.binarySearch(distinct, values[i]), place, "n = " + n + ", i = " + i);
                assertEquals(Double.doubleToLongBits(values[i]), Double.doubleToLongBits(distinct[place]));
            }
        }
    }

    /** Queries of a kernel without exponential form are its distinct points, with no infinite statistics. */
    @Test
    void pairwiseQueriesAreTheDistinctPoints() {
        QueryPoints queries = QueryPoints.of(Points.of(3, 1, new double[] {0.7, 0.0, 0.7}),
                KdeKernel.of(KdeFixture.pairwiseOnly(BETA)));
        assertEquals(2, queries.size());
        assertArrayEquals(new double[] {0.0, 0.7}, queries.values());
        assertArrayEquals(new int[0], queries.infinite(0));
        assertArrayEquals(new int[0], queries.infinite(1));
        assertEquals(2, queries.multiplicity(1));
    }

    /** A regression that overflows fails with a message instead of handing out an infinite feature. */
    @Test
    void anOverflowingRegressionFailsWithAClearError() {
        CalibrationFunction h = KdeFixture.fit(Notion.TOP_LABEL, 2,
                KdeFixture.set(new double[][] {{0.5}, {0.6}}, new double[][] {{1e308}, {1e308}}), 1.0);
        assertEquals("kde: feature -Infinity at query 0, bandwidth 1.0 is not finite", assertThrows(
                EstimationException.class, () -> KdeFixture.features(h, Points.ofRows(new double[][] {{0.55}})))
                .getMessage());
    }

    @Test
    void aPointOfTheWrongDimensionIsRefusedByName() {
        CalibrationFunction h = KdeFixture.prepare(KdeFixture.estimator(Notion.TOP_LABEL, 2, Parallelism.sequential()),
                KdeFixture.set(new double[][] {{0.5}, {0.6}}, new double[][] {{1}, {0}})).fit(bandwidth(0.1));
        assertEquals("kde point dimension = 2: must be 1", assertThrows(InvalidSettingException.class,
                () -> h.value(new double[] {0.5, 0.5}, new double[] {0.5})).getMessage());
    }
}
