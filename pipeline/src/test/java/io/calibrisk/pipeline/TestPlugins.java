package io.calibrisk.pipeline;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.SearchStrategy;

import java.util.List;

/** Plugins made of estimators and strategies written in a test. */
public final class TestPlugins {

    private TestPlugins() {
    }

    /**
     * @param name       the plugin's name
     * @param estimators its estimators
     * @return a plugin of the current SPI contributing them
     */
    public static CalibriskPlugin of(String name, EstimatorProvider... estimators) {
        return of(name, List.of(estimators), List.of());
    }

    /**
     * @param name       the plugin's name
     * @param strategies its search strategies
     * @return a plugin of the current SPI contributing them
     */
    public static CalibriskPlugin of(String name, SearchStrategy... strategies) {
        return of(name, List.of(), List.of(strategies));
    }

    private static CalibriskPlugin of(String name, List<EstimatorProvider> estimators, List<SearchStrategy> strategies) {
        return new CalibriskPlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String version() {
                return "1";
            }

            @Override
            public String spiVersion() {
                return SPI_VERSION;
            }

            @Override
            public List<EstimatorProvider> estimators() {
                return estimators;
            }

            @Override
            public List<SearchStrategy> searchStrategies() {
                return strategies;
            }
        };
    }
}
