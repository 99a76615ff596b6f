package io.calibrisk.api;

import java.util.regex.Pattern;

/**
 * The one naming rule for plugins, estimators, kernels and search strategies: 1 to 40
 * characters, lower-case ASCII letters, digits and single hyphens, starting with a letter and
 * not ending with a hyphen, e.g. {@code bins-15}, {@code rbf}, {@code refine}. Names are unique
 * per kind across all plugins. Hyperparameter (axis) and setting names are free text without
 * {@code '='}, {@code ','} or white space.
 *
 * @since 1.0
 */
public final class PluginNames {
    /** The rule as a regular expression. */
    public static final String RULE = "[a-z](-?[a-z0-9])*";
    /** The longest name. */
    public static final int MAX_LENGTH = 40;
    private static final Pattern PATTERN = Pattern.compile(RULE);

    private PluginNames() {
    }

    /**
     * @param name a name
     * @return whether it follows the rule
     */
    public static boolean isValid(String name) {
        return name != null && name.length() <= MAX_LENGTH && PATTERN.matcher(name).matches();
    }

    /**
     * @param kind what is named, e.g. {@code estimator}, for the message
     * @param name the name
     * @return the name
     * @throws InvalidSettingException if it does not follow the rule
     */
    public static String check(String kind, String name) {
        if (!isValid(name)) {
            throw InvalidSettingException.of(kind + " name", name, "must be 1 to " + MAX_LENGTH
                    + " lower-case letters, digits and single hyphens, starting with a letter");
        }
        return name;
    }
}
