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
        // 6400³ / 3e9 + 6400²·10 / 2 / 3e8
        assertEquals(6400.0 * 6400 * 6400 / 3e9 + 6400.0 * 6400 * 10 / 2 / 3e8,
                CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, NATIVE), 1e-9);
        assertEquals(6400.0 * 6400 * 6400 / 6e8 + 6400.0 * 6400 * 10 / 2 / 3e8,
                CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, JAVA), 1e-9);
    }

    @Test
    void fastModeWithTheNativeLibrariesAndKernelProducts() {
        // the pivoted Cholesky and LᵀL, the feature map and the weights at 1.3e10 multiply-adds
        // per second; the eigendecomposition; the kernel's inner products and exponentials
        double expected = (1.35 * 32_000 * 3000.0 * 3000 + 3000.0 * 3000 * 3000 / 2 + 32_000 * 3000.0 * 100) / 1.3e10
                + 3000.0 * 3000 * 3000 / 3e9 + 32_000 * 3000.0 * 100 / 1.3e10 + 32_000 * 3000.0 / 1e8;
        double one = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, NATIVE);
        assertEquals(expected, one, 1e-9);
        // 42 s: the folds of n = 50 000, d = 100 took 26 to 50 s each, two at a time (README)
        assertTrue(one > 40 && one < 45, "estimate " + one);
    }

    @Test
    void fastModeIsLinearInTheTrainingSizeAtAFixedRank() {
        double one = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, JAVA);
        assertEquals((1.35 * 32_000 * 3000.0 * 3000 + 3000.0 * 3000 * 3000 / 2 + 32_000 * 3000.0 * 100) / 2e9
                + 3000.0 * 3000 * 3000 / 6e8 + 2.0 * 32_000 * 3000 * 100 / 3e8, one, 1e-9);
        double twice = CostModel.foldSeconds(Mode.FAST, 64_000, 3000, 100, JAVA);
        double fixed = 3000.0 * 3000 * 3000 / 2 / 2e9 + 3000.0 * 3000 * 3000 / 6e8;
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
