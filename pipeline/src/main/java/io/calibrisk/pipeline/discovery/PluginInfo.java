package io.calibrisk.pipeline.discovery;

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
}
