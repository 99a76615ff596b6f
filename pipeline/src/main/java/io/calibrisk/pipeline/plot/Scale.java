package io.calibrisk.pipeline.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps data values to figure coordinates along one axis, linearly or logarithmically, and
 * chooses tick marks a reader can use: round numbers for linear axes, powers of ten for
 * logarithmic ones.
 */
final class Scale {

    /**
     * A tick mark.
     *
     * @param value the data value
     * @param label the text, or empty for a minor (unlabelled) tick
     */
    record Tick(double value, String label) {
        /** @return true if the tick carries a label */
        boolean major() {
            return !label.isEmpty();
        }
    }

    private final double lo;
    private final double hi;
    private final double from;
    private final double to;
    private final boolean log;

    private Scale(double lo, double hi, double from, double to, boolean log) {
        if (!(Double.isFinite(lo) && Double.isFinite(hi) && lo < hi) || (log && lo <= 0)) {
            throw new IllegalArgumentException("axis range [" + lo + ", " + hi + "]" + (log ? " (log)" : ""));
        }
        this.lo = lo;
        this.hi = hi;
        this.from = from;
        this.to = to;
        this.log = log;
    }

    /**
     * @param lo   the smallest value shown
     * @param hi   the largest value shown
     * @param from the coordinate of lo
     * @param to   the coordinate of hi (smaller than from for a y axis)
     * @return a linear scale
     */
    static Scale linear(double lo, double hi, double from, double to) {
        return new Scale(lo, hi, from, to, false);
    }

    /**
     * @param lo   the smallest value shown, positive
     * @param hi   the largest value shown
     * @param from the coordinate of lo
     * @param to   the coordinate of hi
     * @return a logarithmic scale
     */
    static Scale log(double lo, double hi, double from, double to) {
        return new Scale(lo, hi, from, to, true);
    }

    /**
     * @param v a value; values outside the range map outside [from, to]
     * @return its coordinate
     */
    double at(double v) {
        double f = log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
        return from + f * (to - from);
    }

    /** @return the smallest value shown */
    double lo() {
        return lo;
    }

    /** @return the largest value shown */
    double hi() {
        return hi;
    }

    /** @return whether the scale is logarithmic */
    boolean isLog() {
        return log;
    }

    /**
     * @param target about how many labelled ticks fit
     * @return the ticks inside the range, ascending
     */
    List<Tick> ticks(int target) {
        return log ? logTicks(Math.max(2, target)) : linearTicks(Math.max(2, target));
    }

    private List<Tick> linearTicks(int target) {
        double step = niceStep((hi - lo) / target);
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
        if (Math.abs(step / Math.pow(10, -decimals) - Math.rint(step / Math.pow(10, -decimals))) > 1e-6) {
            decimals++;
        }
        List<Tick> ticks = new ArrayList<>();
        double eps = step * 1e-6;
        for (long k = (long) Math.ceil((lo - eps) / step); k * step <= hi + eps; k++) {
            double v = k * step;
            String label = String.format(Locale.ROOT, "%." + decimals + "f", v);
            ticks.add(new Tick(v, label.matches("-0(\\.0*)?") ? label.substring(1) : label));
        }
        return ticks;
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least raw. */
    static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw * (1 - 1e-9)) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private List<Tick> logTicks(int target) {
        int first = (int) Math.ceil(Math.log10(lo) - 1e-9);
        int last = (int) Math.floor(Math.log10(hi) + 1e-9);
        int decades = last - first + 1;
        List<Tick> ticks = new ArrayList<>();
        if (decades < 2) {
            // Less than a decade or two: powers of ten alone would leave the axis bare.
            int e0 = (int) Math.floor(Math.log10(lo));
            for (int e = e0; Math.pow(10, e) <= hi; e++) {
                for (double m : new double[] {1, 2, 5}) {
                    double v = m * Math.pow(10, e);
                    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                        ticks.add(new Tick(v, Texts.compact(v)));
                    }
                }
            }
            return ticks;
        }
        int every = (decades + target - 1) / target;
        boolean plain = first >= -2 && last <= 4;
        for (int e = first; e <= last; e++) {
            boolean labelled = Math.floorMod(e - first, every) == 0;
            String label = labelled ? (plain ? Texts.compact(Math.pow(10, e)) : "10" + Texts.superscript(e)) : "";
            ticks.add(new Tick(Math.pow(10, e), label));
        }
        return ticks;
    }
}
