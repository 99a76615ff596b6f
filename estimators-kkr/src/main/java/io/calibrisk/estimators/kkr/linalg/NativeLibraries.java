package io.calibrisk.estimators.kkr.linalg;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.stream.Stream;

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

    /** Whether OpenBLAS's threads were checked: once per JVM, when the first native library loads. */
    private static final AtomicBoolean CHECKED = new AtomicBoolean();

    private NativeLibraries() {
    }

    /**
     * Says once, as a warning, when OpenBLAS is loaded and would run several threads per call.
     * Its results with one thread differ in their last digits from those with several (any
     * number of them: 2, 3 and 4 gave one report and 1 another, canonical kkr and ukkr on 1000
     * simulated predictions over 100 classes), so a program that embeds calibrisk on a machine
     * of several cores reported other digits than the command line (whose launcher sets
     * OPENBLAS_NUM_THREADS=1) and than a machine of one core. The library cannot set OpenBLAS's
     * threads itself: OpenBLAS reads them from the environment when it is loaded, and the JNI
     * binding does not reach its {@code openblas_set_num_threads}.
     */
    private static void warnOfThreads() {
        if (!CHECKED.compareAndSet(false, true)) {
            return;
        }
        int threads = openBlasThreads(System.getenv(), Runtime.getRuntime().availableProcessors());
        if (threads > 1 && openBlasMapped()) {
            LOG.warn("the native BLAS and LAPACK (OpenBLAS) run {} threads per call, as OPENBLAS_NUM_THREADS is not 1: "
                    + "kkr's and ukkr's results then differ in their last digits from those of one thread per call, "
                    + "the command line's. For the same results, set OPENBLAS_NUM_THREADS=1 in the environment of the "
                    + "JVM (calibrisk runs the folds in parallel itself)", threads);
        }
    }

    /**
     * @param environment the process's environment
     * @param processors  the processors available
     * @return the threads OpenBLAS (pthreads build) runs per call: OPENBLAS_NUM_THREADS, else
     *     GOTO_NUM_THREADS, else OMP_NUM_THREADS, the first positive, else the processors; at
     *     most the processors
     */
    static int openBlasThreads(Map<String, String> environment, int processors) {
        for (String name : new String[] {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"}) {
            int threads = positive(environment.get(name));
            if (threads > 0) {
                return Math.min(threads, processors);
            }
        }
        return processors;
    }

    /** @return the value as OpenBLAS reads it (atoi), or 0 if it is not a positive number */
    private static int positive(String value) {
        if (value == null) {
            return 0;
        }
        String digits = value.strip();
        int end = 0;
        while (end < digits.length() && end < 9 && Character.isDigit(digits.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(digits.substring(0, end));
    }

    /** @return whether this process has OpenBLAS mapped (Linux, where the bindings load) */
    private static boolean openBlasMapped() {
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            return maps.anyMatch(line -> line.toLowerCase(Locale.ROOT).contains("openblas"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
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
            warnOfThreads();
            return loaded;
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("{}: Java, the native library could not be loaded: {}", name, e.toString());
            return null;
        }
    }
}
