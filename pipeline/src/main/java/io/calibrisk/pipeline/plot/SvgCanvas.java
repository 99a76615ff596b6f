package io.calibrisk.pipeline.plot;

import java.util.Locale;

/**
 * Writes the primitives as a standalone SVG 1.1 document: no scripts, no external fonts or
 * images, every text escaped, so it opens in any browser or editor as it is.
 */
final class SvgCanvas implements Canvas {
    /** System fonts only: the document must not fetch anything. */
    static final String FONTS = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

    private final StringBuilder out = new StringBuilder(1 << 16);
    private int depth;

    /**
     * @param width       the figure's width
     * @param height      the figure's height
     * @param title       the document's title, shown by browsers as the tab name
     * @param description a sentence on what the figure shows, for screen readers
     */
    SvgCanvas(int width, int height, String title, String description) {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" font-family=\"").append(FONTS).append("\">\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<desc>").append(escape(description)).append("</desc>\n")
                .append("<rect x=\"0\" y=\"0\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Pen pen) {
        out.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"")
                .append(num(x2)).append("\" y2=\"").append(num(y2)).append('"');
        stroke(pen);
        out.append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, Pen pen) {
        out.append("<polyline points=\"").append(points(xs, ys)).append("\" fill=\"none\"");
        stroke(pen);
        out.append(" stroke-linejoin=\"round\"/>\n");
    }

    @Override
    public void polygon(double[] xs, double[] ys, String fill, double opacity, Pen pen) {
        out.append("<polygon points=\"").append(points(xs, ys)).append('"');
        fill(fill, opacity);
        stroke(pen);
        out.append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, double opacity, Pen pen) {
        out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(Math.max(0, w))).append("\" height=\"").append(num(Math.max(0, h))).append('"');
        fill(fill, opacity);
        stroke(pen);
        out.append("/>\n");
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, Pen pen) {
        out.append("<circle cx=\"").append(num(cx)).append("\" cy=\"").append(num(cy)).append("\" r=\"")
                .append(num(r)).append('"');
        fill(fill, 1);
        stroke(pen);
        out.append("/>\n");
    }

    @Override
    public void text(double x, double y, String text, Font font) {
        out.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" font-size=\"")
                .append(num(font.size())).append("\" fill=\"").append(font.color()).append('"');
        if (font.anchor() != Anchor.START) {
            out.append(" text-anchor=\"").append(font.anchor() == Anchor.MIDDLE ? "middle" : "end").append('"');
        }
        if (font.bold()) {
            out.append(" font-weight=\"bold\"");
        }
        if (font.rotate() != 0) {
            out.append(" transform=\"rotate(").append(num(font.rotate())).append(' ').append(num(x)).append(' ')
                    .append(num(y)).append(")\"");
        }
        out.append('>').append(escape(text)).append("</text>\n");
    }

    @Override
    public void begin(String id, String kind, String tooltip) {
        out.append("<g");
        if (id != null) {
            out.append(" id=\"").append(escape(id)).append('"');
        }
        if (kind != null) {
            out.append(" class=\"").append(escape(kind)).append('"');
        }
        out.append('>');
        if (tooltip != null) {
            out.append("<title>").append(escape(tooltip)).append("</title>");
        }
        out.append('\n');
        depth++;
    }

    @Override
    public void end() {
        if (depth == 0) {
            throw new IllegalStateException("end() without begin()");
        }
        depth--;
        out.append("</g>\n");
    }

    /** @return the finished document */
    String finish() {
        if (depth != 0) {
            throw new IllegalStateException(depth + " group(s) left open");
        }
        return out + "</svg>\n";
    }

    private void stroke(Pen pen) {
        if (pen == null) {
            return;
        }
        out.append(" stroke=\"").append(pen.color()).append("\" stroke-width=\"").append(num(pen.width())).append('"');
        if (pen.dash() != null) {
            out.append(" stroke-dasharray=\"");
            for (int i = 0; i < pen.dash().length; i++) {
                out.append(i == 0 ? "" : ",").append(num(pen.dash()[i]));
            }
            out.append('"');
        }
        if (pen.opacity() < 1) {
            out.append(" stroke-opacity=\"").append(num(pen.opacity())).append('"');
        }
    }

    private void fill(String fill, double opacity) {
        out.append(" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (fill != null && opacity < 1) {
            out.append(" fill-opacity=\"").append(opacity(opacity)).append('"');
        }
    }

    /** Opacities keep four decimals: a shade in proportion to a few samples is faint, not absent. */
    private static String opacity(double v) {
        String s = String.format(Locale.ROOT, "%.4f", Math.max(0, v));
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String points(double[] xs, double[] ys) {
        StringBuilder sb = new StringBuilder(xs.length * 12);
        for (int i = 0; i < xs.length; i++) {
            sb.append(i == 0 ? "" : " ").append(num(xs[i])).append(',').append(num(ys[i]));
        }
        return sb.toString();
    }

    /** Two decimals are finer than any screen, and keep the file small. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("coordinate " + v);
        }
        String s = String.format(Locale.ROOT, "%.2f", v);
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        s = s.substring(0, end);
        return s.equals("-0") ? "0" : s;
    }

    /**
     * Escapes text for XML and drops characters XML 1.0 forbids, which a plugin's failure
     * message could otherwise smuggle in and make the whole file unreadable.
     */
    static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&apos;");
                case '\t', '\n', '\r' -> sb.append(' ');
                default -> {
                    boolean legal = (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
                    if (legal) {
                        sb.appendCodePoint(c);
                    }
                }
            }
        });
        return sb.toString();
    }
}
