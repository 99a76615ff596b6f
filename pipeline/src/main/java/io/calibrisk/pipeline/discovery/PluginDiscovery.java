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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Finds every {@link CalibriskPlugin} with {@link ServiceLoader} and collects what each
 * contributes: estimators, density kernels, positive-definite kernels and search strategies.
 *
 * <p>A plugin that fails to load (its class is missing, its constructor throws, it states an
 * SPI version this runtime cannot load, or its metadata is broken) is logged with its class
 * name and jar and skipped; the others still load. Two contributions of one kind that claim
 * one name are a {@link PluginException} that names both classes and their jars. One plugin
 * class seen twice from the same source (a jar listed twice) counts once.
 *
 * <p>Discovery calls the plugin's constructor and the metadata methods of the SPI (names,
 * descriptions, notions, search spaces, settings), nothing else.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);
    /** Bounds the loop over a service file whose every entry fails. */
    private static final int MAX_FAILURES = 10_000;

    private PluginDiscovery() {
    }

    /**
     * @param classLoader where to look for {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}
     * @return what was found
     * @throws PluginException if two contributions of one kind share a name
     */
    public static Plugins discover(ClassLoader classLoader) {
        List<String> skipped = new ArrayList<>();
        List<PluginInfo> plugins = new ArrayList<>();
        Map<String, Discovered<EstimatorProvider>> estimators = new TreeMap<>();
        Map<String, Discovered<DensityKernel>> densityKernels = new TreeMap<>();
        Map<String, Discovered<PositiveDefiniteKernel>> positiveDefiniteKernels = new TreeMap<>();
        Map<String, Discovered<SearchStrategy>> strategies = new TreeMap<>();
        List<String> seen = new ArrayList<>();
        Iterator<CalibriskPlugin> iterator = ServiceLoader.load(CalibriskPlugin.class, classLoader).iterator();
        int failures = 0;
        while (failures < MAX_FAILURES) {
            CalibriskPlugin plugin;
            try {
                if (!iterator.hasNext()) {
                    break;
                }
                plugin = iterator.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                failures++;
                skip(skipped, "plugin skipped: " + describe(e));
                continue;
            }
            String className = plugin.getClass().getName();
            String source = sourceOf(plugin.getClass());
            if (seen.contains(className + "\n" + source)) {
                continue;
            }
            seen.add(className + "\n" + source);
            PluginInfo info;
            List<Contribution<?>> contributions = new ArrayList<>();
            try {
                String spi = require(plugin.spiVersion(), "spiVersion()");
                SpiVersion version = SpiVersion.parse(spi);
                if (!SpiVersion.CURRENT.canLoad(version)) {
                    failures++;
                    skip(skipped, "plugin " + className + " (" + source + ") skipped: built for SPI " + version
                            + ", but this calibrisk has SPI " + SpiVersion.CURRENT);
                    continue;
                }
                info = new PluginInfo(PluginNames.check("plugin", plugin.name()), require(plugin.version(), "version()"),
                        spi, className, source);
                for (EstimatorProvider p : require(plugin.estimators(), "estimators()")) {
                    contributions.add(new Contribution<>("estimator", checkEstimator(p), p, estimators));
                }
                for (DensityKernel k : require(plugin.densityKernels(), "densityKernels()")) {
                    require(k.description(), "description()");
                    require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("density kernel", k.name(), k, densityKernels));
                }
                for (PositiveDefiniteKernel k : require(plugin.positiveDefiniteKernels(), "positiveDefiniteKernels()")) {
                    require(k.description(), "description()");
                    require(k.parameterName(), "parameterName()");
                    require(k.parameterDomain(), "parameterDomain()");
                    require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("positive-definite kernel", k.name(), k,
                            positiveDefiniteKernels));
                }
                for (SearchStrategy s : require(plugin.searchStrategies(), "searchStrategies()")) {
                    require(s.description(), "description()");
                    contributions.add(new Contribution<>("search strategy", s.name(), s, strategies));
                }
                for (Contribution<?> c : contributions) {
                    PluginNames.check(c.kind, c.name);
                }
            } catch (RuntimeException | LinkageError e) {
                failures++;
                skip(skipped, "plugin " + className + " (" + source + ") skipped: " + e.getMessage());
                continue;
            }
            plugins.add(info);
            for (Contribution<?> c : contributions) {
                c.register(info);
            }
        }
        return new Plugins(plugins, estimators, densityKernels, positiveDefiniteKernels, strategies, skipped);
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

    private static void skip(List<String> skipped, String message) {
        LOG.warn(message);
        skipped.add(message);
    }

    /**
     * Calls everything a run asks of a provider before it starts, so that a provider with
     * broken metadata is skipped here rather than failing a run.
     */
    private static String checkEstimator(EstimatorProvider provider) {
        String name = provider.name();
        require(provider.description(), "description()");
        for (Notion notion : require(provider.notions(), "notions()")) {
            require(provider.defaultSearchSpace(notion), "defaultSearchSpace(" + notion + ")");
            require(provider.settings(notion), "settings(" + notion + ")");
        }
        return name;
    }

    private static <V> V require(V value, String what) {
        if (value == null) {
            throw new IllegalStateException(what + " returned null");
        }
        return value;
    }

    private static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            sb.append(": ").append(cause);
        }
        return sb.toString();
    }

    /**
     * @param type a class
     * @return the file name of the jar or folder it was loaded from, or {@code built-in}
     */
    public static String sourceOf(Class<?> type) {
        CodeSource code = type.getProtectionDomain().getCodeSource();
        if (code == null || code.getLocation() == null) {
            return "built-in";
        }
        try {
            return Path.of(code.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return code.getLocation().toString();
        }
    }
}
