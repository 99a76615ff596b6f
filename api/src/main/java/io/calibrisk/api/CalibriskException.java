package io.calibrisk.api;

/**
 * Root of the few unchecked exceptions calibrisk throws. Every message names the parameter,
 * file, row or plugin concerned and the offending value, so that it can be shown to a user
 * as it is.
 *
 * @since 1.0
 */
public class CalibriskException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what went wrong, naming the parameter and the value
     */
    public CalibriskException(String message) {
        super(message);
    }

    /**
     * @param message what went wrong, naming the parameter and the value
     * @param cause   the underlying failure
     */
    public CalibriskException(String message, Throwable cause) {
        super(message, cause);
    }
}
