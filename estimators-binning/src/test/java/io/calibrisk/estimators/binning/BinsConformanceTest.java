package io.calibrisk.estimators.binning;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.testsupport.conformance.EstimatorConformance;
import io.calibrisk.testsupport.conformance.PluginConformance;
import org.junit.jupiter.api.Nested;

import static io.calibrisk.testsupport.plugin.Contributions.estimator;

/** The plugin authors' kit run on the binning plugin and each of its estimators. */
class BinsConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new BinningPlugin();
    }

    @Nested
    class Bins15 extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "bins-15");
        }
    }

    @Nested
    class Bins extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "bins");
        }
    }

    @Nested
    class BinsMass extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "bins-mass");
        }
    }
}
