package io.calibrisk.pipeline.discovery;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A plugin's description compares by value and hashes as a record would (its equals and hashCode
 * are written out: docs/performance.md, "Records' own methods"), so that the report's maps keyed by
 * it keep their order.
 */
class PluginInfoTest {
    private static final PluginInfo INFO = new PluginInfo("kkr", "0.1.0", "1.4", "io.example.Kkr", "/lib/kkr.jar");

    @Test
    void equalByEveryFieldAndHashedAsARecord() {
        assertEquals(new PluginInfo("kkr", "0.1.0", "1.4", "io.example.Kkr", "/lib/kkr.jar"), INFO);
        int h = 0;
        for (String field : List.of("kkr", "0.1.0", "1.4", "io.example.Kkr", "/lib/kkr.jar")) {
            h = 31 * h + field.hashCode();
        }
        assertEquals(h, INFO.hashCode());
        assertEquals(0, new PluginInfo(null, null, null, null, null).hashCode());
        assertEquals(new PluginInfo(null, null, null, null, null), new PluginInfo(null, null, null, null, null));
        for (PluginInfo other : List.of(
                new PluginInfo("ukkr", "0.1.0", "1.4", "io.example.Kkr", "/lib/kkr.jar"),
                new PluginInfo("kkr", "0.2.0", "1.4", "io.example.Kkr", "/lib/kkr.jar"),
                new PluginInfo("kkr", "0.1.0", "1.3", "io.example.Kkr", "/lib/kkr.jar"),
                new PluginInfo("kkr", "0.1.0", "1.4", "io.example.Ukkr", "/lib/kkr.jar"),
                new PluginInfo("kkr", "0.1.0", "1.4", "io.example.Kkr", "/plugins/kkr.jar"),
                new PluginInfo(null, "0.1.0", "1.4", "io.example.Kkr", "/lib/kkr.jar"))) {
            assertNotEquals(INFO, other);
            assertNotEquals(other, INFO);
        }
        assertNotEquals(INFO, null);
        assertNotEquals(INFO, "kkr");
    }
}
