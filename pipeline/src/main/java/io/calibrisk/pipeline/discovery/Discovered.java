package io.calibrisk.pipeline.discovery;

/**
 * One contribution of a plugin (an estimator, a kernel or a search strategy), with where it
 * came from.
 *
 * @param name        the name it registers under
 * @param provider    the contributed instance (for an estimator, its metadata as discovery
 *                    asked it once, see {@link #className()})
 * @param plugin      the plugin that contributed it
 * @param description its description, as discovery asked it once (not escaped: escape it
 *                    before printing)
 * @param <T>         the kind of contribution
 */
public record Discovered<T>(String name, T provider, PluginInfo plugin, String description) {

    /** @return the class name of the plugin's own contributed instance */
    public String className() {
        return CheckedEstimator.original(provider).getClass().getName();
    }

    /** @return the jar or class folder the plugin was loaded from */
    public String source() {
        return plugin.source();
    }
}
