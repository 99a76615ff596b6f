package io.calibrisk.api;

/**
 * A plugin problem that cannot be skipped: two providers that claim one name, or a requested
 * estimator or kernel that no plugin provides. The message names the providers' classes.
 *
 * @since 1.0
 */
public class PluginException extends CalibriskException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the plugins concerned and the conflict
     */
    public PluginException(String message) {
        super(message);
    }
}
