package io.calibrisk.api.setting;

import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ValueTypeTest {

    private static String refusal(ValueType type, String text) {
        return assertThrows(InvalidSettingException.class, () -> type.parse("kkr.max-rank", text)).getMessage();
    }

    @Test
    void integersParseToLongsAndRefuseFractionsAndTheOutside() {
        ValueType.IntegerRange range = ValueType.integer(1, 1000);
        assertEquals(7L, range.parse("kkr.max-rank", " 7 "));
        assertEquals("kkr.max-rank = 2.5: must be an integer from 1 to 1000", refusal(range, "2.5"));
        assertEquals("kkr.max-rank = 0: must be an integer from 1 to 1000", refusal(range, "0"));
        assertEquals("kkr.max-rank = many: must be an integer from 1 to 1000", refusal(range, "many"));
        assertEquals("an integer ≥ 1", ValueType.integerAtLeast(1).describe());
    }

    @Test
    void realsRespectOpenAndClosedBounds() {
        ValueType.RealRange tolerance = ValueType.real(0, true, 1, false);
        assertEquals(0.0, tolerance.parse("t", "0"));
        assertEquals("a number in [0, 1)", tolerance.describe());
        assertThrows(InvalidSettingException.class, () -> tolerance.parse("t", "1"));
        assertThrows(InvalidSettingException.class, () -> ValueType.positive().parse("b", "0"));
        assertThrows(InvalidSettingException.class, () -> ValueType.anyReal().parse("b", "NaN"));
        assertThrows(InvalidSettingException.class, () -> ValueType.anyReal().parse("b", "Infinity"));
        assertEquals(-3.5, ValueType.anyReal().parse("b", "-3.5"));
    }

    @Test
    void choicesAreExactAndKernelNamesAreNonEmpty() {
        ValueType.Choice mode = ValueType.choice("fast", "exact");
        assertEquals("exact", mode.parse("kkr.mode", "exact"));
        assertEquals("kkr.mode = EXACT: must be one of fast, exact", assertThrows(InvalidSettingException.class,
                () -> mode.parse("kkr.mode", "EXACT")).getMessage());
        assertEquals("rbf", ValueType.positiveDefiniteKernel().parse("kkr.kernel", " rbf"));
        assertThrows(InvalidSettingException.class, () -> ValueType.densityKernel().parse("kde.kernel", " "));
    }

    @Test
    void aSettingsDefaultMustLieInItsDomain() {
        assertThrows(InvalidSettingException.class, () -> new Setting("max-rank", ValueType.integer(1, 10), "20", ""));
        assertThrows(InvalidSettingException.class, () -> new Setting("max rank", ValueType.integer(1, 10), "2", ""));
        assertEquals("", new Setting("max-rank", ValueType.integer(1, 10), "2", null).description());
    }

    @Test
    void settingValuesHandOutTypedValuesAndNameTheMissingOnes() {
        SettingValues values = new SettingValues(Map.of("max-rank", 3L, "mode", "fast"));
        assertEquals(3L, values.integer("max-rank"));
        assertEquals("fast", values.choice("mode"));
        assertEquals("setting = gamma: was not declared or resolved",
                assertThrows(InvalidSettingException.class, () -> values.real("gamma")).getMessage());
        assertThrows(InvalidSettingException.class, () -> values.real("mode"));
        assertThrows(InvalidSettingException.class, () -> values.densityKernel("mode"));
    }
}
