package io.calibrisk.estimators.binning;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;

import java.util.List;

/** The binning estimators {@code bins-15}, {@code bins} and {@code bins-mass}. */
public final class BinningPlugin implements CalibriskPlugin {

    @Override
    public String name() {
        return "calibrisk-estimators-binning";
    }

    @Override
    public String spiVersion() {
        return SPI_VERSION;
    }

    @Override
    public List<EstimatorProvider> estimators() {
        return List.of(new FifteenBins(), new EqualWidthBins(), new EqualMassBins());
    }
}
