package io.calibrisk.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpiVersionTest {

    @Test
    void aRuntimeLoadsPluginsOfItsMajorVersionUpToItsMinor() {
        SpiVersion runtime = SpiVersion.parse("1.2");
        assertTrue(runtime.canLoad(SpiVersion.parse("1.0")));
        assertTrue(runtime.canLoad(SpiVersion.parse("1.2")));
        assertFalse(runtime.canLoad(SpiVersion.parse("1.3")));
        assertFalse(runtime.canLoad(SpiVersion.parse("2.0")));
        assertFalse(runtime.canLoad(SpiVersion.parse("0.9")));
        assertEquals(SpiVersion.parse(CalibriskPlugin.SPI_VERSION), SpiVersion.CURRENT);
    }

    @Test
    void onlyMajorDotMinorParses() {
        for (String bad : new String[] {"1", "1.", ".1", "1.0.0", "one.two", "", "-1.0"}) {
            assertThrows(InvalidSettingException.class, () -> SpiVersion.parse(bad), bad);
        }
        assertEquals("SPI version = 1.0.0: must be MAJOR.MINOR, e.g. " + CalibriskPlugin.SPI_VERSION,
                assertThrows(InvalidSettingException.class, () -> SpiVersion.parse("1.0.0")).getMessage());
        assertEquals("10.20", SpiVersion.parse(" 10.20 ").toString());
    }

    @Test
    void theNamingRuleIsOneRule() {
        for (String good : new String[] {"bins-15", "rbf", "refine", "a", "kde2", "a-b-c"}) {
            assertTrue(PluginNames.isValid(good), good);
        }
        for (String bad : new String[] {"", "Bins", "bins_15", "-bins", "bins-", "bins--15", "15-bins", "bins 15",
                "a".repeat(PluginNames.MAX_LENGTH + 1), null}) {
            assertFalse(PluginNames.isValid(bad), bad);
        }
        assertTrue(PluginNames.isValid("a".repeat(PluginNames.MAX_LENGTH)));
        assertEquals("estimator name = Bins: must be 1 to 40 lower-case letters, digits and single hyphens, starting "
                + "with a letter", assertThrows(InvalidSettingException.class, () -> PluginNames.check("estimator", "Bins"))
                .getMessage());
    }
}
