package io.calibrisk.api;

/**
 * Input data (predictions, labels, splits, files) that cannot be used: non-finite or negative
 * probabilities, rows that do not sum to one, labels out of range, lengths that disagree,
 * malformed files. The message names the source, the row or field, and the problem.
 *
 * @since 1.0
 */
public class InvalidInputException extends CalibriskException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the source, the row or field, and the problem
     */
    public InvalidInputException(String message) {
        super(message);
    }

    /**
     * @param message the source, the row or field, and the problem
     * @param cause   the underlying failure
     */
    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
