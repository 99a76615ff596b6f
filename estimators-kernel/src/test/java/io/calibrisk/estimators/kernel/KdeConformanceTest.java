package io.calibrisk.estimators.kernel;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.testsupport.conformance.DensityKernelConformance;
import io.calibrisk.testsupport.conformance.EstimatorConformance;
import io.calibrisk.testsupport.conformance.PluginConformance;
import org.junit.jupiter.api.Nested;

import static io.calibrisk.testsupport.plugin.Contributions.densityKernel;
import static io.calibrisk.testsupport.plugin.Contributions.estimator;

/** The plugin authors' kit run on the kernel density plugin: kde and its density kernels. */
class KdeConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new KernelDensityPlugin();
    }

    @Nested
    class Kde extends EstimatorConformance {
        @Override
        protected EstimatorProvider provider() {
            return estimator(plugin(), "kde");
        }
    }

    @Nested
    class Beta extends DensityKernelConformance {
        @Override
        protected DensityKernel kernel() {
            return densityKernel(plugin(), "beta");
        }
    }

    @Nested
    class Dirichlet extends DensityKernelConformance {
        @Override
        protected DensityKernel kernel() {
            return densityKernel(plugin(), "dirichlet");
        }
    }
}
