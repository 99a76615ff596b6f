package io.calibrisk.api;

/**
 * A setting, option or hyperparameter with a value outside its domain, or a name nobody knows.
 * The message names the parameter and the value.
 *
 * @since 1.0
 */
public class InvalidSettingException extends CalibriskException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the parameter, its value and what is allowed
     */
    public InvalidSettingException(String message) {
        super(message);
    }

    /**
     * Builds the standard message {@code "<parameter> = <value>: <problem>"}.
     *
     * @param parameter the parameter's name
     * @param value     the rejected value
     * @param problem   what is wrong with it
     * @return the exception
     */
    public static InvalidSettingException of(String parameter, Object value, String problem) {
        return new InvalidSettingException(parameter + " = " + value + ": " + problem);
    }
}
