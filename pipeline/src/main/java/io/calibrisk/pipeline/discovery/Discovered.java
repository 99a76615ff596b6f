package io.calibrisk.pipeline.discovery;

/**
 * A plugin found on the class path, with where it came from.
 *
 * @param name     the name it registers under
 * @param plugin   the provider instance
 * @param source   the jar or class folder its class was loaded from
 * @param <T>      the kind of plugin
 */
public record Discovered<T>(String name, T plugin, String source) {

    /** @return the provider's class name */
    public String className() {
        return plugin.getClass().getName();
    }
}
