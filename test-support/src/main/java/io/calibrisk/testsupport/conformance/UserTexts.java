package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.PluginNames;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What calibrisk shows users of a plugin: its names (one rule, {@link PluginNames}), the free
 * names of settings, axes and kernel parameters, and texts (descriptions in
 * {@code calibrisk list}, memory advice, instability reasons, error messages), which appear as
 * they are and so must be one line without a Java class name.
 */
public final class UserTexts {
    /** A qualified name such as {@code java.lang.IllegalStateException} or {@code com.example.Foo}. */
    private static final Pattern QUALIFIED = Pattern.compile("\\b[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+\\.[A-Z][A-Za-z0-9_$]*");
    /** A bare exception or error type such as {@code NullPointerException}. */
    private static final Pattern THROWABLE = Pattern.compile("\\b[A-Z][A-Za-z0-9]*(Exception|Error)\\b");

    private UserTexts() {
    }

    /**
     * @param text a text
     * @return the first Java class name in it, or null
     */
    public static String findClassName(String text) {
        if (text == null) {
            return null;
        }
        for (Pattern pattern : new Pattern[] {QUALIFIED, THROWABLE}) {
            Matcher m = pattern.matcher(text);
            if (m.find()) {
                return m.group();
            }
        }
        return null;
    }

    /**
     * @param what what the text is, for the message
     * @param text the text
     * @throws AssertionError if it contains a Java class name
     */
    public static void assertNoClassName(String what, String text) {
        String found = findClassName(text);
        if (found != null) {
            throw new AssertionError(what + " shows the Java class name '" + found + "' to users: \"" + text + "\"");
        }
    }

    /**
     * @param what what the text is, for the message, e.g. {@code estimator kde description}
     * @param text the text
     * @throws AssertionError if it is blank, spans lines or holds a Java class name
     */
    public static void assertDescription(String what, String text) {
        if (text == null || text.isBlank()) {
            throw new AssertionError(what + " is empty; calibrisk list shows it");
        }
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new AssertionError(what + " spans several lines; calibrisk list shows one: \"" + text + "\"");
        }
        assertNoClassName(what, text);
    }

    /**
     * @param kind what is named, e.g. {@code estimator}
     * @param name the name
     * @throws AssertionError if it breaks {@link PluginNames}
     */
    public static void assertName(String kind, String name) {
        if (!PluginNames.isValid(name)) {
            throw new AssertionError(kind + " name '" + name + "' breaks the naming rule: 1 to " + PluginNames.MAX_LENGTH
                    + " lower-case letters, digits and single hyphens, starting with a letter (" + PluginNames.RULE + ")");
        }
    }

    /**
     * @param what what is named, e.g. {@code kde axis}
     * @param name a setting's, axis's or kernel parameter's name
     * @throws AssertionError if it is empty or holds '=', ',' or white space
     */
    public static void assertFreeName(String what, String name) {
        if (name == null || name.isEmpty() || name.chars().anyMatch(ch -> ch == '=' || ch == ',' || Character.isWhitespace(ch))) {
            throw new AssertionError(what + " '" + name + "' must be non-empty, without '=', ',' or white space");
        }
    }
}
