package io.calibrisk.testsupport.kernel;

import org.junit.jupiter.api.Test;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The log-space reference densities against closed forms and against the direct densities. */
class StirlingDensityTest {

    @Test
    void logGammaMatchesClosedFormsAndTheLanczosGamma() {
        // the recurrence from 1 or 2 up to 15 costs a rounding of ln 14! ≈ 25
        assertEquals(0.0, StirlingDensity.logGamma(1), 1e-14);
        assertEquals(0.0, StirlingDensity.logGamma(2), 1e-14);
        assertClose(0.5 * Math.log(Math.PI), StirlingDensity.logGamma(0.5), 1e-15, "lnΓ(1/2)");
        assertClose(Math.log(3628800), StirlingDensity.logGamma(11), 1e-15, "lnΓ(11) = ln 10!");
        // lnΓ(n + 1) = Σ ln k, summed exactly enough at n = 1000
        double sum = 0;
        for (int k = 2; k <= 1000; k++) {
            sum += Math.log(k);
        }
        assertClose(sum, StirlingDensity.logGamma(1001), 1e-14, "lnΓ(1001)");
        for (double x = 0.75; x < 160; x *= 1.37) {
            assertClose(Math.log(DirectDensity.gamma(x)), StirlingDensity.logGamma(x), 1e-13, 1e-14, "lnΓ(" + x + ")");
        }
        // lnΓ(x + 1) − lnΓ(x) = ln x, where the series is used on both sides
        for (double x = 20; x < 2e6; x *= 3.1) {
            assertClose(Math.log(x), StirlingDensity.logGamma(x + 1) - StirlingDensity.logGamma(x), 1e-9,
                    "recurrence at " + x);
        }
    }

    @Test
    void densitiesAgreeWithTheDirectOnesWhereThoseAreRepresentable() {
        double[][] points = {{0.2, 0.3, 0.5}, {0.05, 0.9, 0.05}, {0, 0.4, 0.6}, {1, 0, 0}};
        for (double b : new double[] {0.05, 0.1, 0.5, 1}) {
            for (double[] c : points) {
                for (double[] x : points) {
                    assertSameLog(DirectDensity.dirichlet(c, x, b), StirlingDensity.logDirichlet(c, x, b),
                            "Dirichlet at b = " + b);
                }
                assertSameLog(DirectDensity.beta(c[0], c[1], b), StirlingDensity.logBeta(c[0], c[1], b),
                        "Beta at b = " + b);
            }
        }
    }

    private static void assertSameLog(double direct, double log, String what) {
        if (direct == 0) {
            assertEquals(Double.NEGATIVE_INFINITY, log, what);
        } else {
            assertClose(Math.log(direct), log, 1e-12, 1e-12, what);
        }
    }

    @Test
    void theBetaDensityIntegratesToOneAtSmallBandwidths() {
        // midpoint rule on a grid fine enough for a peak of width about sqrt(c(1 − c)b)
        for (double b : new double[] {1e-5, 1e-4, 1e-3}) {
            for (double c : new double[] {0.3, 0.77}) {
                int steps = 2_000_000;
                double sum = 0;
                for (int i = 0; i < steps; i++) {
                    double x = (i + 0.5) / steps;
                    sum += Math.exp(StirlingDensity.logBeta(c, x, b));
                }
                assertClose(1.0, sum / steps, 1e-6, "∫ Beta density, c = " + c + ", b = " + b);
            }
        }
    }
}
