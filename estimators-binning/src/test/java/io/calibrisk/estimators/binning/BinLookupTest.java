package io.calibrisk.estimators.binning;

import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class BinLookupTest {

    /** The definition: the number of inner edges strictly below z. */
    static int count(double[] edges, double z) {
        int below = 0;
        for (double edge : edges) {
            if (edge < z) {
                below++;
            }
        }
        return below;
    }

    /** Edges as the binnings make them and worse: ties, bucket boundaries, 0, 1, piles near 0, outside [0, 1]. */
    static double[] edges(SplittableRandom random, int bins) {
        double[] edges = new double[bins - 1];
        int buckets = Math.min(BinLookup.MAX_BUCKETS, BinLookup.BUCKETS_PER_BIN * bins);
        for (int b = 0; b < edges.length; b++) {
            double u = random.nextDouble();
            if (u < 0.2) {
                edges[b] = (double) random.nextInt(buckets + 1) / buckets;
            } else if (u < 0.3 && b > 0) {
                edges[b] = edges[random.nextInt(b)];
            } else if (u < 0.5) {
                edges[b] = Math.pow(10, -12 + 11 * random.nextDouble());
            } else if (u < 0.55) {
                edges[b] = random.nextBoolean() ? 0 : 1;
            } else if (u < 0.6) {
                edges[b] = -0.5 + 2 * random.nextDouble();
            } else {
                edges[b] = random.nextDouble();
            }
        }
        Arrays.sort(edges);
        return edges;
    }

    @Test
    void everyPointFindsTheCountOfEdgesBelowIt() {
        Seeds.qt(300).forAll(longs().all(), integers().between(1, 200)).checkAssert((seed, bins) -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[] edges = edges(random, bins);
            BinLookup lookup = new BinLookup(edges);
            for (double edge : edges) {
                for (double z : new double[] {edge, Math.nextUp(edge), Math.nextDown(edge)}) {
                    assertEquals(count(edges, z), lookup.bin(z), "z = " + z + ", edges " + Arrays.toString(edges));
                }
            }
            int buckets = lookup.buckets();
            for (int k = 0; k <= buckets; k++) {
                double z = (double) k / buckets;
                for (double x : new double[] {z, Math.nextUp(z), Math.nextDown(z)}) {
                    assertEquals(count(edges, x), lookup.bin(x), "z = " + x + ", edges " + Arrays.toString(edges));
                }
            }
            for (int i = 0; i < 50; i++) {
                double z = -0.5 + 2 * random.nextDouble();
                assertEquals(count(edges, z), lookup.bin(z), "z = " + z + ", edges " + Arrays.toString(edges));
            }
            for (double z : new double[] {0.0, -0.0, 1.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}) {
                assertEquals(count(edges, z), lookup.bin(z), "z = " + z + ", edges " + Arrays.toString(edges));
            }
            assertEquals(0, lookup.bin(Double.NaN), "NaN counts no edge");
        });
    }

    @Test
    void bucketsAreFourPerBinUpToTheCap() {
        assertEquals(4, new BinLookup(new double[0]).buckets());
        assertEquals(360, new BinLookup(new double[89]).buckets());
        assertEquals(BinLookup.MAX_BUCKETS, new BinLookup(new double[16383]).buckets(), "4 · 16384 is the cap itself");
        assertEquals(BinLookup.MAX_BUCKETS, new BinLookup(new double[999_999]).buckets());
        assertEquals(1 << 16, BinLookup.MAX_BUCKETS);
    }

    @Test
    void aPointsBucketIsItsFloorTimesTheBucketCountClamped() {
        BinLookup lookup = new BinLookup(EqualWidthBins.edges(90));
        assertEquals(360, lookup.buckets());
        assertEquals(180, lookup.bucket(0.5));
        assertEquals(3, lookup.bucket(0.01));
        assertEquals(0, lookup.bucket(0.0));
        assertEquals(359, lookup.bucket(1.0), "1 is in the last bucket");
        assertEquals(359, lookup.bucket(7.0));
        assertEquals(0, lookup.bucket(-0.3));
        assertEquals(0, lookup.bucket(Double.NaN));
    }

    @Test
    void edgesPiledInOneBucketAreSearched() {
        double[] edges = new double[89];
        for (int b = 0; b < edges.length; b++) {
            edges[b] = 1e-9 * (b + 1);
        }
        BinLookup lookup = new BinLookup(edges);
        assertEquals(0, lookup.bin(1e-9));
        assertEquals(1, lookup.bin(1.5e-9));
        assertEquals(44, lookup.bin(44.5e-9));
        assertEquals(89, lookup.bin(0.5));
        assertEquals(89, lookup.bin(2));
        assertEquals(0, lookup.bin(-1));
    }
}
