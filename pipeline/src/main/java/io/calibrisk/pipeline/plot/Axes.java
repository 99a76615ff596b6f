package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.plot.Canvas.Anchor;
import io.calibrisk.pipeline.plot.Canvas.Font;
import io.calibrisk.pipeline.plot.Canvas.Pen;

import java.util.ArrayList;
import java.util.List;

/**
 * Frames, grid lines, ticks and tick labels of a plot area, in one style for every plot of
 * the figure.
 */
final class Axes {
    static final String INK = "#222222";
    static final String MUTED = "#5f6368";
    static final Pen FRAME = Pen.solid("#8a8a8a", 0.9);
    static final Pen GRID = Pen.solid("#e8e8e8", 0.8);
    private static final double TICK = 4;

    private Axes() {
    }

    /**
     * Grid lines at the major ticks, then the frame (so that data drawn next lies on top of
     * the grid but the frame is not hidden by fills).
     *
     * @param c     the canvas
     * @param box   the plot area
     * @param xs    the x scale, or null for no vertical grid lines
     * @param xt    its ticks
     * @param ys    the y scale, or null
     * @param yt    its ticks
     */
    static void grid(Canvas c, Box box, Scale xs, List<Scale.Tick> xt, Scale ys, List<Scale.Tick> yt) {
        if (xs != null) {
            for (Scale.Tick t : xt) {
                if (t.major()) {
                    c.line(xs.at(t.value()), box.y(), xs.at(t.value()), box.bottom(), GRID);
                }
            }
        }
        if (ys != null) {
            for (Scale.Tick t : yt) {
                if (t.major()) {
                    c.line(box.x(), ys.at(t.value()), box.right(), ys.at(t.value()), GRID);
                }
            }
        }
    }

    /**
     * @param c   the canvas
     * @param box the plot area
     */
    static void frame(Canvas c, Box box) {
        c.rect(box.x(), box.y(), box.w(), box.h(), null, 1, FRAME);
    }

    /**
     * Ticks below the plot area, and labels unless {@code labels} is false. Labels that would
     * collide are thinned to every second, third, … one.
     *
     * @param c      the canvas
     * @param box    the plot area
     * @param xs     the scale
     * @param ticks  its ticks
     * @param size   the label font size
     * @param labels whether to write the labels
     */
    static void xTicks(Canvas c, Box box, Scale xs, List<Scale.Tick> ticks, double size, boolean labels) {
        List<Scale.Tick> major = thin(ticks, xs, size);
        for (Scale.Tick t : ticks) {
            double x = xs.at(t.value());
            c.line(x, box.bottom(), x, box.bottom() + (t.major() ? TICK : TICK / 2), FRAME);
        }
        if (labels) {
            Font font = Font.of(size, MUTED, Anchor.MIDDLE);
            for (Scale.Tick t : major) {
                c.text(xs.at(t.value()), box.bottom() + TICK + size + 1, t.label(), font);
            }
        }
    }

    /**
     * Ticks and labels left of the plot area.
     *
     * @param c     the canvas
     * @param box   the plot area
     * @param ys    the scale
     * @param ticks its ticks
     * @param size  the label font size
     */
    static void yTicks(Canvas c, Box box, Scale ys, List<Scale.Tick> ticks, double size) {
        Font font = Font.of(size, MUTED, Anchor.END);
        for (Scale.Tick t : ticks) {
            double y = ys.at(t.value());
            c.line(box.x() - (t.major() ? TICK : TICK / 2), y, box.x(), y, FRAME);
            if (t.major()) {
                c.text(box.x() - TICK - 3, y + size * 0.35, t.label(), font);
            }
        }
    }

    /**
     * @param ticks the ticks
     * @param size  the label font size
     * @return the widest label's estimated width
     */
    static double labelWidth(List<Scale.Tick> ticks, double size) {
        return ticks.stream().mapToDouble(t -> Texts.width(t.label(), size, false)).max().orElse(0);
    }

    /** Keeps every m-th labelled tick, for the smallest m at which neighbours do not touch. */
    private static List<Scale.Tick> thin(List<Scale.Tick> ticks, Scale xs, double size) {
        List<Scale.Tick> major = new ArrayList<>();
        ticks.stream().filter(Scale.Tick::major).forEach(major::add);
        for (int every = 1; every <= major.size(); every++) {
            List<Scale.Tick> kept = new ArrayList<>();
            for (int i = 0; i < major.size(); i += every) {
                kept.add(major.get(i));
            }
            if (fits(kept, xs, size)) {
                return kept;
            }
        }
        return major.isEmpty() ? major : List.of(major.get(0));
    }

    private static boolean fits(List<Scale.Tick> kept, Scale xs, double size) {
        for (int i = 1; i < kept.size(); i++) {
            double gap = Math.abs(xs.at(kept.get(i).value()) - xs.at(kept.get(i - 1).value()));
            double need = (Texts.width(kept.get(i).label(), size, false) + Texts.width(kept.get(i - 1).label(), size,
                    false)) / 2 + 6;
            if (gap < need) {
                return false;
            }
        }
        return true;
    }
}
