package io.calibrisk.estimators.kkr.kernel;

import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

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
}
