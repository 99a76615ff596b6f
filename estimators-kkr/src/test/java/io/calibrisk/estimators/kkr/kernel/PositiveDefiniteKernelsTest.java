package io.calibrisk.estimators.kkr.kernel;

import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** The kernels' formulas, checked on values worked out by hand and on random points. */
class PositiveDefiniteKernelsTest {
    private final PositiveDefiniteKernel rbf = new RbfKernel();
    private final PositiveDefiniteKernel laplacian = new LaplacianKernel();

    @Test
    void valuesWorkedOutByHand() {
        assertEquals(Math.exp(-0.5 * 0.25), rbf.value(new double[] {0.5}, new double[] {1.0}, 0.5), 1e-15);
        assertEquals(Math.exp(-2 * (0.01 + 0.04)), rbf.value(new double[] {0.1, 0.2}, new double[] {0.2, 0.0}, 2), 1e-15);
        assertEquals(Math.exp(-2 * (0.1 + 0.2)), laplacian.value(new double[] {0.1, 0.2}, new double[] {0.2, 0.0}, 2),
                1e-15);
        assertEquals(1.0, rbf.value(new double[] {0.3, 0.7}, new double[] {0.3, 0.7}, 1));
        assertEquals(1.0, laplacian.value(new double[] {0.3, 0.7}, new double[] {0.3, 0.7}, 1));
    }

    @Test
    void symmetricAndInTheUnitInterval() {
        Seeds.qt(300).forAll(integers().between(1, 10), longs().all(), doubles().between(0.01, 20))
                .checkAssert((m, seed, gamma) -> {
                    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
                    double[] x = random.doubles(m).toArray();
                    double[] y = random.doubles(m).toArray();
                    for (PositiveDefiniteKernel kernel : new PositiveDefiniteKernel[] {rbf, laplacian}) {
                        double v = kernel.value(x, y, gamma);
                        assertEquals(v, kernel.value(y, x, gamma), kernel.name() + " is symmetric");
                        assertTrue(v >= 0 && v <= 1, kernel.name() + " = " + v + " in [0, 1]");
                    }
                });
    }

    /**
     * The rbf bound C(m + k − 1, m) with k the smallest degree such that (2γ)^k / k! ≤ tolerance:
     * γ = 1 and 1e−15 give k = 23; γ = 1/2 and 1e−3 give k = 7 (1/7! ≈ 2e−4, 1/6! ≈ 1.4e−3).
     */
    @Test
    void rbfRankBoundsWorkedOutByHand() {
        assertEquals(OptionalLong.of(23), rbf.rankBound(1, 1.0, 1e-15));
        assertEquals(OptionalLong.of(64_512_240), rbf.rankBound(10, 1.0, 1e-15), "C(32, 10)");
        assertEquals(OptionalLong.of(7), rbf.rankBound(1, 0.5, 1e-3));
        assertEquals(OptionalLong.of(28), rbf.rankBound(2, 0.5, 1e-3), "C(8, 2)");
        assertEquals(OptionalLong.of(Long.MAX_VALUE / 2), rbf.rankBound(1_000_000, 1.0, 1e-15), "saturates");
    }

    @Test
    void rbfGivesNoRankBoundOutsideItsDomain() {
        assertEquals(OptionalLong.of(1), rbf.rankBound(1, 1e-300, 0.5));
        assertEquals(OptionalLong.empty(), rbf.rankBound(0, 1.0, 1e-15), "no dimension");
        assertEquals(OptionalLong.empty(), rbf.rankBound(1, 0.0, 1e-15), "gamma 0");
        assertEquals(OptionalLong.empty(), rbf.rankBound(1, Double.NaN, 1e-15));
        assertEquals(OptionalLong.empty(), rbf.rankBound(1, 1.0, 0.0), "tolerance 0: no finite rank");
        assertEquals(OptionalLong.empty(), rbf.rankBound(1, 1.0, 1.0), "tolerance 1");
        assertEquals(OptionalLong.empty(), rbf.rankBound(1, 1.0, Double.NaN));
        assertEquals(OptionalLong.empty(), laplacian.rankBound(1, 1.0, 1e-15), "the Laplacian kernel has none");
    }
}
