package io.calibrisk.pipeline;

import io.calibrisk.api.CalibriskException;

import java.util.regex.Pattern;

/**
 * One-line descriptions of failures for users: the plain problem, never a Java class name.
 * The exception itself, with its stack trace, is for the log at debug level ({@code --verbose}).
 */
public final class Failures {
    /** A fully qualified class name, e.g. {@code java.lang.String}: the package goes, the simple name stays. */
    private static final Pattern QUALIFIED = Pattern.compile("\\b(?:[a-z_$][a-z0-9_$]*\\.)+([A-Z][A-Za-z0-9_$]*)");

    private Failures() {
    }

    /**
     * @param failure what was thrown
     * @return the message of the innermost calibrisk exception in the chain, else of the
     *     failure itself, with class names shortened to their simple names; a failure without a
     *     message is described by its kind
     */
    public static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CalibriskException && t.getMessage() != null && !t.getMessage().isBlank()) {
                return plain(t.getMessage());
            }
        }
        String message = failure.getMessage();
        if (failure instanceof StackOverflowError) {
            return "ran out of stack (too deep a recursion)";
        }
        if (message == null || message.isBlank()) {
            String kind = failure.getClass().getSimpleName().replaceAll("(Exception|Error)$", "")
                    .replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
            return "failed with an unexplained " + (kind.isEmpty() ? "error" : kind)
                    + " (run with --verbose for the stack trace)";
        }
        return plain(message);
    }

    /**
     * @param message a message
     * @return the first line of it, with every fully qualified class name shortened to its simple name
     */
    public static String plain(String message) {
        String line = message.strip();
        int end = line.indexOf('\n');
        if (end >= 0) {
            line = line.substring(0, end).strip();
        }
        return QUALIFIED.matcher(line).replaceAll("$1");
    }
}
