package io.calibrisk.pipeline.plot;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Number formats and a text-width estimate. The SVG is laid out without a font at hand (the
 * viewer picks one), so widths are estimated generously from DejaVu Sans's proportions: a
 * layout that fits the estimate fits the common sans-serif fonts.
 */
final class Texts {
    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

    private Texts() {
    }

    /**
     * @param exponent an integer
     * @return it in superscript digits, e.g. {@code ⁻⁵}
     */
    static String superscript(int exponent) {
        StringBuilder sb = new StringBuilder();
        if (exponent < 0) {
            sb.append('⁻');
        }
        for (char c : Integer.toString(Math.abs(exponent)).toCharArray()) {
            sb.append(SUPERSCRIPTS.charAt(c - '0'));
        }
        return sb.toString();
    }

    /**
     * A short form for axis labels and hyperparameters: plain decimals from 0.001 to 99999,
     * otherwise mantissa × power of ten, e.g. {@code 1.9×10⁻³}.
     *
     * @param v a finite value
     * @return the text
     */
    static String compact(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        double a = Math.abs(v);
        if (v == 0 || (a >= 1e-3 && a < 1e5)) {
            // Not %g: Java switches it to an exponent from 10⁴ on.
            return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
        }
        int e = (int) Math.floor(Math.log10(a));
        double m = v / Math.pow(10, e);
        if (Math.abs(m) >= 9.995) {
            m /= 10;
            e++;
        }
        String mantissa = trim(String.format(Locale.ROOT, "%.2f", m));
        return (mantissa.equals("1") ? "" : mantissa.equals("-1") ? "-" : mantissa + "×") + "10" + superscript(e);
    }

    /**
     * @param v      a value
     * @param digits significant digits
     * @return v with that many significant digits, without exponent for usual magnitudes
     */
    static String significant(double v, int digits) {
        if (v == 0) {
            return "0";
        }
        if (Math.abs(v) < 1e-4 || Math.abs(v) >= 1e6) {
            return compact(v);
        }
        int decimals = Math.max(0, digits - 1 - (int) Math.floor(Math.log10(Math.abs(v))));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String trim(String s) {
        if (s.contains("e") || !s.contains(".")) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        return s.substring(0, s.charAt(end - 1) == '.' ? end - 1 : end);
    }

    /**
     * Estimated width of a line of text, rather too wide than too narrow.
     *
     * @param text the text
     * @param size the font size
     * @param bold whether bold
     * @return the width in figure units
     */
    static double width(String text, double size, boolean bold) {
        double em = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ("il.,:;|!'I \u00a0".indexOf(c) >= 0) {
                em += 0.32;
            } else if ("fjrt()[]-/".indexOf(c) >= 0) {
                em += 0.42;
            } else if ("mwMW@".indexOf(c) >= 0) {
                em += 0.92;
            } else if (Character.isUpperCase(c) || c == '±' || c == '×' || c == '—' || c == '–') {
                em += 0.72;
            } else if ("⁰¹²³⁴⁵⁶⁷⁸⁹⁻".indexOf(c) >= 0) {
                em += 0.42;
            } else {
                em += 0.62;
            }
        }
        return em * size * (bold ? 1.08 : 1.0);
    }

    /**
     * @param text  the text
     * @param size  the font size
     * @param bold  whether bold
     * @param width the room available
     * @return the text, cut with an ellipsis if it would not fit
     */
    static String fit(String text, double size, boolean bold, double width) {
        if (width(text, size, bold) <= width) {
            return text;
        }
        int end = text.length();
        while (end > 0 && width(text.substring(0, end) + "…", size, bold) > width) {
            end--;
        }
        return text.substring(0, end).stripTrailing() + "…";
    }

    /**
     * Breaks text into lines at spaces; a word longer than a line is cut.
     *
     * @param text     the text
     * @param size     the font size
     * @param width    the room per line
     * @param maxLines the most lines; the last one ends with an ellipsis if text is left over
     * @return the lines
     */
    static List<String> wrap(String text, double size, double width, int maxLines) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        String[] words = text.strip().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            String candidate = line.length() == 0 ? words[i] : line + " " + words[i];
            if (width(candidate, size, false) <= width || line.length() == 0) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            lines.add(fit(line.toString(), size, false, width));
            line.setLength(0);
            line.append(words[i]);
            if (lines.size() == maxLines) {
                String last = lines.remove(maxLines - 1);
                lines.add(fit(last + " " + String.join(" ", List.of(words).subList(i, words.length)), size, false,
                        width));
                return lines;
            }
        }
        if (line.length() > 0) {
            lines.add(fit(line.toString(), size, false, width));
        }
        return lines;
    }
}
