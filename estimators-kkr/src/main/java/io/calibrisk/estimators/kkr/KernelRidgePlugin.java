package io.calibrisk.estimators.kkr;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.estimators.kkr.kernel.LaplacianKernel;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;

import java.util.List;

/**
 * The kernel ridge regression estimators {@code kkr} and {@code ukkr}, and the
 * positive-definite kernels they use by default ({@code rbf}) or on request ({@code laplacian}).
 */
public final class KernelRidgePlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "calibrisk-estimators-kkr";
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<EstimatorProvider> estimators() {
        return List.of(new KroneckerKrr(), new TwoStepKrr());
    }

    @Override
    public List<PositiveDefiniteKernel> positiveDefiniteKernels() {
        return List.of(new RbfKernel(), new LaplacianKernel());
    }
}
