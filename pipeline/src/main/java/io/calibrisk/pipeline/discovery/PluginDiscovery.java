package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.PluginException;
import io.calibrisk.api.PluginNames;
import io.calibrisk.api.SpiVersion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.pipeline.Failures;
import io.calibrisk.pipeline.TimeLimit;
import io.calibrisk.pipeline.Untrusted;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Finds every {@link CalibriskPlugin} listed in a service file
 * {@code META-INF/services/io.calibrisk.api.CalibriskPlugin} on the class path, as
 * {@link ServiceLoader} finds providers there (see {@link ServiceFiles}), and collects what
 * each contributes: estimators, density kernels, positive-definite kernels and search
 * strategies.
 *
 * <p>A plugin that fails to load is skipped with one line, logged as a warning and kept in
 * {@link Plugins#skipped()}, that names its class and jar and says why: its class is missing
 * or cannot be loaded; its constructor or static initialiser throws anything (an
 * {@link Error} such as {@link StackOverflowError} included); it does not finish loading within
 * {@link #TIME_LIMIT}; it states an SPI version this runtime cannot load (the line gives both
 * versions); it does not implement a method of this SPI; or its metadata is broken (a name
 * against {@link PluginNames}, a method returning null or throwing, a setting or search space
 * that cannot be built). The others still load. Two plugins of one name, two contributions of
 * one kind that claim one name, or one plugin or contribution class present in two jars (where
 * the class loader would silently use the first) are a {@link PluginException} naming both
 * jars. One plugin class found twice in the same jar (a jar listed twice) counts once, as does
 * one plugin instance given twice; a plugin given as an instance that discovery also found is
 * a plugin of one name twice. Every line is {@linkplain Untrusted#escape escaped}: class names,
 * jar paths and a plugin's messages may hold anything.
 *
 * <p>Discovery calls the plugin's constructor and the metadata methods of the SPI (names,
 * versions, descriptions, domains, notions, search spaces, settings), nothing else, each once;
 * estimators keep the answers (see {@link Discovered#provider()}). It does so on a thread of
 * its own per plugin, so that a plugin that never returns is skipped after
 * {@link #TIME_LIMIT} instead of stopping every command.
 */
public final class PluginDiscovery {
    /**
     * How long one plugin may take to be constructed and to answer its metadata: far more than
     * an honest plugin needs (it reads no data), little enough to notice a hang.
     */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(20);
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);
    /** Bounds the loop over a service file whose every entry fails. */
    private static final int MAX_FAILURES = 10_000;

    private PluginDiscovery() {
    }

    /**
     * @param classLoader where to look for {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}
     * @return what was found
     * @throws PluginException if two plugins, or two contributions of one kind, share a name, or
     *     a plugin's class is in two jars
     */
    public static Plugins discover(ClassLoader classLoader) {
        return discover(classLoader, List.of());
    }

    /**
     * @param classLoader where to look for {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}
     * @param instances   plugins given as instances (an application's own), checked like the others
     * @return what was found
     * @throws PluginException if two plugins, or two contributions of one kind, share a name, or
     *     a plugin's class is in two jars
     */
    public static Plugins discover(ClassLoader classLoader, List<? extends CalibriskPlugin> instances) {
        return discover(classLoader, instances, TIME_LIMIT);
    }

    /** {@link #discover(ClassLoader, List)} with another time limit per plugin, for tests. */
    static Plugins discover(ClassLoader classLoader, List<? extends CalibriskPlugin> instances, Duration limit) {
        Collector collector = new Collector(limit);
        for (Map.Entry<String, String> entry : ServiceFiles.read(classLoader, collector::skip).entrySet()) {
            if (collector.failures >= MAX_FAILURES) {
                break;
            }
            collector.discovered(entry.getKey(), entry.getValue(), classLoader);
        }
        instances.forEach(collector::given);
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
        Collector collector = new Collector(plugins, TIME_LIMIT);
        instances.forEach(collector::given);
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

    /** A plugin constructed and asked for its metadata: what it contributes, or why it is skipped. */
    private record Inspection(PluginInfo info, List<Contribution<?>> contributions, String skipped) {
        static Inspection skip(String line) {
            return new Inspection(null, List.of(), line);
        }
    }

    /** Collects plugins one by one; a plugin's contributions are registered once all of them passed the checks. */
    private static final class Collector {
        private final Duration limit;
        private final List<String> skipped = new ArrayList<>();
        private final List<PluginInfo> plugins = new ArrayList<>();
        private final Map<String, Discovered<EstimatorProvider>> estimators = new TreeMap<>();
        private final Map<String, Discovered<DensityKernel>> densityKernels = new TreeMap<>();
        private final Map<String, Discovered<PositiveDefiniteKernel>> positiveDefiniteKernels = new TreeMap<>();
        private final Map<String, Discovered<SearchStrategy>> strategies = new TreeMap<>();
        private final Set<String> seen = new HashSet<>();
        private final Set<CalibriskPlugin> instances = Collections.newSetFromMap(new IdentityHashMap<>());
        private int failures;

        Collector(Duration limit) {
            this.limit = limit;
        }

        Collector(Plugins found, Duration limit) {
            this(limit);
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
            String line = Untrusted.escape(message);
            LOG.warn(line);
            skipped.add(line);
        }

        /**
         * A plugin listed in a service file: loaded without running its code, then created and
         * asked for its metadata on a thread of its own. One class from one jar counts once (a
         * jar listed twice).
         */
        void discovered(String className, String listedIn, ClassLoader loader) {
            Class<?> type;
            try {
                type = Class.forName(className, false, loader);
            } catch (ClassNotFoundException e) {
                skip("plugin " + className + " (" + listedIn + ") skipped: its class is not in the jar");
                return;
            } catch (Throwable e) {
                skip("plugin " + className + " (" + listedIn + ") skipped: its class cannot be loaded: " + reason(e));
                return;
            }
            String source = sourceOf(type);
            String where = "plugin " + className + " (" + source + ")";
            if (!CalibriskPlugin.class.isAssignableFrom(type)) {
                skip(where + " skipped: its class does not implement the plugin interface of this SPI");
                return;
            }
            if (!seen.add(className + "\n" + source)) {
                return;
            }
            requireOneJar(type, "plugin class");
            inspectAndAdd(where, () -> {
                CalibriskPlugin plugin;
                try {
                    plugin = (CalibriskPlugin) type.getConstructor().newInstance();
                } catch (NoSuchMethodException | IllegalAccessException e) {
                    return Inspection.skip(where + " skipped: it has no public constructor without arguments "
                            + "(a public class with one is needed)");
                } catch (InstantiationException e) {
                    return Inspection.skip(where + " skipped: its class is abstract");
                } catch (Throwable e) {
                    Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
                    LOG.debug("{} could not be created", where, e);
                    return Inspection.skip(where + " skipped: it could not be created: " + reason(cause));
                }
                return inspect(plugin, className, source);
            });
        }

        /** A plugin given as an instance: counts once per instance. */
        void given(CalibriskPlugin plugin) {
            if (!instances.add(plugin)) {
                return;
            }
            String className = plugin.getClass().getName();
            String source = sourceOf(plugin.getClass());
            inspectAndAdd("plugin " + className + " (" + source + ")", () -> inspect(plugin, className, source));
        }

        private void inspectAndAdd(String where, Callable<Inspection> inspection) {
            Inspection result;
            try {
                result = TimeLimit.call("calibrisk-discovery", limit, inspection);
            } catch (TimeoutException e) {
                skip(where + " skipped: it did not finish loading within " + TimeLimit.describe(limit)
                        + " (its constructor or metadata never returned)");
                return;
            } catch (ExecutionException e) {
                skip(where + " skipped: " + reason(e.getCause()));
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PluginException("discovery was interrupted while loading " + Untrusted.escape(where));
            }
            if (result.skipped() != null) {
                skip(result.skipped());
                return;
            }
            add(result);
        }

        private void add(Inspection inspection) {
            PluginInfo info = inspection.info();
            for (PluginInfo other : plugins) {
                if (other.name().equals(info.name())) {
                    throw duplicate("plugin '" + info.name() + "' is provided twice: by " + other.className()
                            + " (" + other.source() + ") and by " + info.className() + " (" + info.source() + ")");
                }
            }
            for (Contribution<?> c : inspection.contributions()) {
                requireOneJar(CheckedEstimator.original(c.provider).getClass(), c.kind + " class");
            }
            plugins.add(info);
            for (Contribution<?> c : inspection.contributions()) {
                c.register(info);
            }
        }

        Plugins result() {
            return new Plugins(plugins, estimators, densityKernels, positiveDefiniteKernels, strategies, skipped);
        }

        /**
         * Constructs nothing: asks a plugin, on the discovery thread, for its version and
         * contributions, and checks them.
         */
        private Inspection inspect(CalibriskPlugin plugin, String className, String source) {
            String where = "plugin " + className + " (" + source + ")";
            List<Contribution<?>> contributions = new ArrayList<>();
            try {
                String spi = CheckedEstimator.require(plugin.spiVersion(), "spiVersion()");
                SpiVersion version = SpiVersion.parse(spi);
                if (!SpiVersion.CURRENT.canLoad(version)) {
                    return Inspection.skip(where + " skipped: built for SPI " + version
                            + ", but this calibrisk has SPI " + SpiVersion.CURRENT);
                }
                PluginInfo info = new PluginInfo(PluginNames.check("plugin", plugin.name()),
                        CheckedEstimator.require(plugin.version(), "version()"), spi, className, source);
                for (EstimatorProvider p : CheckedEstimator.require(plugin.estimators(), "estimators()")) {
                    CheckedEstimator checked = new CheckedEstimator(p);
                    contributions.add(new Contribution<>("estimator", checked.name(), checked, checked.description(),
                            estimators));
                }
                for (DensityKernel k : CheckedEstimator.require(plugin.densityKernels(), "densityKernels()")) {
                    CheckedEstimator.require(k, "densityKernels()");
                    String description = CheckedEstimator.require(k.description(), "description()");
                    CheckedEstimator.require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("density kernel", k.name(), k, description, densityKernels));
                }
                for (PositiveDefiniteKernel k : CheckedEstimator.require(plugin.positiveDefiniteKernels(),
                        "positiveDefiniteKernels()")) {
                    CheckedEstimator.require(k, "positiveDefiniteKernels()");
                    String description = CheckedEstimator.require(k.description(), "description()");
                    CheckedEstimator.require(k.parameterName(), "parameterName()");
                    CheckedEstimator.require(k.parameterDomain(), "parameterDomain()");
                    CheckedEstimator.require(k.domain(), "domain()");
                    contributions.add(new Contribution<>("positive-definite kernel", k.name(), k, description,
                            positiveDefiniteKernels));
                }
                for (SearchStrategy s : CheckedEstimator.require(plugin.searchStrategies(), "searchStrategies()")) {
                    CheckedEstimator.require(s, "searchStrategies()");
                    String description = CheckedEstimator.require(s.description(), "description()");
                    contributions.add(new Contribution<>("search strategy", s.name(), s, description, strategies));
                }
                for (Contribution<?> c : contributions) {
                    PluginNames.check(c.kind, c.name);
                }
                return new Inspection(info, contributions, null);
            } catch (Throwable e) {
                // Anything a plugin throws, an Error or a checked exception thrown sneakily included.
                LOG.debug("{} skipped", where, e);
                return Inspection.skip(where + " skipped: " + reason(e));
            }
        }
    }

    private static PluginException duplicate(String message) {
        return new PluginException(Untrusted.escape(message + "; remove one of them"));
    }

    /**
     * Refuses a class that two jars hold: the class loader would use the first and ignore the
     * other silently, whichever version the user meant to install.
     */
    private static void requireOneJar(Class<?> type, String kind) {
        ClassLoader loader = type.getClassLoader();
        if (loader == null) {
            return;
        }
        Set<String> jars = new LinkedHashSet<>();
        String name = type.getName().replace('.', '/') + ".class";
        try {
            Enumeration<URL> copies = loader.getResources(name);
            while (copies.hasMoreElements()) {
                jars.add(jarOf(copies.nextElement(), name));
            }
        } catch (IOException e) {
            return;
        }
        if (jars.size() > 1) {
            Iterator<String> each = jars.iterator();
            throw duplicate(kind + " " + type.getName() + " is in two jars: " + each.next() + " and " + each.next()
                    + " (calibrisk would use the first)");
        }
    }

    /** One named contribution of a plugin, registered once the whole plugin has been checked. */
    private static final class Contribution<T> {
        final String kind;
        final String name;
        final T provider;
        final String description;
        final Map<String, Discovered<T>> target;

        Contribution(String kind, String name, T provider, String description, Map<String, Discovered<T>> target) {
            this.kind = kind;
            this.name = name;
            this.provider = provider;
            this.description = description;
            this.target = target;
        }

        void register(PluginInfo info) {
            Discovered<T> candidate = new Discovered<>(name, provider, info, description);
            Discovered<T> previous = target.get(name);
            if (previous != null) {
                throw duplicate(kind + " '" + name + "' is provided twice: by "
                        + previous.className() + " (" + previous.source() + ") and by "
                        + candidate.className() + " (" + candidate.source() + ")");
            }
            target.put(name, candidate);
            LOG.debug("found {} '{}' ({}) in {}", kind, name, candidate.className(), candidate.source());
        }
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

    /**
     * @param resource the URL of a resource
     * @param name     the resource's name, e.g. {@code com/example/P.class}
     * @return the path of the jar or folder that holds it
     */
    static String jarOf(URL resource, String name) {
        String text = resource.toString();
        String root = text;
        if (text.startsWith("jar:")) {
            int bang = text.indexOf("!/");
            root = text.substring(4, bang < 0 ? text.length() : bang);
        } else if (text.endsWith(name)) {
            root = text.substring(0, text.length() - name.length());
        }
        try {
            return Path.of(new URL(root).toURI()).toString();
        } catch (java.net.MalformedURLException | URISyntaxException | IllegalArgumentException
                 | FileSystemNotFoundException e) {
            return root;
        }
    }

    /**
     * @param contribution a contribution as discovery hands it out
     * @return the path of the jar or folder its class was loaded from, or {@code built-in}
     */
    public static String sourceOf(Object contribution) {
        return sourceOf(CheckedEstimator.original(contribution).getClass());
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
