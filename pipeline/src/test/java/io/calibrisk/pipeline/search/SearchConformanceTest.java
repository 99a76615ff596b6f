package io.calibrisk.pipeline.search;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.testsupport.conformance.PluginConformance;
import io.calibrisk.testsupport.conformance.SearchStrategyConformance;
import org.junit.jupiter.api.Nested;

import static io.calibrisk.testsupport.plugin.Contributions.searchStrategy;

/** The plugin authors' kit run on the built-in search plugin and each of its strategies. */
class SearchConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new SearchPlugin();
    }

    @Nested
    class Grid extends SearchStrategyConformance {
        @Override
        protected SearchStrategy strategy() {
            return searchStrategy(plugin(), "grid");
        }
    }

    @Nested
    class Refine extends SearchStrategyConformance {
        @Override
        protected SearchStrategy strategy() {
            return searchStrategy(plugin(), "refine");
        }
    }
}
