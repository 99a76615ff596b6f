package io.calibrisk.estimators.binning;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.search.SearchSpace;

/**
 * {@code bins-15}: the common default, the binned calibration error with 15 equal-width bins,
 * not tuned. Same formula and cost as {@link EqualWidthBins} with M = 15.
 */
public class FifteenBins extends EqualWidthBins {

    @Override
    public String name() {
        return "bins-15";
    }

    @Override
    public String description() {
        return "equal-width binning with 15 bins, the usual fixed choice (Guo et al. 2017)";
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(binsAxis(15));
    }
}
