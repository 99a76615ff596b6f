package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TimeNeedTest {

    @Test
    void roundsAreTheTimesTheThreadsAreBusyWithAFoldsProblem() {
        assertEquals(3, new Workload(5, 1, 6400, 2000, 10, 18, 2).rounds());
        assertEquals(25, new Workload(5, 10, 6400, 2000, 1, 20, 2).rounds());
        assertEquals(5, new Workload(5, 1, 6400, 2000, 10, 18, 1).rounds());
        assertEquals(1, new Workload(5, 1, 6400, 2000, 10, 18, 8).rounds());
        assertEquals(1, new Workload(4, 1, 2, 1, 1, 1, 4).rounds());
        // no overflow: 2³¹ − 1 folds of 2³¹ − 1 components on one thread
        assertEquals((long) Integer.MAX_VALUE * Integer.MAX_VALUE,
                new Workload(Integer.MAX_VALUE, Integer.MAX_VALUE, 2, 1, 1, 1, 1).rounds());
    }

    @Test
    void aWorkloadRefusesCountsBelowOneByName() {
        assertEquals("folds = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(0, 1, 2, 1, 1, 1, 1)).getMessage());
        assertEquals("components = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 0, 2, 1, 1, 1, 1)).getMessage());
        assertEquals("training size = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 1, 0, 1, 1, 1, 1)).getMessage());
        assertEquals("query size = -1: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 1, 2, -1, 1, 1, 1)).getMessage());
        assertEquals("dimension = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 1, 2, 1, 0, 1, 1)).getMessage());
        assertEquals("grid points = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 1, 2, 1, 1, 0, 1)).getMessage());
        assertEquals("threads = 0: must be at least 1",
                assertThrows(InvalidSettingException.class, () -> new Workload(1, 1, 2, 1, 1, 1, 0)).getMessage());
    }

    @Test
    void aTimeNeedIsFiniteNotNegativeAndOneLine() {
        assertEquals(0.0, new TimeNeed(0, false, "").seconds());
        for (double bad : new double[] {-1e-300, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertEquals("seconds = " + bad + ": must be finite and not negative",
                    assertThrows(InvalidSettingException.class, () -> new TimeNeed(bad, true, "x")).getMessage());
        }
        for (String bad : new String[] {null, "two\nlines", "two\rlines"}) {
            assertThrows(InvalidSettingException.class, () -> new TimeNeed(1, false, bad), String.valueOf(bad));
        }
    }

    @Test
    void anEstimatorSaysNothingByDefault() {
        CalibrationEstimator estimator = training -> null;
        assertEquals(Optional.empty(), estimator.timeNeed(new Workload(5, 1, 6400, 2000, 10, 18, 2)));
    }
}
