package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.plot.Canvas.Anchor;
import io.calibrisk.pipeline.plot.Canvas.Font;
import io.calibrisk.pipeline.plot.Canvas.Pen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Panel 2: small multiples, one per estimator, of the validation risk {@code √R̂ × 100 ± s.e.}
 * over the estimator's grid. Each has its own axes because estimators tune different
 * hyperparameters on different scales; a dashed line at the lowest risk of all lets the
 * reader compare levels across them.
 */
final class RiskPanel {
    /** Height of the heading and legend above the cells. */
    static final double HEAD = 66;
    /** The smallest cell that stays readable. */
    static final double MIN_CELL = 170;
    private static final double MAX_CELL = 250;
    private static final double CELL_TOP = 36;
    private static final double CELL_BOTTOM = 40;
    private static final double CAP = 2.5;
    private static final double TICK_FONT = 10;

    private final Canvas c;
    private final double reference;

    private RiskPanel(Canvas c, double reference) {
        this.c = c;
        this.reference = reference;
    }

    /**
     * @param series the number of estimators
     * @return the number of columns of cells
     */
    static int columns(int series) {
        return series <= 1 ? 1 : series <= 6 ? 2 : 3;
    }

    /**
     * @param series the number of estimators
     * @return the height the panel needs
     */
    static double height(int series) {
        int rows = (series + columns(series) - 1) / columns(series);
        return HEAD + Math.max(1, rows) * MIN_CELL;
    }

    /**
     * @param c         the canvas
     * @param series    one series per estimator, in report order
     * @param reference the lowest risk of all on the same scale (the recommended estimator's),
     *                  or NaN
     * @param area      the panel's area
     */
    static void draw(Canvas c, List<RiskSeries> series, double reference, Box area) {
        new RiskPanel(c, reference).draw(series, area);
    }

    private void draw(List<RiskSeries> series, Box area) {
        c.begin("risk", "panel", null);
        c.text(area.x(), area.y() + 14, "Validation risk over each estimator's grid",
                Font.of(14, Axes.INK, Anchor.START).inBold());
        c.text(area.x(), area.y() + 32, Texts.fit("√risk × 100 ± s.e. over the folds; lower is better. The chosen point "
                + "has the lowest risk among the stable points.", 11, false, area.w()), Font.of(11, Axes.MUTED, Anchor.START));
        legend(area.x(), area.y() + 52);
        if (series.isEmpty()) {
            c.text(area.x(), area.y() + HEAD + 20, "no estimators in the report", Font.of(12, Axes.MUTED, Anchor.START));
        }
        int cols = columns(series.size());
        int rows = Math.max(1, (series.size() + cols - 1) / cols);
        double cellW = area.w() / cols;
        double cellH = Math.min(MAX_CELL, (area.h() - HEAD) / rows);
        for (int i = 0; i < series.size(); i++) {
            Box cell = new Box(area.x() + (i % cols) * cellW, area.y() + HEAD + (i / cols) * cellH, cellW - 14, cellH);
            cell(i, series.get(i), cell);
        }
        c.end();
    }

    private void legend(double x, double y) {
        Font font = Font.of(11, Axes.INK, Anchor.START);
        c.begin("risk-legend", "legend", null);
        c.line(x + 6, y - 7, x + 6, y + 7, Pen.solid(Palette.WHISKER, 1.2));
        c.circle(x + 6, y, 3, Palette.POINT, null);
        c.text(x + 16, y + 4, "grid point ± s.e.", font);
        x += 16 + Texts.width("grid point ± s.e.", 11, false) + 16;
        c.circle(x + 6, y, 5.5, Palette.ACCENT, Pen.solid(Palette.ACCENT_DARK, 1.2));
        c.text(x + 16, y + 4, "chosen", font);
        x += 16 + Texts.width("chosen", 11, false) + 16;
        c.circle(x + 6, y, 3.2, "#ffffff", Pen.solid(Palette.UNSTABLE, 1.5));
        c.text(x + 16, y + 4, "unstable (never chosen)", font);
        x += 16 + Texts.width("unstable (never chosen)", 11, false) + 16;
        triangle(x + 6, y + 3, Palette.POINT);
        c.text(x + 16, y + 4, "off the scale", font);
        x += 16 + Texts.width("off the scale", 11, false) + 16;
        c.line(x, y, x + 20, y, Pen.dashed(Palette.ACCENT, 1.1, 4, 3));
        c.text(x + 26, y + 4, "lowest risk overall", font);
        c.end();
    }

    private void cell(int index, RiskSeries s, Box cell) {
        String id = "risk-" + index + "-" + s.name().replaceAll("[^A-Za-z0-9_-]", "_");
        c.begin(id, s.failed() ? "estimator failed" : "estimator", s.name());
        double nameWidth = Math.min(Texts.width(s.name(), 12.5, true), cell.w() * 0.7);
        c.text(cell.x(), cell.y() + 13, Texts.fit(s.name(), 12.5, true, cell.w() * 0.7),
                Font.of(12.5, Axes.INK, Anchor.START).inBold());
        if (s.recommended()) {
            c.text(cell.x() + nameWidth + 8, cell.y() + 13, "★ recommended", Font.of(11, Palette.ACCENT, Anchor.START).inBold());
        }
        if (s.failed()) {
            failed(s, cell);
        } else {
            plot(s, cell);
        }
        c.end();
    }

    private void failed(RiskSeries s, Box cell) {
        Box inner = new Box(cell.x(), cell.y() + 22, cell.w(), Math.min(cell.h() - 30, 90));
        c.rect(inner.x(), inner.y(), inner.w(), inner.h(), Palette.FAILED_BACKGROUND, 1, Pen.solid("#e6b8b3", 0.8));
        c.text(inner.x() + 10, inner.y() + 18, "failed", Font.of(12, Palette.ACCENT, Anchor.START).inBold());
        double y = inner.y() + 34;
        for (String line : Texts.wrap(s.failure(), 10.5, inner.w() - 20, (int) ((inner.h() - 34) / 14))) {
            c.text(inner.x() + 10, y, line, Font.of(10.5, Axes.MUTED, Anchor.START));
            y += 14;
        }
    }

    private void plot(RiskSeries s, Box cell) {
        String chosen = s.best() >= 0 ? s.labels()[s.best()] + ": " + Texts.significant(s.y()[s.best()], 4)
                + " ± " + Texts.significant(s.se()[s.best()], 2) + ", CE = " + Texts.significant(s.estimate(), 3)
                : "no stable grid point; nothing chosen";
        c.text(cell.x(), cell.y() + 27, Texts.fit(chosen, 10.5, false, cell.w()),
                Font.of(10.5, s.best() >= 0 ? Axes.MUTED : Palette.UNSTABLE, Anchor.START));
        double top = cell.y() + CELL_TOP;
        double height = cell.h() - CELL_TOP - CELL_BOTTOM;
        double[] range = yRange(s);
        List<Scale.Tick> yt = Scale.linear(range[0], range[1], 1, 0).ticks(4);
        double left = Axes.labelWidth(yt, TICK_FONT) + 10;
        Box plot = new Box(cell.x() + left, top, cell.w() - left - 4, height);
        Scale ys = Scale.linear(range[0], range[1], plot.bottom(), plot.y());
        Scale xs = xScale(s, plot);
        List<Scale.Tick> xt = xTicks(s, xs, plot);
        Axes.grid(c, plot, xs, xt, ys, yt);
        if (Double.isFinite(reference) && reference >= range[0] && reference <= range[1]) {
            c.line(plot.x(), ys.at(reference), plot.right(), ys.at(reference), new Pen(Palette.ACCENT, 1.1,
                    new double[] {4, 3}, 0.7));
        }
        points(s, xs, ys, plot);
        Axes.frame(c, plot);
        Axes.yTicks(c, plot, ys, yt, TICK_FONT);
        Axes.xTicks(c, plot, xs, xt, TICK_FONT, true);
        c.text(plot.x() + plot.w() / 2, plot.bottom() + 30, s.axis(), Font.of(11, Axes.INK, Anchor.MIDDLE));
    }

    private void points(RiskSeries s, Scale xs, Scale ys, Box plot) {
        Integer[] order = new Integer[s.x().length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(s.x()[a], s.x()[b]));
        List<double[]> path = new ArrayList<>();
        for (int i : order) {
            if (Double.isFinite(s.y()[i])) {
                path.add(new double[] {xs.at(s.x()[i]), ys.at(Math.min(s.y()[i], ys.hi()))});
            }
        }
        if (path.size() > 1) {
            c.polyline(path.stream().mapToDouble(p -> p[0]).toArray(), path.stream().mapToDouble(p -> p[1]).toArray(),
                    Pen.solid("#7b8ea3", 1.2));
        }
        // The chosen point last, so nothing covers it.
        for (int i : order) {
            if (i != s.best()) {
                point(s, i, xs, ys, plot);
            }
        }
        if (s.best() >= 0) {
            point(s, s.best(), xs, ys, plot);
        }
    }

    private void point(RiskSeries s, int i, Scale xs, Scale ys, Box plot) {
        double y = s.y()[i];
        if (!Double.isFinite(y)) {
            return;
        }
        double x = xs.at(s.x()[i]);
        boolean best = i == s.best();
        String tooltip = s.labels()[i] + ": √risk × 100 = " + Texts.significant(y, 4) + " ± " + Texts.significant(s.se()[i], 2)
                + (best ? " (chosen)" : s.stable()[i] ? "" : " (unstable: " + "never chosen)");
        c.begin(null, best ? "chosen" : s.stable()[i] ? "point" : "point unstable", tooltip);
        if (y > ys.hi()) {
            triangle(x, plot.y() + 5, s.stable()[i] ? Palette.POINT : Palette.UNSTABLE);
            c.end();
            return;
        }
        double se = Double.isFinite(s.se()[i]) ? s.se()[i] : 0;
        double y0 = ys.at(Math.max(ys.lo(), y - se));
        double y1 = ys.at(Math.min(ys.hi(), y + se));
        Pen whisker = Pen.solid(best ? Palette.ACCENT : Palette.WHISKER, best ? 1.5 : 1.1);
        c.line(x, y0, x, y1, whisker);
        if (y + se <= ys.hi()) {
            c.line(x - CAP, y1, x + CAP, y1, whisker);
        }
        if (y - se >= ys.lo()) {
            c.line(x - CAP, y0, x + CAP, y0, whisker);
        }
        if (best) {
            c.circle(x, ys.at(y), 5.5, Palette.ACCENT, Pen.solid(Palette.ACCENT_DARK, 1.2));
        } else if (s.stable()[i]) {
            c.circle(x, ys.at(y), 3, Palette.POINT, null);
        } else {
            c.circle(x, ys.at(y), 3.2, "#ffffff", Pen.solid(Palette.UNSTABLE, 1.5));
        }
        c.end();
    }

    private void triangle(double x, double baseY, String color) {
        c.polygon(new double[] {x - 4.5, x + 4.5, x}, new double[] {baseY, baseY, baseY - 7.5}, color, 1, null);
    }

    /**
     * The y range: every point with its error bar, except outliers far above the bulk (a
     * degenerate grid point can be orders of magnitude worse and would flatten the rest);
     * those are drawn as triangles at the top.
     */
    static double[] yRange(RiskSeries s) {
        double[] y = Arrays.stream(s.y()).filter(Double::isFinite).sorted().toArray();
        if (y.length == 0) {
            return new double[] {0, 1};
        }
        double[] se = Arrays.stream(s.se()).filter(Double::isFinite).sorted().toArray();
        double min = y[0];
        double median = y[y.length / 2];
        double medianSe = se.length == 0 ? 0 : se[se.length / 2];
        double cap = min + 8 * Math.max(Math.max(median - min, medianSe), 1e-9 * Math.max(1, Math.abs(min)));
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.y().length; i++) {
            double v = s.y()[i];
            if (Double.isFinite(v) && v <= cap) {
                double e = Double.isFinite(s.se()[i]) ? s.se()[i] : 0;
                lo = Math.min(lo, v - e);
                hi = Math.max(hi, v + e);
            }
        }
        if (hi - lo < 1e-12 * Math.max(1, Math.abs(hi))) {
            double pad = Math.max(Math.abs(hi) * 0.01, 1e-6);
            lo -= pad;
            hi += pad;
        }
        double pad = (hi - lo) * 0.08;
        return new double[] {lo - pad, hi + pad};
    }

    private static Scale xScale(RiskSeries s, Box plot) {
        double lo = Arrays.stream(s.x()).min().orElse(0);
        double hi = Arrays.stream(s.x()).max().orElse(1);
        double inset = 10;
        if (s.logX()) {
            return Scale.log(lo, hi, plot.x() + inset, plot.right() - inset);
        }
        if (hi == lo) {
            return Scale.linear(lo - 1, hi + 1, plot.x(), plot.right());
        }
        return Scale.linear(lo, hi, plot.x() + inset, plot.right() - inset);
    }

    private static List<Scale.Tick> xTicks(RiskSeries s, Scale xs, Box plot) {
        double lo = Arrays.stream(s.x()).min().orElse(0);
        double hi = Arrays.stream(s.x()).max().orElse(1);
        if (lo == hi) {
            return List.of(new Scale.Tick(lo, s.axis().isEmpty() ? "" : Texts.compact(lo)));
        }
        if (s.logX()) {
            // Ticks at decades that lie in the data's range; the range is inset, so widen it.
            Scale wide = Scale.log(lo, hi, 0, 1);
            return wide.ticks((int) Math.max(2, plot.w() / 42));
        }
        List<Scale.Tick> ticks = Scale.linear(lo, hi, 0, 1).ticks((int) Math.max(2, plot.w() / 55));
        if (s.axis().equals("grid point")) {
            ticks = ticks.stream().filter(t -> t.value() == Math.rint(t.value()))
                    .map(t -> new Scale.Tick(t.value(), String.format(Locale.ROOT, "%d", (long) t.value()))).toList();
        }
        return ticks;
    }
}
