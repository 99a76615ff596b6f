package com.example.reflected;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.kernel.DensityKernel;

import java.util.List;

/**
 * The plugin's discovery root, listed in {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}:
 * it contributes the density kernel {@code reflected-gaussian}, which {@code kde} uses with
 * {@code --set kde.kernel=reflected-gaussian} for top-label and class-wise calibration.
 */
public final class ReflectedGaussianPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "example-reflected-gaussian";
    }

    /** The jar's {@code Implementation-Version} (written by the jar plugin), or "development" outside a jar. */
    @Override
    public String version() {
        String version = ReflectedGaussianPlugin.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<DensityKernel> densityKernels() {
        return List.of(new ReflectedGaussianKernel());
    }
}
