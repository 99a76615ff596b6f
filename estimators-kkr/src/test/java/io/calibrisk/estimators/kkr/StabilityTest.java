package io.calibrisk.estimators.kkr;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The stability criterion of the class javadoc of {@link Stability}, by hand at its boundaries. */
class StabilityTest {
    private static final double U = 0x1p-53;

    @Test
    void sensitivitiesAreTheStatedFormulas() {
        // kkr: 2u·√r_s·λ_max²/μ = 2u·3·16/2, exact in binary
        assertEquals(48 * U, Stability.kronecker(4, 2, 9));
        // ukkr: 2u·λ_max/μ
        assertEquals(3 * U, Stability.twoStep(3, 2));
        assertEquals(0.5 * U, Stability.twoStep(1, 4));
    }

    @Test
    void significantModesAreThoseStrictlyAbove1e14OfTheLargest() {
        assertEquals(2, Stability.significantModes(new double[] {1, 0.5, 1e-15, 0}));
        assertEquals(1, Stability.significantModes(new double[] {1, 1e-14}), "at the floor is not above it");
        assertEquals(2, Stability.significantModes(new double[] {1, Math.nextUp(1e-14)}));
        assertEquals(3, Stability.significantModes(new double[] {8, 4, 2}), "every mode");
        assertEquals(2, Stability.significantModes(new double[] {1e-10, 2e-24, 1e-24}), "relative to the largest");
        assertEquals(1, Stability.significantModes(new double[] {2}));
        assertEquals(1, Stability.significantModes(new double[] {0, 0}), "at least one");
    }

    @Test
    void aGridPointIsUnstableStrictlyAboveTheThreshold() {
        assertEquals(Optional.empty(), Stability.check(1e-6, 1e-3, 5));
        assertEquals(Optional.empty(), Stability.check(0, 1e-3, 5));
        assertEquals(Optional.of("regularisation 0.00100 is too small against the spectrum (largest eigenvalue "
                + "5.000): rounding can move the result by a relative 2.0e-06 > 1e-06"), Stability.check(2e-6, 1e-3, 5));
        assertEquals(true, Stability.check(Math.nextUp(1e-6), 1e-3, 5).isPresent());
    }
}
