package io.calibrisk.pipeline.discovery;

import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.Kernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every estimator provider and kernel that discovery found, by name (sorted), and the
 * providers it had to skip.
 *
 * @param estimators the estimator providers, by name
 * @param kernels    the kernels, by name
 * @param skipped    one line per provider that failed to load, naming its class and the reason
 */
public record Plugins(Map<String, Discovered<EstimatorProvider>> estimators,
                      Map<String, Discovered<Kernel>> kernels,
                      List<String> skipped) {

    /** Copies the collections, keeping their order. */
    public Plugins {
        estimators = Collections.unmodifiableMap(new LinkedHashMap<>(estimators));
        kernels = Collections.unmodifiableMap(new LinkedHashMap<>(kernels));
        skipped = List.copyOf(skipped);
    }
}
