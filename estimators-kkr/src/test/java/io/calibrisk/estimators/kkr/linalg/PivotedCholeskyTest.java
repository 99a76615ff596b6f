package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static io.calibrisk.testsupport.Seeds.qt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class PivotedCholeskyTest {

    private static double[] kernel(double[] x, double gamma) {
        int n = x.length;
        double[] k = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double d = x[i] - x[j];
                k[i * n + j] = Math.exp(-gamma * d * d);
            }
        }
        return k;
    }

    private static double[] uniform(SplittableRandom random, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
        }
        return x;
    }

    private static PivotedCholesky.Factor factor(double[] k, int n, double tolerance, int cap) {
        return PivotedCholesky.of(diagonal(k, n), columns(k, n), tolerance, cap, Parallelism.sequential());
    }

    private static double[] diagonal(double[] k, int n) {
        double[] diagonal = new double[n];
        for (int i = 0; i < n; i++) {
            diagonal[i] = k[i * n + i];
        }
        return diagonal;
    }

    private static PivotedCholesky.Columns columns(double[] k, int n) {
        return (p, from, to, out, offset) -> {
            for (int j = from; j < to; j++) {
                out[offset + j] = k[j * n + p];
            }
        };
    }

    @Test
    void reproducesThePivotColumnsAndBoundsTheResidualByItsTrace() {
        qt(40).forAll(integers().between(2, 60), longs().all()).checkAssert((n, seed) -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[] x = uniform(random, n);
            double[] k = kernel(x, 20);
            PivotedCholesky.Factor f = factor(k, n, 1e-10, n);
            assertTrue(f.residualTrace() <= 1e-10 * f.initialTrace() || f.rank() == n);
            double residualTrace = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double llt = 0;
                    for (int t = 0; t < f.rank(); t++) {
                        llt += f.get(i, t) * f.get(j, t);
                    }
                    if (i == j) {
                        residualTrace += k[i * n + i] - llt;
                    }
                    // the residual is PSD, so |E_ij| ≤ sqrt(E_ii E_jj) ≤ its trace
                    assertEquals(k[i * n + j], llt, f.residualTrace() + 1e-13, "entry " + i + ", " + j);
                }
            }
            assertEquals(f.residualTrace(), residualTrace, 1e-12, "residual trace");
            for (int a = 0; a < f.rank(); a++) {
                for (int t = a + 1; t < f.rank(); t++) {
                    assertEquals(0.0, f.get(f.pivots()[a], t), "L is lower triangular on the pivots");
                }
            }
        });
    }

    /**
     * The rbf kernel's rank bound, which plans the fast mode's memory, holds for the ranks the
     * pivoted Cholesky reaches on points of norm at most 1 (probability vectors).
     */
    @Test
    void staysWithinTheRbfKernelsRankBound() {
        RbfKernel rbf = new RbfKernel();
        int n = 1200;
        SplittableRandom random = new SplittableRandom(7);
        for (int m = 1; m <= 3; m++) {
            double[][] points = new double[n][m];
            for (double[] point : points) {
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    point[c] = -Math.log(1 - random.nextDouble());
                    sum += point[c];
                }
                for (int c = 0; c < m; c++) {
                    point[c] = m == 1 ? random.nextDouble() : point[c] / sum;
                }
            }
            double[] k = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    k[i * n + j] = rbf.value(points[i], points[j], 1.0);
                }
            }
            for (double tolerance : new double[] {1e-10, 1e-15}) {
                long bound = rbf.rankBound(m, 1.0, tolerance).orElseThrow();
                PivotedCholesky.Factor f = factor(k, n, tolerance, n);
                assertTrue(f.rank() <= bound, "m = " + m + ", tolerance " + tolerance + ": rank " + f.rank()
                        + " above the bound " + bound);
            }
        }
        assertEquals(23, rbf.rankBound(1, 1.0, 1e-15).orElseThrow());
        assertEquals(171, rbf.rankBound(2, 1.0, 1e-10).orElseThrow());
    }

    /**
     * LᵀL, the Gram matrix the eigendecomposition takes, equals the textbook sum over L's rows
     * and is exactly symmetric, whether the native BLAS computes it (in blocks of 128 rows of G,
     * several here) or the Java product; and it is the same bit for bit on one thread and on two.
     */
    @Test
    void gramIsLTransposeLExactlySymmetricAndTheSameOnAnyNumberOfThreads() {
        int n = 700;
        SplittableRandom random = new SplittableRandom(5);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
        }
        double[] k = kernel(x, 1e5);
        PivotedCholesky.Factor f = factor(k, n, 1e-15, 300);
        int r = f.rank();
        assertEquals(300, r, "the cap, so that G spans three native blocks");
        double[] g = f.gram();
        for (int a = 0; a < r; a++) {
            for (int u = 0; u < r; u++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += f.get(i, a) * f.get(i, u);
                }
                assertEquals(sum, g[a * r + u], 1e-13 * n, "G at " + a + ", " + u);
                assertEquals(g[u * r + a], g[a * r + u], "symmetric at " + a + ", " + u);
            }
        }
        double[] diagonal = new double[n];
        for (int i = 0; i < n; i++) {
            diagonal[i] = k[i * n + i];
        }
        try (io.calibrisk.testsupport.plugin.ThreadPool pool = new io.calibrisk.testsupport.plugin.ThreadPool(2)) {
            PivotedCholesky.Factor parallel = PivotedCholesky.of(diagonal, (p, from, to, out, offset) -> {
                for (int j = from; j < to; j++) {
                    out[offset + j] = k[j * n + p];
                }
            }, 1e-15, 300, pool);
            org.junit.jupiter.api.Assertions.assertArrayEquals(f.columns(), parallel.columns(), "L");
            org.junit.jupiter.api.Assertions.assertArrayEquals(g, parallel.gram(), "LᵀL");
        }
    }

    /**
     * The factors are nested: the leading q columns of a factor are the factor the cap q gives,
     * with the same pivots, the leading block of the Gram matrix and the residual trace of the
     * shorter run (the trace the dropped columns carry added back).
     */
    @Test
    void theLeadingFactorIsTheFactorTheCapWouldHaveGiven() {
        qt(40).forAll(integers().between(2, 60), longs().all()).checkAssert((n, seed) -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[] x = uniform(random, n);
            double[] k = kernel(x, 200);
            PivotedCholesky.Factor whole = factor(k, n, 0, n);
            int q = 1 + random.nextInt(whole.rank());
            PivotedCholesky.Factor leading = whole.leading(q);
            PivotedCholesky.Factor capped = factor(k, n, 0, q);
            assertEquals(q, leading.rank());
            assertEquals(java.util.Arrays.toString(capped.pivots()), java.util.Arrays.toString(leading.pivots()));
            for (int t = 0; t < q; t++) {
                for (int i = 0; i < n; i++) {
                    assertEquals(capped.get(i, t), leading.get(i, t), 1e-12, "L[" + i + "][" + t + "]");
                }
                for (int u = 0; u < q; u++) {
                    assertEquals(capped.gram()[t * q + u], leading.gram()[t * q + u], 1e-12, "gram");
                }
            }
            assertEquals(capped.residualTrace(), leading.residualTrace(), 1e-12 * whole.initialTrace(), "residual trace");
            assertEquals(whole.initialTrace(), leading.initialTrace());
        });
        double[] x = {0, 0.25, 0.5, 0.75, 1};
        PivotedCholesky.Factor f = factor(kernel(x, 50), 5, 0, 5);
        assertEquals("leading rank = 0: must be in [1, 5]",
                assertThrows(InvalidSettingException.class, () -> f.leading(0)).getMessage());
        assertEquals("leading rank = 6: must be in [1, 5]",
                assertThrows(InvalidSettingException.class, () -> f.leading(6)).getMessage());
        assertEquals(f.residualTrace(), f.leading(5).residualTrace());
    }

    @Test
    void stopsAtTheRankCap() {
        double[] x = {0, 0.25, 0.5, 0.75, 1};
        PivotedCholesky.Factor f = factor(kernel(x, 50), 5, 0, 3);
        assertEquals(3, f.rank());
        assertEquals(0, f.pivots()[0], "ties go to the lowest index");
    }

    /**
     * 3n·r for L while it doubles or is trimmed, n per predicted pivot's column (at most 128) plus
     * one, n per column of a block (at most 128), and the rows of L at two predictions'
     * candidates (at most 128 each, and at most n).
     */
    @Test
    void peakMemoryIsThreeFactorsAndTheCandidates() {
        assertEquals(3 * 1000 * 10 + 1000 * 11 + 1000 * 10 + 2 * 128 * 10, PivotedCholesky.peakDoubles(1000, 10));
        assertEquals(3L * 200_000 * 46 + 200_000L * 47 + 200_000L * 46 + 2 * 128 * 46,
                PivotedCholesky.peakDoubles(200_000, 46));
        assertEquals(3L * 32_000 * 3000 + 32_000L * 129 + 32_000L * 128 + 2 * 128 * 3000,
                PivotedCholesky.peakDoubles(32_000, 3000));
        assertEquals(1000 * 16 + 1000 * 2 + 1000 + 2 * 128, PivotedCholesky.peakDoubles(1000, 1));
        assertEquals(3 * 100 * 10 + 100 * 11 + 100 * 10 + 2 * 100 * 10, PivotedCholesky.peakDoubles(100, 10));
    }

    /**
     * A prediction computes only the chosen candidates' columns of their Schur complement and
     * extends the last prediction's rows of L, and the factor is bit for bit the one whose every
     * prediction eliminates the whole complement from rows of L gathered anew: on the rbf kernel
     * of points in 12 dimensions (rank far above a block, so that the candidates carry over many
     * blocks), and with a kernel that gives different values for k(x, y) and k(y, x) for half the
     * pairs (both must orient a pair alike). And the prediction works: the blocks are long.
     */
    @Test
    void predictingFromTheChosenColumnsGivesTheFactorOfTheWholeElimination() {
        int n = 1500;
        int dimension = 12;
        SplittableRandom random = new SplittableRandom(11);
        double[][] x = new double[n][dimension];
        for (double[] point : x) {
            for (int c = 0; c < dimension; c++) {
                point[c] = random.nextDouble();
            }
        }
        double[] diagonal = new double[n];
        Arrays.fill(diagonal, 1.0);
        for (boolean symmetric : new boolean[] {true, false}) {
            PivotedCholesky.Columns source = (p, from, to, out, offset) -> {
                for (int j = from; j < to; j++) {
                    double squared = 0;
                    for (int c = 0; c < dimension; c++) {
                        double d = x[j][c] - x[p][c];
                        squared += d * d;
                    }
                    // exp(−γ·d²), and below the diagonal 1e−3 larger for half the pairs, so that
                    // k(x, y) and k(y, x) differ there enough to change which candidates a
                    // prediction takes if the two orient a pair differently
                    double value = Math.exp(-0.7 * squared);
                    out[offset + j] = j == p ? 1.0 : symmetric || j < p || (j + p) % 2 == 1 ? value
                            : value * (1 + 1e-3);
                }
            };
            PivotedCholesky.Factor lazy = PivotedCholesky.of(diagonal, source, 1e-15, 400,
                    Parallelism.sequential());
            PivotedCholesky.Factor whole = PivotedCholesky.eliminatedWhole(diagonal, source, 1e-15, 400,
                    Parallelism.sequential());
            assertEquals(400, lazy.rank(), "the cap stops it, many blocks in");
            assertArrayEquals(whole.pivots(), lazy.pivots(), "pivots, symmetric " + symmetric);
            assertArrayEquals(whole.columns(), lazy.columns(), "L, symmetric " + symmetric);
            assertArrayEquals(whole.gram(), lazy.gram(), "LᵀL, symmetric " + symmetric);
            assertEquals(whole.residualTrace(), lazy.residualTrace());
            // a wrong Schur complement of the candidates still gives the greedy pivots, only in
            // other blocks: 15 passes for the 400 steps here (the native and the Java product may
            // round a near tie apart), 323 with the candidates' rows of L left at 0
            int passes = PivotedCholesky.passes(diagonal, source, 1e-15, 400, true);
            assertEquals(PivotedCholesky.passes(diagonal, source, 1e-15, 400, false), passes,
                    "the same blocks as the whole elimination's, symmetric " + symmetric);
            if (symmetric) {
                assertTrue(passes <= 20, passes + " passes over L");
            }
        }
    }

    /** The rank alone (for a time estimate before a run) is the factor's, whatever stops it. */
    @Test
    void theRankAloneIsTheFactorsRank() {
        qt(40).forAll(integers().between(2, 300), longs().all()).checkAssert((n, seed) -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[] x = uniform(random, n);
            double gamma = 1 + 999 * random.nextDouble();
            double tolerance = random.nextBoolean() ? 1e-15 : 1e-6;
            int cap = 1 + random.nextInt(n);
            double[] k = kernel(x, gamma);
            int rank = PivotedCholesky.rank(diagonal(k, n), columns(k, n), tolerance, cap, Parallelism.sequential());
            assertEquals(factor(k, n, tolerance, cap).rank(), rank);
        });
        assertEquals("max-rank = 0: must be at least 1", assertThrows(InvalidSettingException.class,
                () -> PivotedCholesky.rank(new double[] {1, 1, 1}, (p, from, to, out, offset) -> {
                }, 0.5, 0, Parallelism.sequential())).getMessage());
        assertEquals("tolerance = 1.0: must be in [0, 1)", assertThrows(InvalidSettingException.class,
                () -> PivotedCholesky.rank(new double[] {1, 1, 1}, (p, from, to, out, offset) -> {
                }, 1.0, 3, Parallelism.sequential())).getMessage());
    }

    @Test
    void refusesAToleranceOutsideTheUnitIntervalAndACapBelowOne() {
        double[] x = {0, 0.5, 1};
        assertEquals("tolerance = 1.0: must be in [0, 1)",
                assertThrows(InvalidSettingException.class, () -> factor(kernel(x, 1), 3, 1.0, 3)).getMessage());
        assertEquals("tolerance = -0.1: must be in [0, 1)",
                assertThrows(InvalidSettingException.class, () -> factor(kernel(x, 1), 3, -0.1, 3)).getMessage());
        assertEquals("tolerance = NaN: must be in [0, 1)",
                assertThrows(InvalidSettingException.class, () -> factor(kernel(x, 1), 3, Double.NaN, 3)).getMessage());
        assertEquals("max-rank = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> factor(kernel(x, 1), 3, 0, 0)).getMessage());
        // the edges of the domain are accepted
        assertEquals(3, factor(kernel(x, 1), 3, 0.0, 3).rank());
        assertEquals(1, factor(kernel(x, 1), 3, 0.0, 1).rank());
        assertEquals(1, factor(kernel(x, 1), 3, Math.nextDown(1.0), 3).rank());
    }

    @Test
    void aFactorOfDisagreeingShapesIsRefused() {
        assertThrows(InvalidSettingException.class, () -> new PivotedCholesky.Factor(2, 1, new int[2], new double[2],
                new double[1], 1, 0));
        assertThrows(InvalidSettingException.class, () -> new PivotedCholesky.Factor(2, 1, new int[1], new double[1],
                new double[1], 1, 0));
        // a leading factor shares the columns beyond its rank
        assertEquals(2, new PivotedCholesky.Factor(2, 1, new int[1], new double[4], new double[1], 1, 0).size());
        assertThrows(InvalidSettingException.class, () -> new PivotedCholesky.Factor(2, 1, new int[1], new double[2],
                new double[2], 1, 0));
        assertEquals(0.5, new PivotedCholesky.Factor(2, 1, new int[1], new double[] {1, 0.5}, new double[1], 1, 0)
                .get(1, 0));
    }
}
