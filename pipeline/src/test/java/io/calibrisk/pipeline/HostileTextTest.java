package io.calibrisk.pipeline;

import io.calibrisk.api.EstimationException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Text from outside calibrisk is shown, never obeyed: one escaping function, and failures described without it raw. */
class HostileTextTest {

    /** True if the text holds a character a terminal would act on. */
    static boolean hasControl(String text) {
        return text.codePoints().anyMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x202e || c == 0xfeff);
    }

    @Test
    void controlCharactersAreShownAsEscapes() {
        assertEquals("\\x1b[2J\\x1b]0;owned\\x07done", Untrusted.escape("\u001b[2J\u001b]0;owned\u0007done"));
        assertEquals("fake\\x0dreal\\x0aline\\x09tab\\x7f", Untrusted.escape("fake\rreal\nline\ttab\u007f"));
        assertEquals("\\u009b31m and \\u202egnp.exe and \\ufeffbom", Untrusted.escape("\u009b31m and \u202egnp.exe and \ufeffbom"));
        assertEquals("lone \\ud800 surrogate", Untrusted.escape("lone \ud800 surrogate"));
    }

    @Test
    void printableTextStaysAsItIs() {
        String text = "kde: CE ± SE, résumé, 日本語, 😀, C:\\path\\file.npy";
        assertEquals(text, Untrusted.escape(text));
        assertEquals("null", Untrusted.escape(null));
    }

    /** A table's lines are escaped one by one: its line breaks stay, a CR inside a line does not, and no line is cut. */
    @Test
    void linesKeepTheirBreaksAndTheirLength() {
        String wide = "x".repeat(Untrusted.DEFAULT_LIMIT + 5);
        assertEquals("a\\x1b[31m\r\nb\\x0dc\n" + wide + "\nlast",
                Untrusted.escapeLines("a\u001b[31m\r\nb\rc\n" + wide + "\nlast"));
        assertEquals("", Untrusted.escapeLines(""));
        assertEquals("\n\n", Untrusted.escapeLines("\n\n"));
    }

    @Test
    void escapingTwiceChangesNothing() {
        String once = Untrusted.escape("a\u001bb\rc\u202e");
        assertEquals(once, Untrusted.escape(once));
    }

    @Test
    void invalidUtf8BytesAreShownAsBytes() {
        byte[] bytes = {'o', 'k', ' ', (byte) 0xff, ' ', (byte) 0xc3, (byte) 0xa9, ' ', (byte) 0xc0, (byte) 0xaf, ' ',
            (byte) 0xed, (byte) 0xa0, (byte) 0x80, ' ', (byte) 0xe2, (byte) 0x82, 0x1b, ' ',
            (byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80};
        assertEquals("ok \\xff é \\xc0\\xaf \\xed\\xa0\\x80 \\xe2\\x82\\x1b 😀", Untrusted.escape(bytes, 100));
        assertEquals("\\x1b\\x07\\x0d", Untrusted.escape(new byte[] {0x1b, 0x07, 0x0d}, 10));
    }

    @Test
    void longTextIsCutWithAMarkerThatSaysHowMuch() {
        String text = "x".repeat(5000);
        String shown = Untrusted.escape(text);
        assertEquals("x".repeat(Untrusted.DEFAULT_LIMIT) + "… (4000 more characters)", shown);
        assertEquals("ab… (1 more character)", Untrusted.escape("abc", 2));
        assertEquals("\\xff\\xfe… (3 more characters)", Untrusted.escape(new byte[] {-1, -2, -3, -4, 'z'}, 2));
        assertEquals("abc", Untrusted.escape("abc", 3));
        byte[] long8 = "é".repeat(300).getBytes(StandardCharsets.UTF_8);
        assertEquals("é".repeat(10) + "… (290 more characters)", Untrusted.escape(long8, 10));
    }

    @Test
    void failuresAreDescribedInOneEscapedLineWithoutClassNames() {
        assertEquals("bad \\x1b[31mred\\x1b[0m value", Failures.describe(new IllegalStateException(
                "bad \u001b[31mred\u001b[0m value\nsecond line")));
        assertEquals("was interrupted", Failures.describe(new RuntimeException(new InterruptedException())));
        assertEquals("ran out of stack (too deep a recursion)", Failures.describe(new StackOverflowError()));
        assertEquals("ran out of stack (too deep a recursion)",
                Failures.describe(new RuntimeException(new StackOverflowError())));
        String wrapped = Failures.describe(new RuntimeException("java.lang.IllegalArgumentException: width < 0 in "
                + "io.calibrisk.x.Y"));
        assertEquals("width < 0 in Y", wrapped);
        assertEquals("InterruptedException", Failures.describe(new RuntimeException("java.lang.InterruptedException")));
        String inner = Failures.describe(new RuntimeException("outer", new EstimationException("pairwise risk is NaN")));
        assertEquals("pairwise risk is NaN", inner);
        String unexplained = Failures.describe(new UnsupportedOperationException());
        assertTrue(unexplained.startsWith("failed with an unexplained unsupported operation"), unexplained);
        assertEquals(500 + "… (500 more characters)".length(), Failures.describe(new RuntimeException("y".repeat(1000)))
                .length());
    }

    /** A plugin's exception may chain to itself or throw from getMessage: describing it still ends, in words. */
    @Test
    void hostileExceptionsAreStillDescribed() {
        RuntimeException first = new RuntimeException((String) null);
        RuntimeException second = new RuntimeException((String) null, first);
        first.initCause(second);
        String cycle = Failures.describe(first);
        assertTrue(cycle.startsWith("failed with an unexplained runtime"), cycle);
        RuntimeException liar = new RuntimeException() {
            private static final long serialVersionUID = 1L;

            @Override
            public String getMessage() {
                throw new IllegalStateException("no message for you");
            }
        };
        String described = Failures.describe(liar);
        assertEquals("failed, and its error could not be described (run with --verbose for the stack trace)", described);
        assertFalse(hasControl(Failures.describe(new Error("\u0007\u009b"))));
    }
}
