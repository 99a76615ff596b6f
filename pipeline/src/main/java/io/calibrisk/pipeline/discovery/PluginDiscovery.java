package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.PluginNames;
import io.calibrisk.api.SpiVersion;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.pipeline.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds every {@link CalibriskPlugin} with {@link ServiceLoader} and collects what each
 * contributes: estimators, density kernels, positive-definite kernels and search strategies.
 *
 * <p>A plugin that fails to load is skipped with one line, logged as a warning and kept in
 * {@link Plugins#skipped()}, that names its class and jar and says why: its class is missing
 * or its constructor throws; it states an SPI version this runtime cannot load (the line gives
 * both versions); it does not implement a method of this SPI; or its metadata is broken (a
 * name against {@link PluginNames}, a method returning null, a setting or search space that
 * cannot be built). The others still load. Two plugins of one name, or two contributions of
 * one kind that claim one name, are a {@link PluginException} naming both classes and their
 * jars. One plugin class found twice in the same jar (a jar listed twice) counts once, as does
 * one plugin instance given twice; a plugin given as an instance that discovery also found is
 * a plugin of one name twice.
 *
 * <p>Discovery calls the plugin's constructor and the metadata methods of the SPI (names,
 * descriptions, domains, notions, search spaces, settings), nothing else.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);
    /** Bounds the loop over a service file whose every entry fails. */
    private static final int MAX_FAILURES = 10_000;
    /** The provider's class in a {@link ServiceConfigurationError}'s message. */
    private static final Pattern PROVIDER = Pattern.compile("Provider (\\S+)");

    private PluginDiscovery() {
    }

    /**
     * @param classLoader where to look for {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}
     * @return what was found
     * @throws PluginException if two plugins, or two contributions of one kind, share a name
     */
    public static Plugins discover(ClassLoader classLoader) {
        return discover(classLoader, List.of());
    }

    /**
     * @param classLoader where to look for {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}
     * @param instances   plugins given as instances (an application's own), checked like the others
     * @return what was found
     * @throws PluginException if two plugins, or two contributions of one kind, share a name
     */
    public static Plugins discover(ClassLoader classLoader, List<? extends CalibriskPlugin> instances) {
        Collector collector = new Collector();
        Iterator<CalibriskPlugin> iterator = ServiceLoader.load(CalibriskPlugin.class, classLoader).iterator();
        while (collector.failures < MAX_FAILURES) {
            CalibriskPlugin plugin;
            try {
                if (!iterator.hasNext()) {
                    break;
                }
                plugin = iterator.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                collector.skip(unloadable(e, classLoader));
                continue;
            }
            collector.add(plugin, true);
        }
        instances.forEach(plugin -> collector.add(plugin, false));
        return collector.result();
    }

    /**
     * @param plugins   plugins discovered before
     * @param instances more plugins, as instances, checked like discovered ones
     * @return both together
     * @throws PluginException if two plugins, or two contributions of one kind, share a name
     */
    public static Plugins with(Plugins plugins, List<? extends CalibriskPlugin> instances) {
        if (instances.isEmpty()) {
            return plugins;
        }
        Collector collector = new Collector(plugins);
        instances.forEach(plugin -> collector.add(plugin, false));
        return collector.result();
    }

    /**
     * @param plugins plugins given as instances
     * @return what they contribute, checked as discovery checks it
     * @throws PluginException if two plugins, or two contributions of one kind, share a name
     */
    public static Plugins of(List<? extends CalibriskPlugin> plugins) {
        return with(new Plugins(List.of(), Map.of(), Map.of(), Map.of(), Map.of(), List.of()), plugins);
    }

    /** Collects plugins one by one; a plugin's contributions are registered once all of them passed the checks. */
    private static final class Collector {
        private final List<String> skipped = new ArrayList<>();
        private final List<PluginInfo> plugins = new ArrayList<>();
        private final Map<String, Discovered<EstimatorProvider>> estimators = new TreeMap<>();
        private final Map<String, Discovered<DensityKernel>> densityKernels = new TreeMap<>();
        private final Map<String, Discovered<PositiveDefiniteKernel>> positiveDefiniteKernels = new TreeMap<>();
        private final Map<String, Discovered<SearchStrategy>> strategies = new TreeMap<>();
        private final Set<String> seen = new HashSet<>();
        private final Set<CalibriskPlugin> instances = Collections.newSetFromMap(new IdentityHashMap<>());
        private int failures;

        Collector() {
        }

        Collector(Plugins found) {
            skipped.addAll(found.skipped());
            plugins.addAll(found.plugins());
            estimators.putAll(found.estimators());
            densityKernels.putAll(found.densityKernels());
            positiveDefiniteKernels.putAll(found.positiveDefiniteKernels());
            strategies.putAll(found.strategies());
            found.plugins().forEach(p -> seen.add(p.className() + "\n" + p.source()));
        }

        void skip(String message) {
            failures++;
            LOG.warn(message);
            skipped.add(message);
        }

        /**
         * @param plugin     a plugin
         * @param discovered true if the service loader found it: then one class from one jar
         *                   counts once (a jar listed twice); a plugin given as an instance
         *                   counts once per instance
         */
        void add(CalibriskPlugin plugin, boolean discovered) {
            String className = plugin.getClass().getName();
            String source = sourceOf(plugin.getClass());
            if (discovered ? !seen.add(className + "\n" + source) : !instances.add(plugin)) {
                return;
            }
            String where = "plugin " + className + " (" + source + ")";
            PluginInfo info;
            List<Contribution<?>> contributions = new ArrayList<>();
            try {
                String spi = require(plugin.spiVersion(), "spiVersion()");
                SpiVersion version = SpiVersion.parse(spi);
                if (!SpiVersion.CURRENT.canLoad(version)) {
                    skip(where + " skipped: built for SPI " + version + ", but this calibrisk has SPI "
                            + SpiVersion.CURRENT);
                    return;
                }
                info = new PluginInfo(PluginNames.check("plugin", plugin.name()), require(plugin.version(), "version()"),
                        spi, className, source);
                for (EstimatorProvider p : require(plugin.estimators(), "estimators()")) {
                    contributions.add(new Contribution<>("estimator", checkEstimator(p), p, estimators));
                }
                for (DensityKernel k : require(plugin.densityKernels(), "densityKernels()")) {
                    require(k, "densityKernels()");
                    require(k.description(), "description()");
                    require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("density kernel", k.name(), k, densityKernels));
                }
                for (PositiveDefiniteKernel k : require(plugin.positiveDefiniteKernels(), "positiveDefiniteKernels()")) {
                    require(k, "positiveDefiniteKernels()");
                    require(k.description(), "description()");
                    require(k.parameterName(), "parameterName()");
                    require(k.parameterDomain(), "parameterDomain()");
                    require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("positive-definite kernel", k.name(), k,
                            positiveDefiniteKernels));
                }
                for (SearchStrategy s : require(plugin.searchStrategies(), "searchStrategies()")) {
                    require(s, "searchStrategies()");
                    require(s.description(), "description()");
                    contributions.add(new Contribution<>("search strategy", s.name(), s, strategies));
                }
                for (Contribution<?> c : contributions) {
                    PluginNames.check(c.kind, c.name);
                }
            } catch (RuntimeException | LinkageError e) {
                skip(where + " skipped: " + reason(e));
                LOG.debug("{} skipped", where, e);
                return;
            }
            for (PluginInfo other : plugins) {
                if (other.name().equals(info.name())) {
                    throw new PluginException("plugin '" + info.name() + "' is provided twice: by " + other.className()
                            + " (" + other.source() + ") and by " + className + " (" + source + "); remove one of them");
                }
            }
            plugins.add(info);
            for (Contribution<?> c : contributions) {
                c.register(info);
            }
        }

        Plugins result() {
            return new Plugins(plugins, estimators, densityKernels, positiveDefiniteKernels, strategies, skipped);
        }
    }

    /** One named contribution of a plugin, registered once the whole plugin has been checked. */
    private static final class Contribution<T> {
        final String kind;
        final String name;
        final T provider;
        final Map<String, Discovered<T>> target;

        Contribution(String kind, String name, T provider, Map<String, Discovered<T>> target) {
            this.kind = kind;
            this.name = name;
            this.provider = provider;
            this.target = target;
        }

        void register(PluginInfo info) {
            Discovered<T> candidate = new Discovered<>(name, provider, info);
            Discovered<T> previous = target.get(name);
            if (previous != null) {
                throw new PluginException(kind + " '" + name + "' is provided twice: by "
                        + previous.className() + " (" + previous.source() + ") and by "
                        + candidate.className() + " (" + candidate.source() + "); remove one of them");
            }
            target.put(name, candidate);
            LOG.debug("found {} '{}' ({}) in {}", kind, name, candidate.className(), candidate.source());
        }
    }

    /**
     * Calls everything a run asks of a provider before it starts, so that a provider with
     * broken metadata is skipped here rather than failing a run.
     */
    private static String checkEstimator(EstimatorProvider provider) {
        require(provider, "estimators()");
        String name = provider.name();
        require(provider.description(), "description()");
        for (Notion notion : require(provider.notions(), "notions()")) {
            require(provider.defaultSearchSpace(notion), "defaultSearchSpace(" + notion + ")");
            Set<String> settings = new HashSet<>();
            for (Setting setting : require(provider.settings(notion), "settings(" + notion + ")")) {
                if (!settings.add(require(setting, "settings(" + notion + ")").name())) {
                    throw new IllegalStateException("estimator " + name + " declares the setting " + setting.name()
                            + " twice");
                }
            }
        }
        return name;
    }

    private static <V> V require(V value, String what) {
        if (value == null) {
            throw new IllegalStateException(what + " returned null");
        }
        return value;
    }

    /** Why a plugin's metadata failed, in plain words. */
    private static String reason(Throwable e) {
        if (e instanceof AbstractMethodError) {
            return "it does not implement a method of this SPI (built for another SPI version?)";
        }
        if (e instanceof NoClassDefFoundError || e instanceof ClassNotFoundException) {
            return "a class it needs is missing (built for another SPI version, or a dependency left out of the jar?)";
        }
        return Failures.describe(e);
    }

    /** A plugin whose class could not be loaded or instantiated: one line naming it and its jar. */
    private static String unloadable(Throwable e, ClassLoader loader) {
        Matcher provider = PROVIDER.matcher(String.valueOf(e.getMessage()));
        String className = provider.find() ? provider.group(1) : null;
        String where = "plugin";
        if (className != null) {
            URL location = loader.getResource(className.replace('.', '/') + ".class");
            where = "plugin " + className + (location == null ? "" : " (" + jarOf(location) + ")");
        }
        String message = String.valueOf(e.getMessage());
        String why;
        if (message.contains("not found")) {
            why = "its class is not in the jar";
        } else if (message.contains("not a subtype")) {
            why = "its class does not implement the plugin interface of this SPI";
        } else if (e.getCause() != null) {
            why = "it could not be created: " + reason(e.getCause());
        } else {
            why = reason(e);
        }
        return where + " skipped: " + why;
    }

    private static String jarOf(URL classFile) {
        String text = classFile.toString();
        if (text.startsWith("jar:")) {
            int bang = text.indexOf("!/");
            try {
                return Path.of(new URL(text.substring(4, bang < 0 ? text.length() : bang)).toURI()).toString();
            } catch (java.net.MalformedURLException | URISyntaxException | IllegalArgumentException
                     | FileSystemNotFoundException e) {
                return text;
            }
        }
        return text;
    }

    /**
     * @param type a class
     * @return the path of the jar or folder it was loaded from, or {@code built-in}
     */
    public static String sourceOf(Class<?> type) {
        CodeSource code = type.getProtectionDomain().getCodeSource();
        if (code == null || code.getLocation() == null) {
            return "built-in";
        }
        try {
            return Path.of(code.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return code.getLocation().toString();
        }
    }
}
