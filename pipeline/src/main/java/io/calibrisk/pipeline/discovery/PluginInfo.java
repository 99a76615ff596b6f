package io.calibrisk.pipeline.discovery;

import java.util.Objects;

/**
 * A plugin that discovery loaded.
 *
 * @param name       the plugin's name
 * @param version    the plugin's own version
 * @param spiVersion the SPI version it was compiled against
 * @param className  its {@link io.calibrisk.api.CalibriskPlugin} class
 * @param source     the jar or class folder it was loaded from
 */
public record PluginInfo(String name, String version, String spiVersion, String className, String source) {

    // Written out, with the values the record's own methods give: those are bootstrapped at their
    // first call, which costs a run tens of milliseconds (docs/performance.md, "Records' own
    // methods").
    @Override
    public final boolean equals(Object o) {
        return o instanceof PluginInfo other && Objects.equals(name, other.name)
                && Objects.equals(version, other.version) && Objects.equals(spiVersion, other.spiVersion)
                && Objects.equals(className, other.className) && Objects.equals(source, other.source);
    }

    @Override
    public final int hashCode() {
        int h = Objects.hashCode(name);
        h = 31 * h + Objects.hashCode(version);
        h = 31 * h + Objects.hashCode(spiVersion);
        h = 31 * h + Objects.hashCode(className);
        return 31 * h + Objects.hashCode(source);
    }
}
