package io.calibrisk.estimators.kkr;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The low-rank form {@code M ≈ P D Pᵀ} of a symmetric form of known low rank
 * {@code M = Σ_c d_c v_c v_cᵀ} (orthonormal v_c, training scales 1 unless said): the rank and the
 * weights are the d_c by decreasing |d|, and P D Pᵀ is M, whatever the scale of M.
 */
class CompressionTest {

    /** Orthonormal rows, by Gram–Schmidt on random ones. */
    private static double[][] orthonormal(int count, int q, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] v = new double[count][q];
        for (int c = 0; c < count; c++) {
            for (int i = 0; i < q; i++) {
                v[c][i] = random.nextDouble() - 0.5;
            }
            for (int pass = 0; pass < 2; pass++) {
                for (int a = 0; a < c; a++) {
                    double dot = 0;
                    for (int i = 0; i < q; i++) {
                        dot += v[a][i] * v[c][i];
                    }
                    for (int i = 0; i < q; i++) {
                        v[c][i] -= dot * v[a][i];
                    }
                }
            }
            double len = 0;
            for (int i = 0; i < q; i++) {
                len += v[c][i] * v[c][i];
            }
            for (int i = 0; i < q; i++) {
                v[c][i] /= Math.sqrt(len);
            }
        }
        return v;
    }

    /** M = T⁻¹ (Σ_c d_c v_c v_cᵀ) T⁻¹, so that N = TMT has the eigenvalues d. */
    private static double[][] form(double[] d, double[] t, long seed) {
        int q = t.length;
        double[][] v = orthonormal(d.length, q, seed);
        double[][] m = new double[q][q];
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double s = 0;
                for (int c = 0; c < d.length; c++) {
                    s += d[c] * v[c][i] * v[c][j];
                }
                m[i][j] = s / (t[i] * t[j]);
            }
        }
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < i; j++) {
                m[i][j] = m[j][i];
            }
        }
        return m;
    }

    private static double[] flat(double[][] m) {
        int q = m.length;
        double[] out = new double[q * q];
        for (int i = 0; i < q; i++) {
            System.arraycopy(m[i], 0, out, i * q, q);
        }
        return out;
    }

    private static double[] ones(int q) {
        double[] t = new double[q];
        java.util.Arrays.fill(t, 1);
        return t;
    }

    /** Checks rank, weights and that P D Pᵀ reproduces M entrywise. */
    private static void check(double[] d, double[] t, double delta, double[] expectedWeights, double tolerance) {
        double[][] m = form(d, t, 42);
        int q = t.length;
        Compression form = Compression.of(flat(m), t, q, delta);
        assertEquals(expectedWeights.length, form.rank(), "rank");
        double scale = Math.abs(expectedWeights[0]);
        assertArrayEquals(expectedWeights, form.weights(), tolerance * scale, "weights");
        double largest = 0;
        for (double[] row : m) {
            for (double v : row) {
                largest = Math.max(largest, Math.abs(v));
            }
        }
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double s = 0;
                for (int c = 0; c < form.rank(); c++) {
                    s += form.basisT()[c * q + i] * form.weights()[c] * form.basisT()[c * q + j];
                }
                assertEquals(m[i][j], s, tolerance * largest, "M at " + i + ", " + j);
            }
        }
    }

    @Test
    void aFormOfRankTwoKeepsTwoTermsByDecreasingMagnitude() {
        check(new double[] {-2, 3}, ones(40), 1e-10, new double[] {3, -2}, 1e-12);
    }

    @Test
    void theScaleOfTheFormDoesNotMatter() {
        check(new double[] {3e14, -2e14}, ones(40), 1e-10, new double[] {3e14, -2e14}, 1e-12);
        check(new double[] {3e-14, -2e-14}, ones(40), 1e-10, new double[] {3e-14, -2e-14}, 1e-12);
    }

    @Test
    void termsWithinTheAccuracyAreDropped() {
        // 1e−8 of the norm is well within δ = 1e−6: dropped; at δ = 1e−10 it is kept
        check(new double[] {1, 0.5, 1e-8}, ones(30), 1e-6, new double[] {1, 0.5}, 1e-6);
        check(new double[] {1, 0.5, 1e-8}, ones(30), 1e-10, new double[] {1, 0.5, 1e-8}, 1e-10);
    }

    @Test
    void moreTermsThanOneBlockAndUnequalScales() {
        int q = 50;
        double[] d = new double[20];
        double[] expected = new double[20];
        for (int c = 0; c < d.length; c++) {
            d[c] = (c % 2 == 0 ? 1 : -1) * (20.0 - c);
            expected[c] = d[c];
        }
        double[] t = new SplittableRandom(7).doubles(q, 0.2, 1).toArray();
        check(d, t, 1e-10, expected, 1e-10);
        check(d, ones(q), 1e-10, expected, 1e-10);
    }

    @Test
    void moreTermsThanOneProductOfSketches() {
        // 150 terms take ten blocks and a test block, more than the rows one product computes,
        // so the range finder uses rows of two products and leaves some of the second unused
        int q = 300;
        int terms = 150;
        assertTrue(terms > Compression.SKETCH_BLOCKS * 16, "the sketches span two products");
        double[] d = new double[terms];
        double[] expected = new double[terms];
        for (int c = 0; c < terms; c++) {
            d[c] = (c % 2 == 0 ? 1 : -1) * (terms - c);
            expected[c] = d[c];
        }
        double[] t = new SplittableRandom(11).doubles(q, 0.2, 1).toArray();
        check(d, t, 1e-10, expected, 1e-10);
    }

    @Test
    void aBlockTakesTheRowsLeftByOneProductAndTheNextOnesRows() {
        // q = 40: one product of 40 rows; 16 kept, then 14 of 16 (rank 30), so the third block
        // wants 10 rows where 8 are left: it takes those and 2 of a fresh product
        double[] d = new double[30];
        double[] expected = new double[30];
        for (int c = 0; c < d.length; c++) {
            d[c] = (c % 2 == 0 ? -1 : 1) * (30.0 - c);
            expected[c] = d[c];
        }
        check(d, ones(40), 1e-10, expected, 1e-10);
    }

    @Test
    void theZeroFormIsOneZeroTerm() {
        Compression zero = Compression.of(new double[25], ones(5), 5, 1e-10);
        assertEquals(1, zero.rank());
        assertArrayEquals(new double[] {0}, zero.weights());
        assertArrayEquals(new double[5], zero.basisT());
    }
}
