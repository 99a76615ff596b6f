package io.calibrisk.pipeline;

import io.calibrisk.api.CalibriskException;

import java.util.regex.Pattern;

/**
 * One-line descriptions of failures for users: the plain problem, never a Java class name, and
 * never a raw control character (a plugin's message is {@linkplain Untrusted#escape escaped}).
 * The exception itself, with its stack trace, is for the log at debug level ({@code --verbose}).
 */
public final class Failures {
    /** The most characters of a message shown: the start of a long message says what went wrong. */
    private static final int LIMIT = 500;
    /**
     * The name of an exception before its message, as {@code Throwable.toString()} puts it
     * (e.g. {@code IllegalStateException: }): a Java class name says nothing to a user.
     */
    private static final Pattern KIND_PREFIX = Pattern.compile("\\b[A-Z][A-Za-z0-9_$]*(?:Exception|Error): ");
    /** How far a chain of causes is followed. */
    private static final int MAX_CAUSES = 64;
    /** A fully qualified class name, e.g. {@code java.lang.String}: the package goes, the simple name stays. */
    private static final Pattern QUALIFIED = Pattern.compile("\\b(?:[a-z_$][a-z0-9_$]*\\.)+([A-Z][A-Za-z0-9_$]*)");

    private Failures() {
    }

    /**
     * @param failure what was thrown, by calibrisk or by a plugin
     * @return the message of the innermost calibrisk exception in the chain, else of the
     *     failure itself (or of its cause, when its own message only names the cause), with
     *     class names shortened to their simple names; a failure without a message is described
     *     by its kind. A failure whose message cannot even be read (a plugin's exception that
     *     throws from {@code getMessage}) is described as such.
     */
    public static String describe(Throwable failure) {
        try {
            return describeChain(failure);
        } catch (RuntimeException | StackOverflowError e) {
            return "failed, and its error could not be described (run with --verbose for the stack trace)";
        }
    }

    private static String describeChain(Throwable failure) {
        // A plugin's exception may chain back to itself: the walk is bounded.
        int depth = 0;
        for (Throwable t = failure; t != null && depth < MAX_CAUSES; t = t.getCause(), depth++) {
            if (t instanceof CalibriskException && t.getMessage() != null && !t.getMessage().isBlank()) {
                return plain(t.getMessage());
            }
        }
        Throwable t = failure;
        depth = 0;
        while (depth++ < MAX_CAUSES && t.getCause() != null && t.getCause() != t
                && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
            t = t.getCause();
        }
        if (t instanceof StackOverflowError) {
            return "ran out of stack (too deep a recursion)";
        }
        if (t instanceof InterruptedException || t instanceof java.nio.channels.ClosedByInterruptException) {
            return "was interrupted";
        }
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            String kind = t.getClass().getSimpleName().replaceAll("(Exception|Error)$", "")
                    .replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
            return "failed with an unexplained " + (kind.isEmpty() ? "error" : Untrusted.escape(kind, 60))
                    + " (run with --verbose for the stack trace)";
        }
        return plain(message);
    }

    /**
     * @param message a message
     * @return the first line of it, with every fully qualified class name shortened to its simple
     *     name and the names of exceptions before their messages left out, escaped and cut at
     *     {@value #LIMIT} characters
     */
    public static String plain(String message) {
        String line = message.strip();
        int end = line.indexOf('\n');
        if (end >= 0) {
            line = line.substring(0, end).strip();
        }
        String simple = QUALIFIED.matcher(line).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group(1)));
        String words = KIND_PREFIX.matcher(simple).replaceAll("");
        return Untrusted.escape(words.isBlank() ? simple : words, LIMIT);
    }
}
