package io.calibrisk.estimators.kkr;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The settings' own checks, at the edges of their domains. */
class KrrSettingsTest {

    private static KrrSettings settings(double tolerance, int maxRank) {
        return new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, tolerance, maxRank);
    }

    private static String refused(double tolerance, int maxRank) {
        return assertThrows(InvalidSettingException.class, () -> settings(tolerance, maxRank)).getMessage();
    }

    @Test
    void theToleranceIsInTheHalfOpenUnitInterval() {
        assertEquals(0.0, settings(0.0, 1).tolerance());
        assertEquals(Math.nextDown(1.0), settings(Math.nextDown(1.0), 1).tolerance());
        assertEquals("tolerance = 1.0: must be in [0, 1)", refused(1.0, 1));
        assertEquals("tolerance = -1.0E-15: must be in [0, 1)", refused(-1e-15, 1));
        assertEquals("tolerance = NaN: must be in [0, 1)", refused(Double.NaN, 1));
    }

    @Test
    void theRankCapIsAtLeastOne() {
        assertEquals(1, settings(1e-15, 1).maxRank());
        assertEquals("max-rank = 0: must be at least 1", refused(1e-15, 0));
    }
}
