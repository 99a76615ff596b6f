package io.calibrisk.pipeline.search;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.search.SearchStrategy;

import java.util.List;

/**
 * The built-in search strategies, {@code grid} and {@code refine}, contributed as a plugin like
 * any other (listed in this jar's {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}).
 */
public final class SearchPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "calibrisk-search";
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<SearchStrategy> searchStrategies() {
        return List.of(new GridSearch(), new RefineSearch());
    }
}
