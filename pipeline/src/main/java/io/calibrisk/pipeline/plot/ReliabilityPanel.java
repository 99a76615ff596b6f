package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.plot.Canvas.Anchor;
import io.calibrisk.pipeline.plot.Canvas.Font;
import io.calibrisk.pipeline.plot.Canvas.Pen;
import io.calibrisk.pipeline.report.BinTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Panel 1, the reliability diagram proper. Top-label calibration gets one plot: the fitted
 * curve against the diagonal, the gap between them shaded in proportion to the share of
 * samples below it, above a histogram of the confidences on the same axis, which starts at
 * 1/d; or, for a binning, one point per bin (mean confidence, accuracy) with its area in
 * proportion to the bin's test samples, a line to the diagonal, and the bins' counts as bars.
 * Class-wise and canonical calibration get small multiples, one plot per class. Every value is
 * drawn inside [0, 1]: the y axis is exactly [0, 1].
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
    /** The strongest shading of the gap, where the most samples lie. */
    private static final double GAP_OPACITY = 0.42;
    private static final double SMALLEST_MARKER = 2;
    private static final double LARGEST_MARKER = 9;

    private final Canvas c;
    private final ReliabilityModel m;

    private ReliabilityPanel(Canvas c, ReliabilityModel m) {
        this.c = c;
        this.m = m;
    }

    /**
     * @param c    the canvas
     * @param m    what to show
     * @param area the panel's area; its height should be at least {@link #HEIGHT}
     */
    static void draw(Canvas c, ReliabilityModel m, Box area) {
        ReliabilityPanel panel = new ReliabilityPanel(c, m);
        c.begin("reliability", "panel", null);
        c.text(area.x() + 4, area.y() + 14, Texts.fit(m.heading, 14, true, area.w() - 8),
                Font.of(14, Axes.INK, Anchor.START).inBold());
        if (m.multiples()) {
            panel.multiples(area);
        } else {
            panel.single(area);
        }
        c.end();
    }

    /** The top-label plot, its histogram strip and its legend. */
    private void single(Box area) {
        Box plot = new Box(area.x() + LEFT, area.y() + TOP, PLOT, PLOT);
        Box strip = new Box(plot.x(), plot.bottom() + GAP, PLOT, HISTOGRAM);
        Scale xs = Scale.linear(m.xLo, 1, plot.x(), plot.right());
        Scale ys = Scale.linear(0, 1, plot.bottom(), plot.y());
        List<Scale.Tick> xt = xs.ticks(5);
        List<Scale.Tick> yt = ys.ticks(5);
        ReliabilityModel.Panel panel = m.panels.get(0);
        c.begin(null, "plot", panel.label());
        Axes.grid(c, plot, xs, xt, ys, yt);
        diagonal(xs, ys, 1.2);
        if (panel.curve() != null) {
            gap(panel.curve(), panel.histogram(), xs, ys);
        }
        c.begin("curves", "curves", null);
        if (panel.curve() != null) {
            curve(panel.curve(), Palette.category(0), 2.0, xs, ys, panel.label());
        }
        if (panel.bins() != null) {
            long used = panel.bins().stream().filter(bin -> bin.count() > 0).count();
            bins(panel.bins(), xs, ys, Math.max(3.5, Math.min(LARGEST_MARKER, PLOT / (3.0 * Math.max(1, used)))));
        }
        c.end();
        if (m.note != null) {
            note(m.note, plot);
        }
        frame(plot);
        Axes.yTicks(c, plot, ys, yt, 11);
        Axes.xTicks(c, plot, xs, xt, 11, false);
        c.text(plot.x() - 44, plot.y() + plot.h() / 2, m.yLabel, Font.of(12, Axes.INK, Anchor.MIDDLE).upwards());
        c.end();
        strip(panel, strip, xs, xt, true);
        c.text(strip.x() + strip.w() / 2, strip.bottom() + 34, m.xLabel, Font.of(12, Axes.INK, Anchor.MIDDLE));
        legend(new Box(plot.right() + LEGEND_GAP, plot.y(), area.right() - plot.right() - LEGEND_GAP, PLOT + HISTOGRAM),
                strip, panel);
    }

    /** One small plot per class, at most {@value ReliabilityModel#MAX_PANELS}, the rest listed. */
    private void multiples(Box area) {
        int n = m.panels.size();
        int columns = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
        int rows = (n + columns - 1) / columns;
        double left = 46;
        double top = 34;
        double bottom = 74;
        double cellW = (area.w() - left) / columns;
        double cellH = (area.h() - top - bottom) / rows;
        double stripH = 16;
        double size = Math.min(cellW - 18, cellH - 16 - stripH - 4 - 16);
        for (int p = 0; p < n; p++) {
            ReliabilityModel.Panel panel = m.panels.get(p);
            int row = p / columns;
            int column = p % columns;
            double x = area.x() + left + column * cellW;
            double y = area.y() + top + row * cellH;
            Box plot = new Box(x, y + 16, size, size);
            Box strip = new Box(x, plot.bottom() + 4, size, stripH);
            Scale xs = Scale.linear(m.xLo, 1, plot.x(), plot.right());
            Scale ys = Scale.linear(0, 1, plot.bottom(), plot.y());
            List<Scale.Tick> ticks = List.of(new Scale.Tick(0, "0"), new Scale.Tick(0.5, "0.5"), new Scale.Tick(1, "1"));
            c.begin(null, "plot", panel.label());
            c.text(x, y + 11, panel.label(), Font.of(11.5, Axes.INK, Anchor.START).inBold());
            Axes.grid(c, plot, xs, ticks, ys, ticks);
            diagonal(xs, ys, 1);
            c.begin(null, "curves", null);
            if (panel.curve() != null) {
                curve(panel.curve(), Palette.category(0), 1.6, xs, ys, panel.label());
            }
            if (panel.bins() != null) {
                bins(panel.bins(), xs, ys, Math.max(4, size / 24));
            }
            c.end();
            frame(plot);
            Axes.yTicks(c, plot, ys, column == 0 ? ticks : unlabelled(ticks), 9.5);
            Axes.xTicks(c, plot, xs, ticks, 9.5, false);
            c.end();
            strip(panel, strip, xs, row == rows - 1 || p + columns >= n ? ticks : unlabelled(ticks), false);
        }
        double base = area.y() + top + rows * cellH;
        c.text(area.x() + left + (area.w() - left) / 2, base + 16, m.xLabel, Font.of(12, Axes.INK, Anchor.MIDDLE));
        c.text(area.x() + 14, area.y() + top + rows * cellH / 2, m.yLabel,
                Font.of(12, Axes.INK, Anchor.MIDDLE).upwards());
        if (m.note != null) {
            note(m.note, new Box(area.x() + left, area.y() + top, area.w() - left - 20, rows * cellH));
        }
        c.begin("legend", "legend", null);
        double y = base + 38;
        double x = area.x() + left;
        Font font = Font.of(10.5, Axes.INK, Anchor.START);
        if (m.binned()) {
            c.circle(x + 6, y - 4, 4, Palette.category(0), Pen.solid("#ffffff", 0.8));
            x += 16;
            String text = "bin (mean z, frequency), area ∝ its test samples";
            c.text(x, y, text, font);
            x += Texts.width(text, 10.5, false) + 16;
        } else {
            c.line(x, y - 4, x + 18, y - 4, Pen.solid(Palette.category(0), 1.8));
            x += 24;
            String text = m.panels.stream().anyMatch(p -> p.curve() != null && p.curve().markers())
                    ? "fitted, means over " + ReliabilityModel.CURVE_BINS + " bins of the test points" : "fitted";
            c.text(x, y, text, font);
            x += Texts.width(text, 10.5, false) + 16;
        }
        c.line(x, y - 4, x + 18, y - 4, Pen.dashed("#555555", 1, 5, 3));
        c.text(x + 24, y, "perfect calibration", font);
        x += 24 + Texts.width("perfect calibration", 10.5, false) + 16;
        c.rect(x, y - 9, 14, 9, Palette.HISTOGRAM, 1, null);
        c.text(x + 20, y, "histogram (log) of p\u2096", font);
        if (!m.hidden.isEmpty()) {
            String list = "not shown (" + m.hidden.size() + "): " + ranges(m.hidden);
            c.text(area.x() + left, y + 18, Texts.fit(list, 10.5, false, area.w() - left), Font.of(10.5, Axes.MUTED,
                    Anchor.START));
        }
        c.end();
    }

    /** {@code class 12, class 13, …, class 99} as {@code classes 12–99}; other lists as they are. */
    static String ranges(List<String> labels) {
        List<Integer> classes = new ArrayList<>();
        for (String label : labels) {
            if (!label.startsWith("class ")) {
                return String.join(", ", labels);
            }
            classes.add(Integer.parseInt(label.substring(6)));
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < classes.size(); ) {
            int j = i;
            while (j + 1 < classes.size() && classes.get(j + 1) == classes.get(j) + 1) {
                j++;
            }
            parts.add(j == i ? Integer.toString(classes.get(i)) : classes.get(i) + "–" + classes.get(j));
            i = j + 1;
        }
        return (classes.size() == 1 ? "class " : "classes ") + String.join(", ", parts);
    }

    private static List<Scale.Tick> unlabelled(List<Scale.Tick> ticks) {
        List<Scale.Tick> out = new ArrayList<>();
        ticks.forEach(t -> out.add(new Scale.Tick(t.value(), "")));
        return out;
    }

    private void frame(Box plot) {
        c.begin(null, "frame", null);
        Axes.frame(c, plot);
        c.end();
    }

    private void diagonal(Scale xs, Scale ys, double width) {
        c.begin(null, "diagonal", "perfect calibration: E[t | z] = z");
        c.line(xs.at(xs.lo()), ys.at(xs.lo()), xs.at(1), ys.at(1), Pen.dashed("#555555", width, 6, 4));
        c.end();
    }

    /**
     * Shades the gap between the curve and the diagonal where there are data, each stretch of
     * a histogram bin as dark as its share of the samples: a reader sees the miscalibration
     * weighted as CE weighs it, not the gap where few samples lie.
     */
    private void gap(ReliabilityModel.Curve curve, int[] histogram, Scale xs, Scale ys) {
        if (curve.markers()) {
            return;
        }
        int max = 0;
        for (int count : histogram) {
            max = Math.max(max, count);
        }
        if (max == 0) {
            return;
        }
        double[] x = curve.x();
        double[] y = curve.y();
        c.begin("gap", "gap", "gap to the diagonal, shaded by the share of samples");
        int bins = histogram.length;
        int i = 0;
        while (i < x.length - 1) {
            int bin = Components.bin((x[i] + x[i + 1]) / 2, m.xLo, bins);
            int j = i;
            while (j < x.length - 1 && Components.bin((x[j] + x[j + 1]) / 2, m.xLo, bins) == bin) {
                j++;
            }
            double from = Math.max(x[i], curve.dataLo());
            double to = Math.min(x[j], curve.dataHi());
            if (histogram[bin] > 0 && to > from) {
                List<double[]> upper = new ArrayList<>();
                upper.add(new double[] {from, interpolate(x, y, from)});
                for (int k = i; k <= j; k++) {
                    if (x[k] > from && x[k] < to) {
                        upper.add(new double[] {x[k], y[k]});
                    }
                }
                upper.add(new double[] {to, interpolate(x, y, to)});
                int n = upper.size();
                double[] px = new double[2 * n];
                double[] py = new double[2 * n];
                for (int k = 0; k < n; k++) {
                    px[k] = xs.at(upper.get(k)[0]);
                    py[k] = ys.at(upper.get(k)[1]);
                    px[2 * n - 1 - k] = xs.at(upper.get(k)[0]);
                    py[2 * n - 1 - k] = ys.at(upper.get(k)[0]);
                }
                c.polygon(px, py, Palette.GAP, GAP_OPACITY * histogram[bin] / max, null);
            }
            i = j;
        }
        c.end();
    }

    private static double interpolate(double[] x, double[] y, double at) {
        for (int k = 1; k < x.length; k++) {
            if (at <= x[k]) {
                double f = x[k] == x[k - 1] ? 0 : (at - x[k - 1]) / (x[k] - x[k - 1]);
                return y[k - 1] + f * (y[k] - y[k - 1]);
            }
        }
        return y[y.length - 1];
    }

    private void curve(ReliabilityModel.Curve curve, String color, double width, Scale xs, Scale ys, String label) {
        c.begin(null, "curve", label);
        double[] x = curve.x();
        double[] y = curve.y();
        if (curve.markers()) {
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
            segment(x, y, 0, Math.min(first, x.length - 1), faint, xs, ys);
            segment(x, y, Math.max(last, 0), x.length - 1, faint, xs, ys);
            if (first <= last) {
                segment(x, y, first, last, Pen.solid(color, width), xs, ys);
            }
        }
        c.end();
    }

    /**
     * One point per non-empty bin at (mean z, mean t), its area in proportion to the bin's
     * test samples, joined to the diagonal by a line as long as the bin's gap.
     */
    private void bins(List<BinTable.Bin> bins, Scale xs, Scale ys, double largest) {
        int max = bins.stream().mapToInt(BinTable.Bin::count).max().orElse(0);
        c.begin(null, "bins", null);
        for (BinTable.Bin bin : bins) {
            if (bin.count() == 0) {
                continue;
            }
            double x = xs.at(bin.confidence());
            double y = ys.at(Math.max(0, Math.min(1, bin.accuracy())));
            double r = Math.max(SMALLEST_MARKER, largest * Math.sqrt(bin.count() / (double) max));
            c.begin(null, "bin", binText(bin));
            c.line(x, ys.at(bin.confidence()), x, y, Pen.solid(Palette.GAP, 1.4));
            c.circle(x, y, r, Palette.category(0), Pen.solid("#ffffff", 0.8));
            c.end();
        }
        c.end();
    }

    /** A bin's tooltip, which tests read: its range, count, mean confidence and accuracy. */
    static String binText(BinTable.Bin bin) {
        return String.format(Locale.ROOT, "bin (%s, %s]: %d test samples, mean z %s, frequency %s",
                Texts.significant(bin.lower(), 3), Texts.significant(bin.upper(), 3), bin.count(),
                Texts.significant(bin.confidence(), 4), Texts.significant(bin.accuracy(), 4));
    }

    private void segment(double[] x, double[] y, int from, int to, Pen pen, Scale xs, Scale ys) {
        if (to <= from) {
            return;
        }
        double[] px = new double[to - from + 1];
        double[] py = new double[to - from + 1];
        for (int i = from; i <= to; i++) {
            px[i - from] = xs.at(x[i]);
            py[i - from] = ys.at(Math.max(0, Math.min(1, y[i])));
        }
        c.polyline(px, py, pen);
    }

    private void note(String text, Box plot) {
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

    /**
     * The strip under a plot: the bins' test counts as bars for a binning (over each bin's
     * range), else the histogram of the predictions; log scale.
     */
    private void strip(ReliabilityModel.Panel panel, Box strip, Scale xs, List<Scale.Tick> xt, boolean full) {
        boolean bins = panel.bins() != null;
        int max = 0;
        if (bins) {
            for (BinTable.Bin bin : panel.bins()) {
                max = Math.max(max, bin.count());
            }
        } else {
            for (int count : panel.histogram()) {
                max = Math.max(max, count);
            }
        }
        Scale hs = Scale.log(0.7, Math.max(2, max) * 1.6, strip.bottom(), strip.y());
        c.begin(full ? "histogram" : null, "histogram", bins ? "test samples per bin" : "histogram of the "
                + m.histogramLabel);
        Axes.grid(c, strip, xs, xt, null, List.of());
        if (bins) {
            for (BinTable.Bin bin : panel.bins()) {
                double lo = Math.max(m.xLo, bin.lower());
                if (bin.count() > 0 && bin.upper() > lo) {
                    double top = hs.at(bin.count());
                    c.begin(null, "bin-count", binText(bin));
                    c.rect(xs.at(lo), top, xs.at(bin.upper()) - xs.at(lo), strip.bottom() - top, Palette.HISTOGRAM, 1,
                            Pen.solid("#ffffff", 0.7));
                    c.end();
                }
            }
        } else {
            int n = panel.histogram().length;
            for (int b = 0; b < n; b++) {
                if (panel.histogram()[b] > 0) {
                    double x0 = xs.at(m.xLo + (1 - m.xLo) * b / n);
                    double x1 = xs.at(m.xLo + (1 - m.xLo) * (b + 1) / n);
                    double top = hs.at(panel.histogram()[b]);
                    c.rect(x0, top, x1 - x0, strip.bottom() - top, Palette.HISTOGRAM, 1, Pen.solid("#ffffff", 0.7));
                }
            }
        }
        Axes.frame(c, strip);
        Axes.xTicks(c, strip, xs, xt, full ? 11 : 9.5, true);
        if (full) {
            Axes.yTicks(c, strip, hs, hs.ticks(3), 10);
            c.text(strip.x() - 44, strip.y() + strip.h() / 2, "count", Font.of(11, Axes.MUTED, Anchor.MIDDLE).upwards());
        }
        c.end();
    }

    private void legend(Box box, Box strip, ReliabilityModel.Panel panel) {
        double y = box.y() + 12;
        c.begin("legend", "legend", null);
        if (panel.bins() != null) {
            c.circle(box.x() + 11, y, 6, Palette.category(0), Pen.solid("#ffffff", 0.8));
            y = entry(box, y, "bin: (mean z, accuracy)", "area ∝ the bin's test samples; the red line is its gap to "
                    + "the diagonal");
        }
        if (panel.curve() != null) {
            c.line(box.x(), y, box.x() + 22, y, Pen.solid(Palette.category(0), 2.0));
            y = entry(box, y, "fitted E[t | z]", null);
            ReliabilityModel.Curve curve = panel.curve();
            if (curve.x()[0] < curve.dataLo() || curve.x()[curve.x().length - 1] > curve.dataHi()) {
                c.line(box.x(), y, box.x() + 22, y, new Pen(Axes.MUTED, 1.1, new double[] {2, 3}, 0.8));
                y = entry(box, y, "beyond the data", null);
            }
            c.rect(box.x(), y - 6, 22, 12, Palette.GAP, GAP_OPACITY * 0.6, null);
            y = entry(box, y, "gap to the diagonal", "shaded by the share of samples in each histogram bin");
        }
        c.line(box.x(), y, box.x() + 22, y, Pen.dashed("#555555", 1.2, 6, 4));
        entry(box, y, "perfect calibration", null);
        double hy = strip.y() + 8;
        c.rect(box.x(), hy - 6, 22, 12, Palette.HISTOGRAM, 1, null);
        entry(box, hy, panel.bins() != null ? "test samples per bin (log)" : "histogram (log)",
                panel.bins() != null ? null : m.histogramLabel);
        c.end();
    }

    /**
     * One legend entry beside its swatch, wrapped to the legend's width, with an optional
     * explanation in small type below.
     *
     * @return the y of the next entry
     */
    private double entry(Box box, double y, String label, String explanation) {
        double room = box.w() - 30;
        for (String line : Texts.wrap(label, 11.5, room, 2)) {
            c.text(box.x() + 30, y + 4, line, Font.of(11.5, Axes.INK, Anchor.START));
            y += 15;
        }
        if (explanation != null) {
            for (String line : Texts.wrap(explanation, 10.5, box.w(), 4)) {
                c.text(box.x(), y + 4, line, Font.of(10.5, Axes.MUTED, Anchor.START));
                y += 13.5;
            }
        }
        return y + 5;
    }

    private static double[] map(double[] v, Scale s) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = s.at(v[i]);
        }
        return out;
    }
}
