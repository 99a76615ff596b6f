package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;

class FastExpTest {

    @Test
    void withinTwoUlpOfTheExactExponentialBelowZero() {
        Seeds.qt(20000).forAll(doubles().between(-800, 0)).checkAssert(x -> {
            double exact = StrictMath.exp(x);
            double fast = FastExp.exp(x);
            assertTrue(Math.abs(fast - exact) <= 2 * Math.ulp(exact), "exp(" + x + ") = " + exact + " but got " + fast);
        });
        Seeds.qt(20000).forAll(doubles().between(-1e-3, 0)).checkAssert(x -> {
            double exact = StrictMath.exp(x);
            assertTrue(Math.abs(FastExp.exp(x) - exact) <= 2 * Math.ulp(exact), "exp(" + x + ")");
        });
    }

    @Test
    void edgesAreExact() {
        assertEquals(1.0, FastExp.exp(0.0));
        assertEquals(1.0, FastExp.exp(-0.0));
        assertEquals(0.0, FastExp.exp(Double.NEGATIVE_INFINITY));
        assertEquals(0.5, FastExp.exp(-Math.log(2)), Math.ulp(0.5));
    }
}
