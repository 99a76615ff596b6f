package io.calibrisk.api.search;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.setting.ValueType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SearchSpaceTest {
    private final SearchSpace space = SearchSpace.of(
            Axis.list("bins", 5, 10).withDomain(ValueType.integerAtLeast(1)),
            Axis.log10("lambda", -1, -2, 2).scaledByPowerOfN(1.5));

    @Test
    void theGridIsTheProductInSearchOrderAsReportedValues() {
        assertEquals(List.of(Map.of("bins", 5.0, "lambda", 0.1), Map.of("bins", 5.0, "lambda", 0.01),
                Map.of("bins", 10.0, "lambda", 0.1), Map.of("bins", 10.0, "lambda", 0.01)), space.grid());
        assertEquals(List.of(Map.of()), SearchSpace.none().grid());
    }

    @Test
    void anyPointOfTheDomainsIsAPointOfTheSpaceScaledByN() {
        Hyperparameters point = space.at(Map.of("lambda", 0.05, "bins", 7.0), 100);
        assertEquals(7, point.value("bins"));
        assertEquals(0.05 * 1000, point.value("lambda"), 1e-12);
        assertEquals(0.05, point.reportedValue("lambda"));
        assertEquals(List.of("bins", "lambda"), List.copyOf(point.reported().keySet()));
    }

    @Test
    void pointsOutsideTheDomainsOrWithOtherAxesAreRefused() {
        assertEquals("bins = 7.5: must be an integer ≥ 1", assertThrows(InvalidSettingException.class,
                () -> space.at(Map.of("bins", 7.5, "lambda", 0.1), 100)).getMessage());
        assertThrows(InvalidSettingException.class, () -> space.at(Map.of("lambda", -1.0, "bins", 5.0), 100));
        assertThrows(InvalidSettingException.class, () -> space.at(Map.of("bins", 5.0), 100));
        assertThrows(InvalidSettingException.class, () -> space.at(Map.of("bins", 5.0, "gamma", 1.0), 100));
        assertThrows(InvalidSettingException.class, () -> space.withValues("bins", 0));
        assertThrows(InvalidSettingException.class, () -> SearchSpace.of(Axis.list("a", 1), Axis.list("a", 2)));
    }
}
