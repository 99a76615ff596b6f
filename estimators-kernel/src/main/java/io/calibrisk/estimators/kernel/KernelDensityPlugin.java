package io.calibrisk.estimators.kernel;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.estimators.kernel.kde.KdeProvider;

import java.util.List;

/**
 * The kernel density ratio estimator {@code kde} and its density kernels {@code beta} (scalar
 * notions) and {@code dirichlet} (canonical).
 */
public final class KernelDensityPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "calibrisk-estimators-kernel";
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<EstimatorProvider> estimators() {
        return List.of(new KdeProvider());
    }

    @Override
    public List<DensityKernel> densityKernels() {
        return List.of(new BetaKernel(), new DirichletKernel());
    }
}
