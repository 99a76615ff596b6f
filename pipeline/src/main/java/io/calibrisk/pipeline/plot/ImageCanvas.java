package io.calibrisk.pipeline.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/**
 * Draws the primitives into an RGB image with Java2D, scaled so that the PNG is sharp on
 * high-density screens. Works headless: it needs no display, only a font.
 */
final class ImageCanvas implements Canvas {
    private final BufferedImage image;
    private final Graphics2D g;

    /**
     * @param width  the figure's width in figure units
     * @param height the figure's height in figure units
     * @param scale  pixels per figure unit
     */
    ImageCanvas(int width, int height, double scale) {
        image = new BufferedImage((int) Math.round(width * scale), (int) Math.round(height * scale),
                BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.scale(scale, scale);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Pen pen) {
        apply(pen);
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Pen pen) {
        if (xs.length == 0) {
            return;
        }
        apply(pen);
        g.draw(path(xs, ys, false));
    }

    @Override
    public void polygon(double[] xs, double[] ys, String fill, double opacity, Pen pen) {
        Path2D path = path(xs, ys, true);
        if (fill != null) {
            g.setColor(color(fill, opacity));
            g.fill(path);
        }
        if (pen != null) {
            apply(pen);
            g.draw(path);
        }
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, double opacity, Pen pen) {
        Rectangle2D r = new Rectangle2D.Double(x, y, Math.max(0, w), Math.max(0, h));
        if (fill != null) {
            g.setColor(color(fill, opacity));
            g.fill(r);
        }
        if (pen != null) {
            apply(pen);
            g.draw(r);
        }
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, Pen pen) {
        Ellipse2D e = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
        if (fill != null) {
            g.setColor(color(fill, 1));
            g.fill(e);
        }
        if (pen != null) {
            apply(pen);
            g.draw(e);
        }
    }

    @Override
    public void text(double x, double y, String text, Font font) {
        java.awt.Font awt = new java.awt.Font(java.awt.Font.SANS_SERIF, font.bold() ? java.awt.Font.BOLD
                : java.awt.Font.PLAIN, 12).deriveFont((float) font.size());
        g.setFont(awt);
        g.setColor(color(font.color(), 1));
        double width = g.getFontMetrics().getStringBounds(text, g).getWidth();
        double shift = switch (font.anchor()) {
            case START -> 0;
            case MIDDLE -> -width / 2;
            case END -> -width;
        };
        AffineTransform saved = g.getTransform();
        if (font.rotate() != 0) {
            g.rotate(Math.toRadians(font.rotate()), x, y);
        }
        g.drawString(text, (float) (x + shift), (float) y);
        g.setTransform(saved);
    }

    @Override
    public void begin(String id, String kind, String tooltip) {
        // Groups and tooltips have no meaning in a raster image.
    }

    @Override
    public void end() {
        // See begin.
    }

    /** @return the picture; the canvas must not be used afterwards */
    BufferedImage finish() {
        g.dispose();
        return image;
    }

    private void apply(Pen pen) {
        float[] dash = null;
        if (pen.dash() != null) {
            dash = new float[pen.dash().length];
            for (int i = 0; i < dash.length; i++) {
                dash[i] = (float) pen.dash()[i];
            }
        }
        g.setStroke(new BasicStroke((float) pen.width(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f));
        g.setColor(color(pen.color(), pen.opacity()));
    }

    private static Path2D path(double[] xs, double[] ys, boolean closed) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        if (closed) {
            path.closePath();
        }
        return path;
    }

    private static Color color(String hex, double opacity) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        int alpha = (int) Math.round(Math.max(0, Math.min(1, opacity)) * 255);
        return new Color((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, alpha);
    }
}
