package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.setting.ValueType;

/**
 * The default bandwidth grid of the published experiments (Popordanoska et al., 2022; Gruber
 * and Bach, TMLR 2025): 15 values logspace(−5, −1) followed by 0.2, 0.4, 0.6, 0.8, 1.0.
 */
final class Bandwidths {
    /** The hyperparameter's name. */
    static final String NAME = "bandwidth";
    /** The bandwidths allowed; a kernel may refuse more (the Beta and Dirichlet kernels refuse b below 1e−100). */
    static final ValueType.RealRange DOMAIN = ValueType.positive();

    private Bandwidths() {
    }

    /**
     * @param bandwidth a bandwidth
     * @return it, if it lies in {@link #DOMAIN}
     * @throws InvalidSettingException otherwise
     */
    static double check(double bandwidth) {
        return DOMAIN.check("kde." + NAME, bandwidth);
    }

    /** @return the default axis: the 20 published bandwidths, positive, searched on a log scale */
    static Axis axis() {
        return Axis.list(NAME, defaults()).withDomain(DOMAIN).withScale(Axis.Scale.LOG);
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
