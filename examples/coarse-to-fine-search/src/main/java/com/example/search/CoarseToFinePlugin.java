package com.example.search;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.search.SearchStrategy;

import java.util.List;

/**
 * The plugin's discovery root, listed in {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}:
 * it contributes the search strategy {@code coarse-to-fine}, chosen with
 * {@code --search coarse-to-fine}.
 */
public final class CoarseToFinePlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "example-coarse-to-fine";
    }

    /** The jar's {@code Implementation-Version} (written by the jar plugin), or "development" outside a jar. */
    @Override
    public String version() {
        String version = CoarseToFinePlugin.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<SearchStrategy> searchStrategies() {
        return List.of(new CoarseToFineSearch());
    }
}
