package io.calibrisk.estimators.kkr.linalg;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.function.Supplier;
import java.util.logging.Level;

/** Loading a native library of the {@code dev.ludovic.netlib} binding, once, with its off switches. */
final class NativeLibraries {
    private static final Logger LOG = LoggerFactory.getLogger(NativeLibraries.class);
    /**
     * The bindings report a library they cannot load as warnings through java.util.logging, on
     * standard error; calibrisk says so itself, at debug level. Held so that the levels hold.
     */
    private static final java.util.logging.Logger[] BINDING_LOGS = {
        java.util.logging.Logger.getLogger("dev.ludovic.netlib.lapack.InstanceBuilder"),
        java.util.logging.Logger.getLogger("dev.ludovic.netlib.blas.InstanceBuilder"),
    };

    private NativeLibraries() {
    }

    /**
     * @param name     the library's name, for the log
     * @param instance the binding's native instance; may throw when the library does not load
     * @param switches system properties any of which, set to {@code java}, keeps the library off
     * @param <T>      the binding's type
     * @return the instance, or null when it is switched off or does not load
     */
    static <T> T load(String name, Supplier<T> instance, String... switches) {
        for (String property : switches) {
            if ("java".equals(System.getProperty(property, "").trim().toLowerCase(Locale.ROOT))) {
                LOG.debug("{}: Java (-D{}=java)", name, property);
                return null;
            }
        }
        for (java.util.logging.Logger log : BINDING_LOGS) {
            log.setLevel(Level.OFF);
        }
        try {
            T loaded = instance.get();
            LOG.debug("{}: native, {}", name, loaded.getClass().getSimpleName());
            return loaded;
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("{}: Java, the native library could not be loaded: {}", name, e.toString());
            return null;
        }
    }
}
