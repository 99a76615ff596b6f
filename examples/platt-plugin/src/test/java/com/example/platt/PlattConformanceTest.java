package com.example.platt;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.testsupport.conformance.EstimatorConformance;
import io.calibrisk.testsupport.conformance.PluginConformance;
import org.junit.jupiter.api.Nested;

/** calibrisk's conformance kit: the plugin root, and its estimator platt. */
class PlattConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new PlattPlugin();
    }

    @Nested
    class Platt extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return new PlattProvider();
        }
    }
}
