package io.calibrisk.testsupport.toy;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;

import java.util.List;

/**
 * Two small estimators for tests of the pipeline, independent of calibrisk's estimator modules:
 * {@link ToyBins} (a binning with an integer axis on a linear scale) and {@link ToySmoothing}
 * (a Gaussian Nadaraya–Watson regression with a bandwidth on a log scale). Not registered in
 * {@code META-INF/services}: a test adds it to the plugins it runs with, so that modules that
 * use test-support never discover it by accident.
 */
public final class ToyPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "toy";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<EstimatorProvider> estimators() {
        return List.of(new ToyBins(), new ToySmoothing());
    }
}
