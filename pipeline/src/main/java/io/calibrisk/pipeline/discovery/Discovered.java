package io.calibrisk.pipeline.discovery;

/**
 * One contribution of a plugin (an estimator, a kernel or a search strategy), with where it
 * came from.
 *
 * @param name     the name it registers under
 * @param provider the contributed instance
 * @param plugin   the plugin that contributed it
 * @param <T>      the kind of contribution
 */
public record Discovered<T>(String name, T provider, PluginInfo plugin) {

    /** @return the contributed instance's class name */
    public String className() {
        return provider.getClass().getName();
    }

    /** @return the jar or class folder the plugin was loaded from */
    public String source() {
        return plugin.source();
    }
}
