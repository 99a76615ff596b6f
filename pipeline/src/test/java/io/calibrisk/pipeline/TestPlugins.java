package io.calibrisk.pipeline;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;

import java.util.List;

/** Plugins made of estimators written in a test. */
public final class TestPlugins {

    private TestPlugins() {
    }

    /**
     * @param name       the plugin's name
     * @param estimators its estimators
     * @return a plugin of the current SPI contributing them
     */
    public static CalibriskPlugin of(String name, EstimatorProvider... estimators) {
        List<EstimatorProvider> list = List.of(estimators);
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
                return list;
            }
        };
    }
}
