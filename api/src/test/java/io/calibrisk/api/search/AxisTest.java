package io.calibrisk.api.search;

import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AxisTest {

    @Test
    void integralPowersOfTenAreTheNearestDoubles() {
        assertArrayEquals(new double[] {1e-1, 1e-3, 1e-5, 1e-7, 1e-9, 1e-11, 1e-13, 1e-15, 1e-17},
                Axis.log10("lambda", -1, -17, 9).values());
        assertEquals(Math.pow(10, 3.5), Axis.log10("lambda", 4, -4.5, 18).values()[1]);
    }

    @Test
    void linearGridsEndExactlyAtTheirBounds() {
        assertArrayEquals(new double[] {5, 10, 15, 20}, Axis.linear("bins", 5, 20, 4).values());
        double[] v = Axis.linear("x", 0, 1, 7).values();
        assertEquals(1.0, v[6]);
        assertEquals(2 * (1.0 / 6), v[2]);
    }

    @Test
    void scaledAxesReportTheConstantAndHandTheEstimatorTheScaledValue() {
        SearchSpace space = SearchSpace.of(Axis.list("lambda", 1e-3).scaledByPowerOfN(1.5));
        Hyperparameters point = space.points(1600).get(0);
        assertEquals(1e-3, point.reportedValue("lambda"));
        assertEquals(1e-3 * Math.pow(1600, 1.5), point.value("lambda"));
        SearchSpace replaced = space.withValues("lambda", 2, 3);
        assertEquals(3 * Math.pow(100, 1.5), replaced.points(100).get(1).value("lambda"));
    }

    @Test
    void gridPointsAreTheCartesianProductLastAxisFastest() {
        List<Hyperparameters> points = SearchSpace.of(Axis.list("a", 1, 2), Axis.list("b", 3, 4, 5)).points(10);
        assertEquals(6, points.size());
        assertEquals(1, points.get(2).value("a"));
        assertEquals(5, points.get(2).value("b"));
        assertEquals(2, points.get(3).value("a"));
        assertEquals(1, SearchSpace.none().points(10).size());
    }

    @Test
    void invalidAxesAreRejected() {
        assertThrows(InvalidSettingException.class, () -> Axis.list("bins"));
        assertThrows(InvalidSettingException.class, () -> Axis.list("bins", Double.NaN));
        assertThrows(InvalidSettingException.class, () -> SearchSpace.of(Axis.list("a", 1)).withValues("b", 1));
    }
}
