package io.calibrisk.estimators.kernel;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.DirectDensity;
import org.hipparchus.special.Gamma;
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
    private final DensityKernel dirichlet = new DirichletKernel();
    private final DensityKernel beta = new BetaKernel();

    @Test
    void discoveryFindsTheTwoDensityKernelsWithTheirDomains() {
        Map<String, DensityKernel> found = new TreeMap<>();
        for (CalibriskPlugin plugin : ServiceLoader.load(CalibriskPlugin.class)) {
            for (DensityKernel k : plugin.densityKernels()) {
                found.put(k.name(), k);
            }
        }
        assertEquals(java.util.Set.of("beta", "dirichlet"), found.keySet());
        assertEquals(KernelDomain.SIMPLEX, found.get("dirichlet").domain());
        assertEquals(KernelDomain.UNIT_INTERVAL, found.get("beta").domain());
        assertTrue(found.get("dirichlet").exponentialForm().isPresent());
        assertTrue(found.get("beta").exponentialForm().isPresent());
    }

    /**
     * The exponential form is the kernel: {@code log k(c; x) = ⟨u(c), s(x)⟩ / b − A(c, b)} (B = 0
     * for both), with the terms where u_k(c) = 0 counted as 0 even where s_k(x) = −∞.
     */
    @Test
    void theExponentialFormsAgreeWithTheLogDensities() {
        Seeds.qt(300).forAll(rowPairs(2, 6), doubles().between(-5, 0)).checkAssert((pair, logB) -> {
            double b = Math.pow(10, logB);
            assertFormAgrees(dirichlet, pair[0], pair[1], b);
            assertFormAgrees(beta, new double[] {pair[0][0]}, new double[] {pair[1][0]}, b);
        });
        assertFormAgrees(beta, new double[] {0}, new double[] {0}, 0.1);
        assertFormAgrees(beta, new double[] {1}, new double[] {1}, 0.1);
        assertFormAgrees(beta, new double[] {1}, new double[] {0}, 0.1);
        assertEquals(2, beta.exponentialForm().orElseThrow().statistics(1));
        assertEquals(7, dirichlet.exponentialForm().orElseThrow().statistics(7));
    }

    private static void assertFormAgrees(DensityKernel kernel, double[] c, double[] x, double b) {
        DensityKernel.ExponentialForm form = kernel.exponentialForm().orElseThrow();
        int q = form.statistics(c.length);
        double[] u = new double[q];
        double[] s = new double[q];
        form.centreStatistics(c, u);
        form.pointStatistics(x, s);
        double sum = 0;
        for (int k = 0; k < q; k++) {
            assertTrue(u[k] >= 0 && Double.isFinite(u[k]), "u = " + java.util.Arrays.toString(u));
            assertFalse(Double.isNaN(s[k]) || s[k] == Double.POSITIVE_INFINITY, "s = " + java.util.Arrays.toString(s));
            if (u[k] != 0) {
                sum += u[k] * s[k];
            }
        }
        double expected = kernel.logDensity(c, x, b);
        double normaliser = form.logNormaliser(c, b);
        double actual = sum / b - normaliser;
        String what = kernel.name() + " at " + java.util.Arrays.toString(x) + ", c = " + java.util.Arrays.toString(c)
                + ", b = " + b;
        if (expected == Double.NEGATIVE_INFINITY) {
            assertEquals(expected, actual, what);
        } else {
            // the terms reach 1e6 at b = 1e−5: their rounding, not the difference, sets the scale
            assertClose(expected, actual, 0, 1e-14 * (Math.abs(sum / b) + Math.abs(normaliser)) + 1e-15, what);
        }
    }

    @Test
    void dirichletAgreesWithTheDirectDensity() {
        // b ≥ 0.05 keeps Γ(Σα) and every power representable, so the direct density is exact enough
        Seeds.qt(300).forAll(rowPairs(2, 5), doubles().between(0.05, 1.0))
                .checkAssert((pair, b) -> {
                    double[] c = pair[0];
                    double[] x = pair[1];
                    double expected = DirectDensity.dirichlet(c, x, b);
                    double actual = Math.exp(dirichlet.logDensity(c, x, b));
                    assertClose(expected, actual, 1e-11, 1e-300, "Dir(" + java.util.Arrays.toString(x) + "; c/"
                            + b + " + 1), c = " + java.util.Arrays.toString(c));
                });
    }

    @Test
    void betaAgreesWithTheDirectDensityAndIsDirichletOnTwoCoordinates() {
        Seeds.qt(300).forAll(unit(), unit(), doubles().between(0.05, 1.0)).checkAssert((c, x, b) -> {
            double log = beta.logDensity(new double[] {c}, new double[] {x}, b);
            assertClose(DirectDensity.beta(c, x, b), Math.exp(log), 1e-11, 1e-300, "Beta at " + x + ", c = " + c);
            assertEquals(dirichlet.logDensity(new double[] {c, 1 - c}, new double[] {x, 1 - x}, b), log);
        });
    }

    /** The Beta kernel's constants, from its two coordinates without an array, are the Dirichlet kernel's bit for bit. */
    @Test
    void betaConstantsAreTheDirichletConstantsOfTheTwoCoordinates() {
        DensityKernel.ExponentialForm betaForm = beta.exponentialForm().orElseThrow();
        DensityKernel.ExponentialForm dirichletForm = dirichlet.exponentialForm().orElseThrow();
        Seeds.qt(500).forAll(unit(), doubles().between(-5, 0)).checkAssert((c, logB) -> {
            double b = Math.pow(10, logB);
            assertEquals(dirichletForm.logNormaliser(new double[] {c, 1 - c}, b),
                    betaForm.logNormaliser(new double[] {c}, b), "c = " + c + ", b = " + b);
        });
        for (double c : new double[] {0, 1, 0.5, Double.MIN_VALUE, 1 - 0x1p-53}) {
            for (double b : new double[] {1e-5, 0.3, 1, 7}) {
                assertEquals(dirichletForm.logNormaliser(new double[] {c, 1 - c}, b),
                        betaForm.logNormaliser(new double[] {c}, b), "c = " + c + ", b = " + b);
            }
        }
    }

    /**
     * lnΓ below 8 by the reduction to lnΓ(1 + t) with the JDK's logarithms: within 2 ulps of
     * Hipparchus's value on [1, 8) (the most seen in 3.2 million draws), within an ulp of seven
     * closed forms, and Hipparchus's own value from 8 on.
     */
    @Test
    void logGammaBelowEightIsHipparchusToTwoUlpsAndTheClosedForms() {
        Seeds.qt(20_000).forAll(doubles().between(1, DirichletDensity.REDUCED_BELOW)).checkAssert(x -> {
            double hipparchus = Gamma.logGamma(x);
            double mine = DirichletDensity.logGamma(x);
            assertTrue(Math.abs(mine - hipparchus) <= 2 * Math.ulp(hipparchus) + Double.MIN_NORMAL,
                    "lnΓ(" + x + ") = " + mine + ", Hipparchus " + hipparchus);
        });
        assertEquals(0.0, DirichletDensity.logGamma(1), 0.0);
        assertEquals(0.0, DirichletDensity.logGamma(2), 1e-16);
        // lnΓ(x) of √π·(2k)!/(4^k k!) and of factorials, to 25 digits (mpmath at 30 digits)
        double[][] closedForms = {
            {1.5, -0.1207822376352452223455184}, {2.5, 0.2846828704729191596324947}, {3, 0.6931471805599453094172321},
            {4, 1.791759469228055000812477}, {5.5, 3.957813967618716293877401}, {7, 6.579251212010100995060178},
            {7.5, 7.534364236758732955158368},
        };
        for (double[] form : closedForms) {
            assertTrue(Math.abs(DirichletDensity.logGamma(form[0]) - form[1]) <= Math.ulp(form[1]),
                    "lnΓ(" + form[0] + ") = " + DirichletDensity.logGamma(form[0]) + ", not within an ulp of " + form[1]);
        }
        // continuous where the reduction hands over to Hipparchus: lnΓ(8) = ln 5040 = 8.525161361065414300165531
        double belowEight = Math.nextDown(DirichletDensity.REDUCED_BELOW);
        assertClose(8.525161361065414300165531, DirichletDensity.logGamma(belowEight), 1e-15, "lnΓ just below 8");
        for (double x : new double[] {8, 8.5, 100, 1e5 + 1, 1e100}) {
            assertEquals(Gamma.logGamma(x), DirichletDensity.logGamma(x), "lnΓ(" + x + ")");
        }
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
                    sum += w * Math.exp(beta.logDensity(new double[] {c}, new double[] {i * h}, b));
                }
                assertClose(1.0, sum * h / 3, 1e-7, "∫ Beta kernel at c = " + c + ", b = " + b);
            }
        }
    }

    @Test
    void zerosFollowZeroTimesLogZeroIsZero() {
        double b = 0.1;
        double finite = dirichlet.logDensity(new double[] {0, 0.5, 0.5}, new double[] {0, 0.3, 0.7}, b);
        assertClose(Math.log(DirectDensity.dirichlet(new double[] {0, 0.5, 0.5}, new double[] {0, 0.3, 0.7}, b)),
                finite, 1e-12, "zero against zero");
        assertEquals(Double.NEGATIVE_INFINITY,
                dirichlet.logDensity(new double[] {0.2, 0.4, 0.4}, new double[] {0, 0.5, 0.5}, b));
        assertTrue(Double.isFinite(beta.logDensity(new double[] {1}, new double[] {1}, b)));
        assertTrue(Double.isFinite(beta.logDensity(new double[] {0}, new double[] {0}, 1e-5)));
        assertEquals(Double.NEGATIVE_INFINITY, beta.logDensity(new double[] {0.5}, new double[] {1}, b));
        assertEquals(Double.NEGATIVE_INFINITY, beta.logDensity(new double[] {1e-9}, new double[] {0}, b));
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
                    double v = dirichlet.logDensity(c, x, b);
                    assertFalse(Double.isNaN(v) || v == Double.POSITIVE_INFINITY, "log Dir = " + v);
                    double w = beta.logDensity(new double[] {c[0]}, new double[] {x[0]}, b);
                    assertFalse(Double.isNaN(w) || w == Double.POSITIVE_INFINITY, "log Beta = " + w);
                });
    }

    @Test
    void rejectsInvalidArguments() {
        double[] p = {0.5, 0.5};
        assertThrows(InvalidSettingException.class, () -> dirichlet.logDensity(p, p, 0));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logDensity(p, p, -1));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logDensity(p, p, Double.NaN));
        assertThrows(InvalidSettingException.class, () -> dirichlet.logDensity(p, p, Double.POSITIVE_INFINITY));
        assertThrows(InvalidInputException.class, () -> dirichlet.logDensity(p, new double[] {1.5, -0.5}, 0.1));
        assertThrows(InvalidInputException.class, () -> dirichlet.logDensity(p, new double[] {1}, 0.1));
        assertThrows(InvalidInputException.class, () -> beta.logDensity(p, p, 0.1));
        assertEquals("beta kernel: centre of dimension 1 and point of dimension 2 must both be scalars", assertThrows(
                InvalidInputException.class, () -> beta.logDensity(new double[] {0.5}, p, 0.1)).getMessage());
        assertEquals("kernel arguments: centre of dimension 0 and point of dimension 0 must have one equal, positive "
                + "dimension", assertThrows(InvalidInputException.class,
                        () -> dirichlet.logDensity(new double[0], new double[0], 0.1)).getMessage());
        assertEquals("beta kernel bandwidth = 1.0e-101: must be a finite number ≥ 1.0e-100", assertThrows(
                InvalidSettingException.class, () -> beta.logDensity(new double[] {0.5}, new double[] {0.5}, 1e-101))
                .getMessage());
        assertThrows(InvalidSettingException.class,
                () -> dirichlet.exponentialForm().orElseThrow().logNormaliser(p, 1e-101));
        assertThrows(InvalidSettingException.class,
                () -> beta.exponentialForm().orElseThrow().logNormaliser(new double[] {0.5}, -1));
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
