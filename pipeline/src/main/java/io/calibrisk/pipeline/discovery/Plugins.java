package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything discovery found, each kind by name (sorted), the plugins it came from, and the
 * plugins it had to skip.
 *
 * @param plugins                 the plugins loaded, in discovery order
 * @param estimators              the estimator providers, by name
 * @param densityKernels          the density kernels, by name
 * @param positiveDefiniteKernels the positive-definite kernels, by name
 * @param strategies              the search strategies, by name
 * @param skipped                 one line per plugin or contribution that failed to load,
 *                                naming its class, its jar and the reason
 */
public record Plugins(List<PluginInfo> plugins,
                      Map<String, Discovered<EstimatorProvider>> estimators,
                      Map<String, Discovered<DensityKernel>> densityKernels,
                      Map<String, Discovered<PositiveDefiniteKernel>> positiveDefiniteKernels,
                      Map<String, Discovered<SearchStrategy>> strategies,
                      List<String> skipped) {

    /** Copies the collections, keeping their order. */
    public Plugins {
        plugins = List.copyOf(plugins);
        estimators = Collections.unmodifiableMap(new LinkedHashMap<>(estimators));
        densityKernels = Collections.unmodifiableMap(new LinkedHashMap<>(densityKernels));
        positiveDefiniteKernels = Collections.unmodifiableMap(new LinkedHashMap<>(positiveDefiniteKernels));
        strategies = Collections.unmodifiableMap(new LinkedHashMap<>(strategies));
        skipped = List.copyOf(skipped);
    }

    /**
     * @param lines problems found before discovery, e.g. plugin jars that could not be opened
     * @return these plugins, with the lines first among the skipped
     */
    public Plugins withSkipped(List<String> lines) {
        if (lines.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(lines);
        all.addAll(skipped);
        return new Plugins(plugins, estimators, densityKernels, positiveDefiniteKernels, strategies, all);
    }

    /**
     * @param kind a map of this record, e.g. {@link #estimators()}
     * @param <T>  the kind
     * @return name → the contributed instance
     */
    public static <T> Map<String, T> providers(Map<String, Discovered<T>> kind) {
        Map<String, T> out = new LinkedHashMap<>();
        kind.forEach((name, found) -> out.put(name, found.provider()));
        return Collections.unmodifiableMap(out);
    }
}
