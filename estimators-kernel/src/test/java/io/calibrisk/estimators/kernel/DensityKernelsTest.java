package io.calibrisk.estimators.kernel;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.kernel.Kernel;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.DirectDensity;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class DensityKernelsTest {
    private final Kernel dirichlet = new DirichletKernel();
    private final Kernel beta = new BetaKernel();

    @Test
    void serviceLoaderListsTheFourKernels() {
        Map<String, Kernel> found = new TreeMap<>();
        for (Kernel k : ServiceLoader.load(Kernel.class)) {
            found.put(k.name(), k);
        }
        assertEquals(java.util.Set.of("beta", "dirichlet", "laplacian", "rbf"), found.keySet());
        assertEquals(Kernel.Domain.SIMPLEX, found.get("dirichlet").domain());
        assertEquals(Kernel.Domain.UNIT_INTERVAL, found.get("beta").domain());
        assertEquals("bandwidth", found.get("dirichlet").parameterName());
        assertEquals("bandwidth", found.get("beta").parameterName());
        assertFalse(found.get("dirichlet").positiveDefinite());
        assertFalse(found.get("beta").positiveDefinite());
        assertTrue(found.get("rbf").positiveDefinite());
        assertEquals(-0.5 * 0.25, found.get("rbf").logValue(new double[] {0.5}, new double[] {1.0}, 0.5), 1e-15);
    }

    @Test
    void dirichletAgreesWithTheDirectDensity() {
        // b ≥ 0.05 keeps Γ(Σα) and every power representable, so the direct density is exact enough
        Seeds.qt(300).forAll(rowPairs(2, 5), doubles().between(0.05, 1.0))
                .checkAssert((pair, b) -> {
                    double[] c = pair[0];
                    double[] x = pair[1];
                    double expected = DirectDensity.dirichlet(c, x, b);
                    double actual = Math.exp(dirichlet.logValue(c, x, b));
                    assertClose(expected, actual, 1e-11, 1e-300, "Dir(" + java.util.Arrays.toString(x) + "; c/"
                            + b + " + 1), c = " + java.util.Arrays.toString(c));
                });
    }

    @Test
    void betaAgreesWithTheDirectDensityAndIsDirichletOnTwoCoordinates() {
        Seeds.qt(300).forAll(unit(), unit(), doubles().between(0.05, 1.0)).checkAssert((c, x, b) -> {
            double log = beta.logValue(new double[] {c}, new double[] {x}, b);
            assertClose(DirectDensity.beta(c, x, b), Math.exp(log), 1e-11, 1e-300, "Beta at " + x + ", c = " + c);
            assertEquals(dirichlet.logValue(new double[] {c, 1 - c}, new double[] {x, 1 - x}, b), log);
        });
    }

    @Test
    void betaDensityIntegratesToOne() {
        // exponents c/b and (1 − c)/b of 0 or at least 1, so that Simpson's rule converges quickly
        for (double c : new double[] {0, 0.3, 0.75, 1}) {
            for (double b : new double[] {0.05, 0.1, 0.25}) {
                int steps = 20000;
                double h = 1.0 / steps;
                double sum = 0;
                for (int i = 0; i <= steps; i++) {
                    double w = i == 0 || i == steps ? 1 : (i % 2 == 1 ? 4 : 2);
                    sum += w * beta.value(new double[] {c}, new double[] {i * h}, b);
                }
                assertClose(1.0, sum * h / 3, 1e-7, "∫ Beta kernel at c = " + c + ", b = " + b);
            }
        }
    }

    @Test
    void zerosFollowZeroTimesLogZeroIsZero() {
        double b = 0.1;
        double finite = dirichlet.logValue(new double[] {0, 0.5, 0.5}, new double[] {0, 0.3, 0.7}, b);
        assertClose(Math.log(DirectDensity.dirichlet(new double[] {0, 0.5, 0.5}, new double[] {0, 0.3, 0.7}, b)),
                finite, 1e-12, "zero against zero");
        assertEquals(Double.NEGATIVE_INFINITY,
                dirichlet.logValue(new double[] {0.2, 0.4, 0.4}, new double[] {0, 0.5, 0.5}, b));
        assertTrue(Double.isFinite(beta.logValue(new double[] {1}, new double[] {1}, b)));
        assertTrue(Double.isFinite(beta.logValue(new double[] {0}, new double[] {0}, 1e-5)));
        assertEquals(Double.NEGATIVE_INFINITY, beta.logValue(new double[] {0.5}, new double[] {1}, b));
        assertEquals(Double.NEGATIVE_INFINITY, beta.logValue(new double[] {1e-9}, new double[] {0}, b));
    }

    @Test
    void neverNaNNorPlusInfinityOnAwkwardRows() {
        Gen<RowStyle> awkward = Generate.pick(java.util.List.of(RowStyle.EXACT_ZEROS, RowStyle.ONE_HOT,
                RowStyle.NEAR_UNIFORM, RowStyle.NEAR_DEGENERATE, RowStyle.CONFIDENT));
        Gen<RowStyle[]> styles = awkward.zip(awkward, (a, b) -> new RowStyle[] {a, b})
                .describedAs(java.util.Arrays::toString);
        Seeds.qt(500).forAll(integers().between(2, 8), styles, longs().all(), doubles().between(-5, 0))
                .checkAssert((d, style, seed, logB) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    double[] c = Generators.row(random, d, style[0]);
                    double[] x = Generators.row(random, d, style[1]);
                    double b = Math.pow(10, logB);
                    double v = dirichlet.logValue(c, x, b);
                    assertFalse(Double.isNaN(v) || v == Double.POSITIVE_INFINITY, "log Dir = " + v);
                    double w = beta.logValue(new double[] {c[0]}, new double[] {x[0]}, b);
                    assertFalse(Double.isNaN(w) || w == Double.POSITIVE_INFINITY, "log Beta = " + w);
                });
    }

    @Test
    void rejectsInvalidArguments() {
        double[] p = {0.5, 0.5};
        assertThrows(InvalidSettingException.class, () -> dirichlet.logValue(p, p, 0));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logValue(p, p, -1));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logValue(p, p, Double.NaN));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logValue(p, p, Double.POSITIVE_INFINITY));
        assertThrows(InvalidInputException.class, () -> dirichlet.logValue(p, new double[] {1.5, -0.5}, 0.1));
        assertThrows(InvalidInputException.class, () -> dirichlet.logValue(p, new double[] {1}, 0.1));
        assertThrows(InvalidInputException.class, () -> beta.logValue(p, p, 0.1));
    }

    /** A centre and a point of one dimension, each drawn in its own style. */
    private static Gen<double[][]> rowPairs(int minClasses, int maxClasses) {
        Gen<RowStyle> styles = Generate.pick(java.util.List.of(RowStyle.SPREAD, RowStyle.CONFIDENT,
                RowStyle.EXACT_ZEROS, RowStyle.NEAR_UNIFORM, RowStyle.ONE_HOT));
        return integers().between(minClasses, maxClasses).zip(styles, styles, longs().all(), (d, a, b, seed) -> {
            SplittableRandom random = new SplittableRandom(seed);
            return new double[][] {Generators.row(random, d, a), Generators.row(random, d, b)};
        }).describedAs(java.util.Arrays::deepToString);
    }

    private static Gen<Double> unit() {
        return Generate.pick(java.util.List.of(0.0, 1.0, 1e-9, 1 - 1e-9)).mix(doubles().between(0, 1), 80);
    }
}
