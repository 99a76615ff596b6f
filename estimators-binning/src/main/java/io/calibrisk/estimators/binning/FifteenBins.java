package io.calibrisk.estimators.binning;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.search.SearchSpace;

/**
 * {@code bins-15}: the common default, the binned calibration error with 15 equal-width bins,
 * not tuned (Guo et al., 2017; Naeini et al., 2015). Formula and cost as {@link EqualWidthBins}
 * with M = 15: {@code h(z, z') = g(z)g(z')}, {@code g(z) = conf_b − acc_b} of z's bin;
 * O(n + M) expected to fit, O(1) expected per evaluated point.
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
