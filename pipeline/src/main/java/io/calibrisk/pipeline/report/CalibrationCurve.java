package io.calibrisk.pipeline.report;

import io.calibrisk.api.InvalidSettingException;

import java.util.Arrays;

/**
 * An estimator's fitted calibration curve: its estimate of {@code E[t | z]} against z, the
 * fold models at the chosen grid point averaged as an ensemble. For a scalar notion (top-label,
 * one class of class-wise) z runs over a grid of [0, 1]; for canonical calibration there is one
 * curve per class k, of {@code E[t_k | z]} against {@code z_k} at the test split's points.
 *
 * @param label    what the curve is of, e.g. {@code top-label} or {@code class 3}
 * @param z        the points, ascending
 * @param expected the estimated {@code E[t | z]} at each point
 */
public record CalibrationCurve(String label, double[] z, double[] expected) {

    /**
     * @throws InvalidSettingException if the arrays differ in length or hold non-finite values
     */
    public CalibrationCurve {
        if (z.length != expected.length) {
            throw InvalidSettingException.of("curve " + label, z.length + " vs " + expected.length,
                    "points and values must have one length");
        }
        z = z.clone();
        expected = expected.clone();
        for (int i = 0; i < z.length; i++) {
            if (!Double.isFinite(z[i]) || !Double.isFinite(expected[i])) {
                throw InvalidSettingException.of("curve " + label, z[i] + " → " + expected[i], "must be finite");
            }
        }
    }

    @Override
    public double[] z() {
        return z.clone();
    }

    @Override
    public double[] expected() {
        return expected.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CalibrationCurve && ((CalibrationCurve) o).label.equals(label)
                && Arrays.equals(((CalibrationCurve) o).z, z) && Arrays.equals(((CalibrationCurve) o).expected, expected);
    }

    @Override
    public int hashCode() {
        return (label.hashCode() * 31 + Arrays.hashCode(z)) * 31 + Arrays.hashCode(expected);
    }

    @Override
    public String toString() {
        return "CalibrationCurve[" + label + ", " + z.length + " points]";
    }
}
