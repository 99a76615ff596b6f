package io.calibrisk.estimators.kkr;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The time estimate of a fold's factorisation, by hand from the stated rates. */
class CostModelTest {
    private static final CostModel.Machine NATIVE = new CostModel.Machine(true, true, true);
    private static final CostModel.Machine JAVA = new CostModel.Machine(false, false, false);

    @Test
    void exactModeIsCubicInTheTrainingSize() {
        // 6400³ / 6e9 + 6400²·10 / 2 / 3e8
        double one = CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, NATIVE);
        assertEquals(6400.0 * 6400 * 6400 / 6e9 + 6400.0 * 6400 * 10 / 2 / 3e8, one, 1e-9);
        // 44 s: CIFAR-10 canonical's folds took 42 to 53 s each, two at a time (README)
        assertTrue(one > 40 && one < 50, "estimate " + one);
        assertEquals(6400.0 * 6400 * 6400 / 1e9 + 6400.0 * 6400 * 10 / 2 / 3e8,
                CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, JAVA), 1e-9);
        // 3200-point folds: 4.3 to 4.9 s each with the native LAPACK, 24 to 29 s with the Java code
        double nativeHalf = CostModel.foldSeconds(Mode.EXACT, 3200, 3200, 10, NATIVE);
        double javaHalf = CostModel.foldSeconds(Mode.EXACT, 3200, 3200, 10, JAVA);
        assertTrue(nativeHalf > 4 && nativeHalf < 7, "estimate " + nativeHalf);
        assertTrue(javaHalf > 24 && javaHalf < 40, "estimate " + javaHalf);
    }

    @Test
    void aFitIsQuadraticInTheRankInFastModeAndCubicInTheFoldInExactMode() {
        assertEquals(3000.0 * 3000 / 8.6e6, CostModel.kroneckerFitSeconds(Mode.FAST, 3000), 1e-12);
        assertEquals(6400.0 * 6400 * 6400 / 1.3e11, CostModel.kroneckerFitSeconds(Mode.EXACT, 6400), 1e-12);
        // measured: fast mode at r = 3000 about 1.05 s a fit; exact mode at n = 6400 2.0 s, at 3200 0.25 s
        assertEquals(1.05, CostModel.kroneckerFitSeconds(Mode.FAST, 3000), 0.1);
        assertEquals(2.0, CostModel.kroneckerFitSeconds(Mode.EXACT, 6400), 0.2);
        assertEquals(0.25, CostModel.kroneckerFitSeconds(Mode.EXACT, 3200), 0.05);
    }

    @Test
    void fastModeWithTheNativeLibrariesAndKernelProducts() {
        // the pivoted Cholesky and LᵀL, the feature map and the weights at 1.3e10 multiply-adds
        // per second; the eigendecomposition; the kernel's inner products and exponentials
        double expected = (1.35 * 32_000 * 3000.0 * 3000 + 3000.0 * 3000 * 3000 / 2 + 32_000 * 3000.0 * 100) / 1.3e10
                + 3000.0 * 3000 * 3000 / 6e9 + 32_000 * 3000.0 * 100 / 1.3e10 + 32_000 * 3000.0 / 1e8;
        double one = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, NATIVE);
        assertEquals(expected, one, 1e-9);
        // 38 s: the folds of n = 50 000, d = 100 took 26 to 50 s each, two at a time (README)
        assertTrue(one > 35 && one < 40, "estimate " + one);
    }

    @Test
    void fastModeIsLinearInTheTrainingSizeAtAFixedRank() {
        double one = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, JAVA);
        assertEquals((1.35 * 32_000 * 3000.0 * 3000 + 3000.0 * 3000 * 3000 / 2 + 32_000 * 3000.0 * 100) / 2e9
                + 3000.0 * 3000 * 3000 / 1e9 + 2.0 * 32_000 * 3000 * 100 / 3e8, one, 1e-9);
        double twice = CostModel.foldSeconds(Mode.FAST, 64_000, 3000, 100, JAVA);
        double fixed = 3000.0 * 3000 * 3000 / 2 / 2e9 + 3000.0 * 3000 * 3000 / 1e9;
        assertEquals(2 * one - fixed, twice, 1e-9);
    }

    @Test
    void kernelValuesOneAtATimeWithoutProducts() {
        double products = CostModel.foldSeconds(Mode.FAST, 10_000, 500, 20, NATIVE);
        double direct = CostModel.foldSeconds(Mode.FAST, 10_000, 500, 20, new CostModel.Machine(true, true, false));
        assertEquals(2.0 * 10_000 * 500 * 20 / 3e8 - (10_000 * 500.0 * 20 / 1.3e10 + 10_000 * 500.0 / 1e8),
                direct - products, 1e-12);
    }

    @Test
    void durationsInWords() {
        assertEquals("1 s", CostModel.words(0.2));
        assertEquals("59 s", CostModel.words(59.4));
        assertEquals("1 min 28 s", CostModel.words(87.6));
        assertEquals("2 h 05 min", CostModel.words(2 * 3600 + 5 * 60 + 10));
    }
}
