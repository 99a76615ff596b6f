package io.calibrisk.estimators.kkr;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The time estimate of a fold's factorisation, by hand from the stated rates. */
class CostModelTest {

    @Test
    void exactModeIsCubicInTheTrainingSize() {
        // 6400³ / 3e9 + 6400²·10 / 2 / 3e8
        assertEquals(6400.0 * 6400 * 6400 / 3e9 + 6400.0 * 6400 * 10 / 2 / 3e8,
                CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, true), 1e-9);
        assertEquals(6400.0 * 6400 * 6400 / 6e8 + 6400.0 * 6400 * 10 / 2 / 3e8,
                CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 10, false), 1e-9);
    }

    @Test
    void fastModeIsLinearInTheTrainingSizeAtAFixedRank() {
        double one = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, true);
        assertEquals(1.35 * 32_000 * 3000.0 * 3000 / 2e9 + 3000.0 * 3000 * 3000 / 3e9 + 2.0 * 32_000 * 3000 * 100 / 3e8,
                one, 1e-9);
        double twice = CostModel.foldSeconds(Mode.FAST, 64_000, 3000, 100, true);
        assertEquals(2 * one - 3000.0 * 3000 * 3000 / 3e9, twice, 1e-9);
    }

    @Test
    void durationsInWords() {
        assertEquals("1 s", CostModel.words(0.2));
        assertEquals("59 s", CostModel.words(59.4));
        assertEquals("1 min 28 s", CostModel.words(87.6));
        assertEquals("2 h 05 min", CostModel.words(2 * 3600 + 5 * 60 + 10));
    }
}
