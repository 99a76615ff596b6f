package io.calibrisk.pipeline;

import java.util.Locale;

/**
 * Makes text that calibrisk did not write itself safe to print: the content of input files,
 * file names, plugin names, versions and descriptions, and exception messages. A terminal
 * interprets control characters (ESC starts a sequence that can recolour, move the cursor,
 * retitle the window or rewrite earlier lines; CR rewrites the current one), so they are shown
 * as visible escapes instead:
 * <ul>
 *   <li>C0 controls and DEL as {@code \x1b}, {@code \x07}, {@code \x0d}, ...;</li>
 *   <li>C1 controls, format characters (bidirectional overrides, zero-width characters, the
 *       byte-order mark), line and paragraph separators, private-use, unassigned and lone
 *       surrogate code points as {@code \u202e} and the like;</li>
 *   <li>bytes that are not valid UTF-8 (in {@link #escape(byte[], int)}) as {@code \xff}.</li>
 * </ul>
 * Backslashes stay as they are, so escaping twice changes nothing. Text longer than the limit
 * is cut with a marker that says how much was left out.
 */
public final class Untrusted {
    /** The default limit, in characters: long enough for any honest message, short enough for a terminal. */
    public static final int DEFAULT_LIMIT = 1000;

    private Untrusted() {
    }

    /**
     * @param text text from outside calibrisk; null is shown as {@code null}
     * @return the text, escaped and cut at {@value #DEFAULT_LIMIT} characters
     */
    public static String escape(CharSequence text) {
        return escape(text, DEFAULT_LIMIT);
    }

    /**
     * @param text  text from outside calibrisk; null is shown as {@code null}
     * @param limit the most characters (code points) of the text to show
     * @return the text, escaped, and cut with a marker if it has more than {@code limit} characters
     */
    public static String escape(CharSequence text, int limit) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), limit) + 16);
        int shown = 0;
        int i = 0;
        while (i < text.length()) {
            int c = Character.codePointAt(text, i);
            if (shown == limit) {
                return truncated(out, Character.codePointCount(text, i, text.length()));
            }
            append(out, c);
            shown++;
            i += Character.charCount(c);
        }
        return out.toString();
    }

    /**
     * Escapes every line of a text (a table a plugin or a file put words into), keeping its
     * line breaks ({@code \n} or {@code \r\n}) and every character of each line, however long.
     *
     * @param text a text of lines
     * @return the text, each line escaped
     */
    public static String escapeLines(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            int next = end < 0 ? text.length() : end + 1;
            int stop = end < 0 ? text.length() : end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            out.append(escape(text.substring(start, stop), Integer.MAX_VALUE)).append(text, stop, next);
            start = next;
        }
        return out.toString();
    }

    /**
     * @param bytes bytes from outside calibrisk, e.g. a file header, read as UTF-8
     * @param limit the most characters to show, each invalid byte counting as one
     * @return the text, escaped, every byte that is not part of valid UTF-8 shown as {@code \xHH}
     */
    public static String escape(byte[] bytes, int limit) {
        StringBuilder out = new StringBuilder(Math.min(bytes.length, limit) + 16);
        int shown = 0;
        int i = 0;
        while (i < bytes.length) {
            if (shown == limit) {
                return truncated(out, remaining(bytes, i));
            }
            int length = sequenceLength(bytes, i);
            if (length == 0) {
                hex(out, bytes[i] & 0xff);
                i++;
            } else {
                append(out, new String(bytes, i, length, java.nio.charset.StandardCharsets.UTF_8).codePointAt(0));
                i += length;
            }
            shown++;
        }
        return out.toString();
    }

    private static String truncated(StringBuilder out, int more) {
        return out.append("… (").append(more).append(more == 1 ? " more character)" : " more characters)").toString();
    }

    private static int remaining(byte[] bytes, int from) {
        int count = 0;
        for (int i = from; i < bytes.length; count++) {
            int length = sequenceLength(bytes, i);
            i += length == 0 ? 1 : length;
        }
        return count;
    }

    private static void append(StringBuilder out, int c) {
        if (c < 0x20 || c == 0x7f) {
            hex(out, c);
        } else if (unsafe(c)) {
            out.append(c <= 0xffff ? String.format(Locale.ROOT, "\\u%04x", c) : String.format(Locale.ROOT, "\\U%08x", c));
        } else {
            out.appendCodePoint(c);
        }
    }

    private static boolean unsafe(int c) {
        if (c >= 0x80 && c <= 0x9f) {
            return true;
        }
        switch (Character.getType(c)) {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
            case Character.PRIVATE_USE:
            case Character.SURROGATE:
            case Character.UNASSIGNED:
                return true;
            default:
                return false;
        }
    }

    private static void hex(StringBuilder out, int b) {
        out.append(String.format(Locale.ROOT, "\\x%02x", b));
    }

    /**
     * @return the length of the valid UTF-8 sequence at {@code i} (no overlong forms, no
     *     surrogates, nothing above U+10FFFF), or 0 if the byte there does not start one
     */
    private static int sequenceLength(byte[] bytes, int i) {
        int b = bytes[i] & 0xff;
        if (b < 0x80) {
            return 1;
        }
        int length;
        int low = 0x80;
        int high = 0xbf;
        if (b >= 0xc2 && b <= 0xdf) {
            length = 2;
        } else if (b >= 0xe0 && b <= 0xef) {
            length = 3;
            low = b == 0xe0 ? 0xa0 : 0x80;
            high = b == 0xed ? 0x9f : 0xbf;
        } else if (b >= 0xf0 && b <= 0xf4) {
            length = 4;
            low = b == 0xf0 ? 0x90 : 0x80;
            high = b == 0xf4 ? 0x8f : 0xbf;
        } else {
            return 0;
        }
        if (i + length > bytes.length) {
            return 0;
        }
        for (int k = 1; k < length; k++) {
            int next = bytes[i + k] & 0xff;
            if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xbf)) {
                return 0;
            }
        }
        return length;
    }
}
