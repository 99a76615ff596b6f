package io.calibrisk.api;

/**
 * A calibration estimator that failed during fitting or evaluation, for example because it
 * produced a non-finite value. The pipeline reports the estimator as failed and carries on
 * with the others.
 *
 * @since 1.0
 */
public class EstimationException extends CalibriskException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the estimator, the fold or grid point, and the problem
     */
    public EstimationException(String message) {
        super(message);
    }

    /**
     * @param message the estimator, the fold or grid point, and the problem
     * @param cause   the underlying failure
     */
    public EstimationException(String message, Throwable cause) {
        super(message, cause);
    }
}
