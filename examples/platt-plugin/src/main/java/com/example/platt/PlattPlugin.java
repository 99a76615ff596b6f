package com.example.platt;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;

import java.util.List;

/**
 * The plugin's discovery root, listed in {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}:
 * it contributes the estimator {@code platt}.
 */
public final class PlattPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "example-platt";
    }

    /** The jar's {@code Implementation-Version} (written by the jar plugin), or "development" outside a jar. */
    @Override
    public String version() {
        String version = PlattPlugin.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<EstimatorProvider> estimators() {
        return List.of(new PlattProvider());
    }
}
