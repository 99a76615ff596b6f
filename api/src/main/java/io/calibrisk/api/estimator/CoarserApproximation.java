package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

/**
 * A coarser approximation of a fitted calibration estimation function, against which the
 * pipeline checks that the approximation does not decide the function's risk (see
 * {@link CalibrationFunction#coarserApproximation()}). With R and R' the risks of the function
 * and of this one on the same evaluation set, the pipeline takes
 * {@code extrapolation·|R − R'|} as the estimate of the function's own approximation error in
 * risk, and marks the grid point unstable when it exceeds
 * {@value CalibrationFunction#APPROXIMATION_THRESHOLD} relative.
 *
 * @param function      the same estimator at the same hyperparameters, approximated more coarsely
 *                      (e.g. at half the rank), of the same dimension
 * @param extrapolation at least 1, finite: 1 when the approximation error shrinks at least by
 *                      half from the coarser approximation to the function (then
 *                      {@code |R − R'|} bounds it), more when it converges slower, e.g. the
 *                      ratio of what the function still omits to what it adds over the coarser one
 * @since 1.2
 */
public record CoarserApproximation(CalibrationFunction function, double extrapolation) {

    /**
     * @throws InvalidSettingException if the function is null or the extrapolation is below 1 or not finite
     */
    public CoarserApproximation {
        if (function == null) {
            throw InvalidSettingException.of("coarser approximation", "null", "must be a function");
        }
        if (!(extrapolation >= 1) || !Double.isFinite(extrapolation)) {
            throw InvalidSettingException.of("coarser approximation's extrapolation", extrapolation,
                    "must be finite and at least 1");
        }
    }
}
