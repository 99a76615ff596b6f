package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.search.Axis;

/**
 * The default bandwidth grid of the published experiments (Popordanoska et al., 2022; Gruber
 * and Bach, TMLR 2025): 15 values logspace(−5, −1) followed by 0.2, 0.4, 0.6, 0.8, 1.0.
 */
final class Bandwidths {
    /** The hyperparameter's name. */
    static final String NAME = "bandwidth";

    private Bandwidths() {
    }

    /** @return the 20 default bandwidths, in search order */
    static double[] defaults() {
        double[] log = Axis.log10(NAME, -5, -1, 15).values();
        double[] linear = {0.2, 0.4, 0.6, 0.8, 1.0};
        double[] out = new double[log.length + linear.length];
        System.arraycopy(log, 0, out, 0, log.length);
        System.arraycopy(linear, 0, out, log.length, linear.length);
        return out;
    }
}
