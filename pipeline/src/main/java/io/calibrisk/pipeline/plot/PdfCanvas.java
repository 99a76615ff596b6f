package io.calibrisk.pipeline.plot;

import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.util.Matrix;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;

/**
 * Draws the primitives into a one-page vector PDF with Apache PDFBox. Text is set in DejaVu
 * Sans (embedded as a subset, so the file shows the same glyphs everywhere, √ and subscripts
 * included); a character the font lacks is drawn as {@code ?}. Figure units become half
 * points, so the 1340-unit-wide figure is a 670-point page that a paper scales to its column.
 * The file carries a fixed creation date, so the same report gives the same bytes.
 */
final class PdfCanvas implements Canvas {
    /** Points per figure unit. */
    static final double SCALE = 0.5;
    private static final String FONTS = "/io/calibrisk/pipeline/plot/fonts/";
    /** Bézier control-point distance for a quarter circle of radius 1. */
    private static final double KAPPA = 0.5522847498;

    private final PDDocument document;
    private final PDPageContentStream content;
    private final double height;
    private final PDType0Font regular;
    private final PDType0Font bold;
    private final TrueTypeFont regularGlyphs;
    private final TrueTypeFont boldGlyphs;

    /**
     * @param width  the figure's width in figure units
     * @param height the figure's height in figure units
     * @param title  the document's title
     */
    PdfCanvas(int width, int height, String title) {
        this.height = height;
        document = new PDDocument();
        try {
            PDPage page = new PDPage(new PDRectangle((float) (width * SCALE), (float) (height * SCALE)));
            document.addPage(page);
            regularGlyphs = parse("DejaVuSans.ttf");
            boldGlyphs = parse("DejaVuSans-Bold.ttf");
            regular = PDType0Font.load(document, regularGlyphs, true);
            bold = PDType0Font.load(document, boldGlyphs, true);
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(title);
            info.setCreator("calibrisk");
            Calendar fixed = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
            fixed.clear();
            fixed.set(2025, Calendar.JANUARY, 1);
            info.setCreationDate(fixed);
            // Without an ID of its own, PDFBox derives one from the time of saving.
            COSArray id = new COSArray();
            id.add(new COSString("calibrisk diagram"));
            id.add(new COSString("calibrisk diagram"));
            document.getDocument().getTrailer().setItem(COSName.ID, id);
            content = new PDPageContentStream(document, page);
            content.setNonStrokingColor(1f, 1f, 1f);
            content.addRect(0, 0, (float) (width * SCALE), (float) (height * SCALE));
            content.fill();
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    private static TrueTypeFont parse(String name) throws IOException {
        try (InputStream in = PdfCanvas.class.getResourceAsStream(FONTS + name)) {
            if (in == null) {
                throw new IOException("font " + name + " is missing from the jar");
            }
            return new TTFParser().parse(new RandomAccessReadBuffer(in.readAllBytes()));
        }
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Pen pen) {
        run(() -> {
            content.saveGraphicsState();
            stroke(pen);
            content.moveTo(px(x1), py(y1));
            content.lineTo(px(x2), py(y2));
            content.stroke();
            content.restoreGraphicsState();
        });
    }

    @Override
    public void polyline(double[] xs, double[] ys, Pen pen) {
        if (xs.length == 0) {
            return;
        }
        run(() -> {
            content.saveGraphicsState();
            stroke(pen);
            content.setLineJoinStyle(1);
            path(xs, ys);
            content.stroke();
            content.restoreGraphicsState();
        });
    }

    @Override
    public void polygon(double[] xs, double[] ys, String fill, double opacity, Pen pen) {
        run(() -> {
            content.saveGraphicsState();
            path(xs, ys);
            content.closePath();
            paint(fill, opacity, pen);
            content.restoreGraphicsState();
        });
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, double opacity, Pen pen) {
        run(() -> {
            content.saveGraphicsState();
            content.addRect(px(x), py(y + Math.max(0, h)), (float) (Math.max(0, w) * SCALE),
                    (float) (Math.max(0, h) * SCALE));
            paint(fill, opacity, pen);
            content.restoreGraphicsState();
        });
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, Pen pen) {
        run(() -> {
            content.saveGraphicsState();
            float x = px(cx);
            float y = py(cy);
            float s = (float) (r * SCALE);
            float k = (float) (r * SCALE * KAPPA);
            content.moveTo(x + s, y);
            content.curveTo(x + s, y + k, x + k, y + s, x, y + s);
            content.curveTo(x - k, y + s, x - s, y + k, x - s, y);
            content.curveTo(x - s, y - k, x - k, y - s, x, y - s);
            content.curveTo(x + k, y - s, x + s, y - k, x + s, y);
            content.closePath();
            paint(fill, 1, pen);
            content.restoreGraphicsState();
        });
    }

    @Override
    public void text(double x, double y, String text, Font font) {
        PDType0Font pdf = font.bold() ? bold : regular;
        String shown = printable(text, font.bold() ? boldGlyphs : regularGlyphs);
        if (shown.isEmpty()) {
            return;
        }
        run(() -> {
            float size = (float) (font.size() * SCALE);
            double width = pdf.getStringWidth(shown) / 1000 * size;
            double shift = switch (font.anchor()) {
                case START -> 0;
                case MIDDLE -> -width / 2;
                case END -> -width;
            };
            content.saveGraphicsState();
            content.beginText();
            content.setFont(pdf, size);
            content.setNonStrokingColor(rgb(font.color())[0], rgb(font.color())[1], rgb(font.color())[2]);
            // The figure's rotation is clockwise in y-down units; the page's y points up.
            Matrix m = Matrix.getTranslateInstance(px(x), py(y));
            m.rotate(Math.toRadians(-font.rotate()));
            m.translate((float) shift, 0);
            content.setTextMatrix(m);
            content.showText(shown);
            content.endText();
            content.restoreGraphicsState();
        });
    }

    @Override
    public void begin(String id, String kind, String tooltip) {
        // A PDF page has no groups worth keeping.
    }

    @Override
    public void end() {
        // See begin.
    }

    /** @return the document's bytes; the canvas must not be used afterwards */
    byte[] finish() {
        try {
            content.close();
            ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close();
        }
    }

    private void close() {
        try {
            document.close();
        } catch (IOException e) {
            // Nothing is left to release that matters: the document lives in memory.
        }
    }

    /** The text with each character the font cannot draw replaced by '?'. */
    private static String printable(String text, TrueTypeFont glyphs) {
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            int glyph;
            try {
                glyph = glyphs.getUnicodeCmapLookup().getGlyphId(cp);
            } catch (IOException e) {
                glyph = 0;
            }
            if (cp == '\u00a0') {
                sb.append(' ');
            } else if (glyph > 0) {
                sb.appendCodePoint(cp);
            } else if (!Character.isISOControl(cp)) {
                sb.append('?');
            }
        });
        return sb.toString();
    }

    private void stroke(Pen pen) throws IOException {
        float[] c = rgb(pen.color());
        content.setStrokingColor(c[0], c[1], c[2]);
        content.setLineWidth((float) (pen.width() * SCALE));
        if (pen.dash() != null) {
            float[] dash = new float[pen.dash().length];
            for (int i = 0; i < dash.length; i++) {
                dash[i] = (float) (pen.dash()[i] * SCALE);
            }
            content.setLineDashPattern(dash, 0);
        }
        if (pen.opacity() < 1) {
            PDExtendedGraphicsState state = new PDExtendedGraphicsState();
            state.setStrokingAlphaConstant((float) pen.opacity());
            content.setGraphicsStateParameters(state);
        }
    }

    private void paint(String fill, double opacity, Pen pen) throws IOException {
        if (fill != null) {
            float[] c = rgb(fill);
            content.setNonStrokingColor(c[0], c[1], c[2]);
            if (opacity < 1) {
                PDExtendedGraphicsState state = new PDExtendedGraphicsState();
                state.setNonStrokingAlphaConstant((float) Math.max(0, opacity));
                content.setGraphicsStateParameters(state);
            }
        }
        if (pen != null) {
            stroke(pen);
        }
        if (fill != null && pen != null) {
            content.fillAndStroke();
        } else if (fill != null) {
            content.fill();
        } else if (pen != null) {
            content.stroke();
        }
    }

    private void path(double[] xs, double[] ys) throws IOException {
        content.moveTo(px(xs[0]), py(ys[0]));
        for (int i = 1; i < xs.length; i++) {
            content.lineTo(px(xs[i]), py(ys[i]));
        }
    }

    private static float px(double x) {
        return (float) (x * SCALE);
    }

    private float py(double y) {
        return (float) ((height - y) * SCALE);
    }

    private static float[] rgb(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return new float[] {((rgb >> 16) & 0xff) / 255f, ((rgb >> 8) & 0xff) / 255f, (rgb & 0xff) / 255f};
    }

    /** A drawing step that may fail with the content stream's IOException. */
    @FunctionalInterface
    private interface Step {
        void run() throws IOException;
    }

    private static void run(Step step) {
        try {
            step.run();
        } catch (IOException e) {
            // The content stream writes to memory; an IOException here is a bug, not a condition.
            throw new UncheckedIOException(e);
        }
    }
}
