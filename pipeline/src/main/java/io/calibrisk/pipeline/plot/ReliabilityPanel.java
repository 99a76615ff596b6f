package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.plot.Canvas.Anchor;
import io.calibrisk.pipeline.plot.Canvas.Font;
import io.calibrisk.pipeline.plot.Canvas.Pen;

import java.util.ArrayList;
import java.util.List;

/**
 * Panel 1: the fitted calibration curve(s) against the diagonal, above a histogram of the
 * predictions on the same z axis, with the legend to the right.
 */
final class ReliabilityPanel {
    static final double PLOT = 400;
    static final double HISTOGRAM = 88;
    private static final double LEFT = 64;
    private static final double TOP = 30;
    private static final double GAP = 10;
    private static final double LEGEND_GAP = 18;
    /** Height the panel needs. */
    static final double HEIGHT = TOP + PLOT + GAP + HISTOGRAM + 50;

    private final Canvas c;
    private final ReliabilityModel m;
    private final Box plot;
    private final Box strip;
    private final Scale xs;
    private final Scale ys;
    private final double yLo;
    private final double yHi;

    private ReliabilityPanel(Canvas c, ReliabilityModel m, Box area) {
        this.c = c;
        this.m = m;
        plot = new Box(area.x() + LEFT, area.y() + TOP, PLOT, PLOT);
        strip = new Box(plot.x(), plot.bottom() + GAP, PLOT, HISTOGRAM);
        xs = Scale.linear(0, 1, plot.x(), plot.right());
        double lo = -0.02;
        double hi = 1.02;
        // The axis follows the curves where there are data; an extrapolation beyond them (a
        // kernel regression can wander far off) is drawn clamped to the frame instead.
        for (ReliabilityModel.Curve curve : drawnCurves()) {
            for (int i = 0; i < curve.y().length; i++) {
                double x = curve.x()[i];
                if (x >= curve.dataLo() && x <= curve.dataHi()) {
                    lo = Math.min(lo, curve.y()[i] - 0.02);
                    hi = Math.max(hi, curve.y()[i] + 0.02);
                }
            }
        }
        ys = Scale.linear(lo, hi, plot.bottom(), plot.y());
        yLo = lo;
        yHi = hi;
    }

    /**
     * @param c    the canvas
     * @param m    what to show
     * @param area the panel's area; its height should be at least {@link #HEIGHT}
     */
    static void draw(Canvas c, ReliabilityModel m, Box area) {
        new ReliabilityPanel(c, m, area).draw(area);
    }

    private List<ReliabilityModel.Curve> drawnCurves() {
        List<ReliabilityModel.Curve> all = new ArrayList<>(m.curves);
        if (m.summary != null) {
            all.add(m.summary);
        }
        return all;
    }

    private void draw(Box area) {
        c.begin("reliability", "panel", null);
        c.text(area.x() + 4, area.y() + 14, Texts.fit(m.heading, 14, true, area.w() - 8),
                Font.of(14, Axes.INK, Anchor.START).inBold());
        List<Scale.Tick> xt = xs.ticks(5);
        List<Scale.Tick> yt = ys.ticks(5);
        Axes.grid(c, plot, xs, xt, ys, yt);
        c.line(xs.at(0), ys.at(0), xs.at(1), ys.at(1), Pen.dashed("#555555", 1.2, 6, 4));
        if (m.curves.size() == 1 && m.summary == null && !m.curves.get(0).binned()) {
            gap(m.curves.get(0));
        }
        c.begin("curves", "curves", null);
        // Many crossing curves read better thin.
        double width = m.curves.size() > 3 ? 1.5 : 2.0;
        for (int i = 0; i < m.curves.size(); i++) {
            curve(m.curves.get(i), Palette.category(i), width);
        }
        if (m.summary != null) {
            curve(m.summary, "#111111", 3.0);
        }
        c.end();
        if (m.note != null) {
            note(m.note);
        }
        Axes.frame(c, plot);
        Axes.yTicks(c, plot, ys, yt, 11);
        Axes.xTicks(c, plot, xs, xt, 11, false);
        c.text(plot.x() - 44, plot.y() + plot.h() / 2, m.yLabel, Font.of(12, Axes.INK, Anchor.MIDDLE).upwards());
        histogram(xt);
        legend(new Box(plot.right() + LEGEND_GAP, plot.y(), area.right() - plot.right() - LEGEND_GAP, PLOT + HISTOGRAM));
        c.end();
    }

    /** Shades the miscalibration: the area between the curve and the diagonal, where there is data. */
    private void gap(ReliabilityModel.Curve curve) {
        List<double[]> inside = new ArrayList<>();
        for (int i = 0; i < curve.x().length; i++) {
            double x = curve.x()[i];
            if (x >= curve.dataLo() && x <= curve.dataHi()) {
                inside.add(new double[] {x, curve.y()[i]});
            }
        }
        if (inside.size() < 2) {
            return;
        }
        int n = inside.size();
        double[] px = new double[2 * n];
        double[] py = new double[2 * n];
        for (int i = 0; i < n; i++) {
            px[i] = xs.at(inside.get(i)[0]);
            py[i] = ys.at(inside.get(i)[1]);
            px[2 * n - 1 - i] = xs.at(inside.get(i)[0]);
            py[2 * n - 1 - i] = ys.at(inside.get(i)[0]);
        }
        c.polygon(px, py, Palette.GAP, 0.13, null);
    }

    private void curve(ReliabilityModel.Curve curve, String color, double width) {
        c.begin(null, "curve", curve.label());
        double[] x = curve.x();
        double[] y = curve.y();
        if (curve.binned()) {
            c.polyline(map(x, xs), map(y, ys), Pen.solid(color, width * 0.8));
            for (int i = 0; i < x.length; i++) {
                c.circle(xs.at(x[i]), ys.at(y[i]), width + 0.6, color, Pen.solid("#ffffff", 0.8));
            }
        } else {
            // Beyond the smallest and largest prediction the curve is extrapolation: drawn faint.
            int first = 0;
            while (first < x.length && x[first] < curve.dataLo()) {
                first++;
            }
            int last = x.length - 1;
            while (last >= 0 && x[last] > curve.dataHi()) {
                last--;
            }
            Pen faint = new Pen(color, 1.1, new double[] {2, 3}, 0.7);
            segment(x, y, 0, Math.min(first, x.length - 1), faint);
            segment(x, y, Math.max(last, 0), x.length - 1, faint);
            if (first <= last) {
                segment(x, y, first, last, Pen.solid(color, width));
            }
        }
        c.end();
    }

    private void segment(double[] x, double[] y, int from, int to, Pen pen) {
        if (to <= from) {
            return;
        }
        double[] px = new double[to - from + 1];
        double[] py = new double[to - from + 1];
        for (int i = from; i <= to; i++) {
            px[i - from] = xs.at(x[i]);
            py[i - from] = ys.at(Math.max(yLo, Math.min(yHi, y[i])));
        }
        c.polyline(px, py, pen);
    }

    private void note(String text) {
        List<String> lines = Texts.wrap(text, 13, plot.w() - 60, 4);
        double h = lines.size() * 18 + 16;
        double top = plot.y() + plot.h() * 0.3;
        c.begin("note", "note", null);
        c.rect(plot.x() + 20, top, plot.w() - 40, h, "#ffffff", 0.92, Pen.solid("#b0b0b0", 0.8));
        for (int i = 0; i < lines.size(); i++) {
            c.text(plot.x() + plot.w() / 2, top + 22 + i * 18, lines.get(i), Font.of(13, "#8a1c1c", Anchor.MIDDLE));
        }
        c.end();
    }

    private void histogram(List<Scale.Tick> xt) {
        int max = 0;
        for (int count : m.histogram) {
            max = Math.max(max, count);
        }
        Scale hs = Scale.log(0.7, Math.max(2, max) * 1.6, strip.bottom(), strip.y());
        List<Scale.Tick> ht = hs.ticks(3);
        c.begin("histogram", "histogram", "histogram of the " + m.histogramLabel);
        Axes.grid(c, strip, xs, xt, null, List.of());
        int bins = m.histogram.length;
        for (int b = 0; b < bins; b++) {
            if (m.histogram[b] > 0) {
                double x0 = xs.at(b / (double) bins);
                double x1 = xs.at((b + 1) / (double) bins);
                double top = hs.at(m.histogram[b]);
                c.rect(x0, top, x1 - x0, strip.bottom() - top, Palette.HISTOGRAM, 1, Pen.solid("#ffffff", 0.7));
            }
        }
        Axes.frame(c, strip);
        Axes.yTicks(c, strip, hs, ht, 10);
        Axes.xTicks(c, strip, xs, xt, 11, true);
        c.text(strip.x() - 44, strip.y() + strip.h() / 2, "count", Font.of(11, Axes.MUTED, Anchor.MIDDLE).upwards());
        c.text(strip.x() + strip.w() / 2, strip.bottom() + 34, m.xLabel, Font.of(12, Axes.INK, Anchor.MIDDLE));
        c.end();
    }

    private void legend(Box box) {
        double size = 11.5;
        double y = box.y() + 12;
        double text = box.x() + 30;
        double room = box.w() - 30;
        Font font = Font.of(size, Axes.INK, Anchor.START);
        c.begin("legend", "legend", null);
        for (int i = 0; i < m.curves.size(); i++) {
            ReliabilityModel.Curve curve = m.curves.get(i);
            String color = Palette.category(i);
            swatch(box.x(), y, color, 2.0, curve.binned());
            String label = m.curves.size() == 1 && "top-label".equals(curve.label()) ? "fitted E[t | z]" : curve.label();
            c.text(text, y + 4, Texts.fit(label, size, false, room), font);
            y += 17;
        }
        if (m.summary != null) {
            swatch(box.x(), y, "#111111", 3.0, m.summary.binned());
            c.text(text, y + 4, Texts.fit(m.summary.label(), size, false, room), font);
            y += 17;
            for (String line : Texts.wrap(m.hidden + " more not drawn", 10.5, room + 30, 2)) {
                c.text(box.x(), y + 4, line, Font.of(10.5, Axes.MUTED, Anchor.START));
                y += 14;
            }
            y += 5;
        }
        if (!m.curves.isEmpty() && m.curves.stream().anyMatch(ReliabilityModel.Curve::binned)) {
            for (String line : Texts.wrap("points: means over " + ReliabilityModel.CURVE_BINS
                    + " equal-width bins of z\u2096, at the test split's points", 10.5, room + 30, 4)) {
                c.text(box.x(), y + 4, line, Font.of(10.5, Axes.MUTED, Anchor.START));
                y += 14;
            }
            y += 5;
        }
        if (m.curves.stream().anyMatch(cv -> !cv.binned() && (cv.x()[0] < cv.dataLo()
                || cv.x()[cv.x().length - 1] > cv.dataHi()))) {
            c.line(box.x(), y, box.x() + 22, y, new Pen(Axes.MUTED, 1.1, new double[] {2, 3}, 0.8));
            c.text(text, y + 4, Texts.fit("beyond the data", size, false, room), font);
            y += 17;
        }
        if (m.curves.size() == 1 && m.summary == null && !m.curves.get(0).binned()) {
            c.rect(box.x(), y - 6, 22, 12, Palette.GAP, 0.13, null);
            c.text(text, y + 4, Texts.fit("gap to the diagonal", size, false, room), font);
            y += 17;
        }
        c.line(box.x(), y, box.x() + 22, y, Pen.dashed("#555555", 1.2, 6, 4));
        c.text(text, y + 4, Texts.fit("perfect calibration", size, false, room), font);
        double hy = strip.y() + 8;
        c.rect(box.x(), hy - 6, 22, 12, Palette.HISTOGRAM, 1, null);
        c.text(text, hy + 4, "histogram (log)", font);
        hy += 16;
        for (String line : Texts.wrap(m.histogramLabel, 10.5, room + 30, 4)) {
            c.text(box.x(), hy + 4, line, Font.of(10.5, Axes.MUTED, Anchor.START));
            hy += 14;
        }
        c.end();
    }

    private void swatch(double x, double y, String color, double width, boolean markers) {
        c.line(x, y, x + 22, y, Pen.solid(color, width));
        if (markers) {
            c.circle(x + 11, y, width + 0.6, color, Pen.solid("#ffffff", 0.8));
        }
    }

    private static double[] map(double[] v, Scale s) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = s.at(v[i]);
        }
        return out;
    }
}
