package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.PluginException;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.Kernel;
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
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Finds every {@link EstimatorProvider} and {@link Kernel} with {@link ServiceLoader}.
 *
 * <p>A provider that fails to load (its class is missing, its constructor throws, it was built
 * against an incompatible SPI and throws a {@link LinkageError}, or it states an invalid name)
 * is logged with its class name and skipped; the others still load. Two providers that claim
 * one name are a {@link PluginException} that names both classes and their jars. One class
 * seen twice from the same source (a jar listed twice) counts once.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    /** Bounds the loop over a service file whose every entry fails. */
    private static final int MAX_FAILURES = 10_000;

    private PluginDiscovery() {
    }

    /**
     * @param classLoader where to look for {@code META-INF/services} entries
     * @return what was found
     * @throws PluginException if two providers share a name
     */
    public static Plugins discover(ClassLoader classLoader) {
        List<String> skipped = new ArrayList<>();
        Map<String, Discovered<EstimatorProvider>> estimators =
                load(EstimatorProvider.class, classLoader, PluginDiscovery::checkEstimator, "estimator", skipped);
        Map<String, Discovered<Kernel>> kernels =
                load(Kernel.class, classLoader, PluginDiscovery::checkKernel, "kernel", skipped);
        return new Plugins(estimators, kernels, skipped);
    }

    private static <T> Map<String, Discovered<T>> load(Class<T> type, ClassLoader classLoader,
                                                       Function<T, String> naming, String kind,
                                                       List<String> skipped) {
        Map<String, Discovered<T>> found = new TreeMap<>();
        Iterator<T> iterator = ServiceLoader.load(type, classLoader).iterator();
        int failures = 0;
        while (failures < MAX_FAILURES) {
            T plugin;
            try {
                if (!iterator.hasNext()) {
                    break;
                }
                plugin = iterator.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                failures++;
                String message = kind + " provider skipped: " + describe(e);
                LOG.warn(message);
                skipped.add(message);
                continue;
            }
            String name;
            try {
                name = naming.apply(plugin);
                if (name == null || !NAME.matcher(name).matches()) {
                    throw new IllegalStateException("invalid name '" + name
                            + "' (use lower-case letters, digits, '.', '-' and '_')");
                }
            } catch (RuntimeException | LinkageError e) {
                failures++;
                String message = kind + " provider " + plugin.getClass().getName() + " (" + sourceOf(plugin.getClass())
                        + ") skipped: " + e;
                LOG.warn(message);
                skipped.add(message);
                continue;
            }
            Discovered<T> candidate = new Discovered<>(name, plugin, sourceOf(plugin.getClass()));
            Discovered<T> previous = found.get(name);
            if (previous != null) {
                if (previous.className().equals(candidate.className()) && previous.source().equals(candidate.source())) {
                    continue;
                }
                throw new PluginException(kind + " '" + name + "' is provided twice: by "
                        + previous.className() + " (" + previous.source() + ") and by "
                        + candidate.className() + " (" + candidate.source() + "); remove one of them");
            }
            found.put(name, candidate);
            LOG.debug("found {} '{}' ({}) in {}", kind, name, candidate.className(), candidate.source());
        }
        return found;
    }

    /**
     * Calls everything a run asks of a provider before it starts, so that a provider built
     * against another version of the SPI (an {@link AbstractMethodError}) or with broken
     * metadata is skipped here rather than failing a run.
     */
    private static String checkEstimator(EstimatorProvider provider) {
        String name = provider.name();
        require(provider.description(), "description()");
        java.util.Set<io.calibrisk.api.data.Notion> notions = require(provider.notions(), "notions()");
        for (io.calibrisk.api.data.Notion notion : notions) {
            require(provider.defaultSearchSpace(notion), "defaultSearchSpace(" + notion + ")");
        }
        require(provider.settings(), "settings()");
        return name;
    }

    private static String checkKernel(Kernel kernel) {
        String name = kernel.name();
        require(kernel.description(), "description()");
        require(kernel.parameterName(), "parameterName()");
        require(kernel.domain(), "domain()");
        kernel.positiveDefinite();
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
