package io.calibrisk.estimators.binning;

import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class SortedPointsTest {

    /** Points as folds hold them and worse: repeats, the edges themselves, ±0, piles near 0, outside [0, 1], NaN. */
    private static double[] points(SplittableRandom random, double[] edges, int n) {
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double u = random.nextDouble();
            if (u < 0.15 && edges.length > 0) {
                double edge = edges[random.nextInt(edges.length)];
                z[i] = random.nextBoolean() ? edge : random.nextBoolean() ? Math.nextUp(edge) : Math.nextDown(edge);
            } else if (u < 0.3 && i > 0) {
                z[i] = z[random.nextInt(i)];
            } else if (u < 0.5) {
                z[i] = Math.pow(10, -12 + 11 * random.nextDouble());
            } else if (u < 0.55) {
                z[i] = random.nextBoolean() ? 0.0 : -0.0;
            } else if (u < 0.6) {
                z[i] = -0.5 + 2 * random.nextDouble();
            } else if (u < 0.62) {
                z[i] = Double.NaN;
            } else {
                z[i] = random.nextDouble();
            }
        }
        return z;
    }

    @Test
    void everyPointGetsTheCountOfEdgesBelowItAsTheLookupGivesIt() {
        Seeds.qt(300).forAll(longs().all(), integers().between(1, 120), integers().between(1, 300))
                .checkAssert((seed, bins, n) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    double[] edges = BinLookupTest.edges(random, bins);
                    double[] z = points(random, edges, n);
                    double[] copy = z.clone();
                    int[] found = SortedPoints.of(z).bins(edges);
                    BinLookup lookup = new BinLookup(edges);
                    for (int i = 0; i < n; i++) {
                        assertEquals(BinLookupTest.count(edges, z[i]), found[i], "z = " + z[i] + ", edges "
                                + Arrays.toString(edges));
                        assertEquals(lookup.bin(z[i]), found[i], "z = " + z[i]);
                    }
                    assertArrayEquals(copy, z, "the points are not reordered");
                });
    }

    @Test
    void theValuesAreThePointsAscending() {
        double[] z = {0.5, Double.NaN, 0.1, 0.0, 0.9, -0.0, 0.1};
        assertArrayEquals(new double[] {-0.0, 0.0, 0.1, 0.1, 0.5, 0.9, Double.NaN}, SortedPoints.of(z).values());
    }

    @Test
    void aNanPointCountsNoEdgeWhereverItSorts() {
        double[] z = {0.7, Double.NaN, 0.2};
        assertArrayEquals(new int[] {2, 0, 1}, SortedPoints.of(z).bins(new double[] {0.1, 0.5, 0.8}));
        assertArrayEquals(new int[] {0, 0, 0}, SortedPoints.of(z).bins(new double[0]));
    }
}
