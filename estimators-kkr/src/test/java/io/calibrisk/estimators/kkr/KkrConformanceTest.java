package io.calibrisk.estimators.kkr;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.testsupport.conformance.EstimatorConformance;
import io.calibrisk.testsupport.conformance.PluginConformance;
import io.calibrisk.testsupport.conformance.PositiveDefiniteKernelConformance;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;

import java.util.Map;

import static io.calibrisk.testsupport.plugin.Contributions.estimator;
import static io.calibrisk.testsupport.plugin.Contributions.positiveDefiniteKernel;

/**
 * The plugin authors' kit run on the kernel ridge regression plugin: kkr and ukkr in both modes,
 * and the positive-definite kernels rbf and laplacian.
 */
class KkrConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new KernelRidgePlugin();
    }

    @Nested
    class Kkr extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "kkr");
        }
    }

    @Nested
    class Ukkr extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "ukkr");
        }
    }

    /** The exact mode factors n × n matrices: seconds per check, so with the slow suites. */
    @Nested
    @Tag("slow")
    class KkrExact extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "kkr");
        }

        @Override
        protected Map<String, String> settings(Notion notion) {
            return Map.of("mode", "exact");
        }
    }

    @Nested
    @Tag("slow")
    class UkkrLaplacian extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "ukkr");
        }

        @Override
        protected Map<String, String> settings(Notion notion) {
            return Map.of("kernel", "laplacian", "mode", "exact");
        }
    }

    @Nested
    class Rbf extends PositiveDefiniteKernelConformance {
        @Override
        protected PositiveDefiniteKernel kernel() {
            return positiveDefiniteKernel(plugin(), "rbf");
        }
    }

    @Nested
    class Laplacian extends PositiveDefiniteKernelConformance {
        @Override
        protected PositiveDefiniteKernel kernel() {
            return positiveDefiniteKernel(plugin(), "laplacian");
        }
    }
}
