package io.calibrisk.pipeline.plot;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.BinTable;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimateInterval;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the reliability panel and the title show, derived from a report and the data it was
 * computed from: one panel for top-label calibration, one small panel per class otherwise (at
 * most {@value #MAX_PANELS}, the rest listed), each with the estimator's fitted curve or, for a
 * binning, its per-bin points, and a histogram of the predictions.
 */
final class ReliabilityModel {
    /** More panels than this turn small multiples into noise; the rest are listed by name. */
    static final int MAX_PANELS = 12;
    /** Histogram bins over the axis. */
    static final int HISTOGRAM_BINS = 20;
    /** Between parts of a title; no-break spaces, since SVG collapses runs of plain ones. */
    static final String SEPARATOR = "\u00a0\u00a0·\u00a0\u00a0";
    /** Bins for curves given at scattered points (canonical calibration). */
    static final int CURVE_BINS = 10;

    /**
     * A fitted curve as drawn, its values clamped to [0, 1].
     *
     * @param x       the points, ascending
     * @param y       the estimated {@code E[t | z]}, in [0, 1]
     * @param markers whether the points are bin means of scattered points (drawn with markers)
     * @param dataLo  the smallest prediction of the panel; outside the data the curve is
     *                extrapolation, drawn faintly
     * @param dataHi  the largest
     */
    record Curve(double[] x, double[] y, boolean markers, double dataLo, double dataHi) {
    }

    /**
     * One panel: a class, or the top-label confidence.
     *
     * @param label     e.g. {@code class 3} or {@code top-label}
     * @param curve     the fitted curve, or null
     * @param bins      a binning's bins on the test split, or null
     * @param histogram counts of the predictions in {@value #HISTOGRAM_BINS} equal-width bins
     *                  of the axis
     */
    record Panel(String label, Curve curve, List<BinTable.Bin> bins, int[] histogram) {
    }

    final String title;
    final String subtitle;
    final String heading;
    final Notion notion;
    final double xLo;
    final List<Panel> panels;
    final List<String> hidden;
    final String note;
    final String histogramLabel;
    final String xLabel;
    final String yLabel;

    private ReliabilityModel(Builder b) {
        title = b.title;
        subtitle = b.subtitle;
        heading = b.heading;
        notion = b.notion;
        xLo = b.xLo;
        panels = List.copyOf(b.panels);
        hidden = List.copyOf(b.hidden);
        note = b.note;
        histogramLabel = b.histogramLabel;
        xLabel = b.xLabel;
        yLabel = b.yLabel;
    }

    /** Mutable scratch space while the model is derived. */
    private static final class Builder {
        String title;
        String subtitle;
        String heading;
        Notion notion;
        double xLo;
        final List<Panel> panels = new ArrayList<>();
        final List<String> hidden = new ArrayList<>();
        String note;
        String histogramLabel;
        String xLabel;
        String yLabel;
    }

    /** @return whether the panels are small multiples, one per class */
    boolean multiples() {
        return notion != Notion.TOP_LABEL;
    }

    /** @return whether any panel shows a binning's per-bin points */
    boolean binned() {
        return panels.stream().anyMatch(p -> p.bins() != null);
    }

    /**
     * @param report      the report
     * @param estimator   the estimator to show, or null for the recommended one
     * @param predictions the predictions the report was computed from
     * @param labels      their labels
     * @return the model
     * @throws InvalidSettingException if the estimator is not in the report
     * @throws InvalidInputException   if predictions and labels do not match
     */
    static ReliabilityModel of(CalibrationReport report, String estimator, Predictions predictions, Labels labels) {
        if (predictions.size() != labels.size() || predictions.classes() != labels.classes()) {
            throw new InvalidInputException("plot: " + predictions + " and " + labels + " do not match");
        }
        EstimatorResult shown = resolve(report, estimator);
        Builder b = new Builder();
        b.notion = report.notion();
        Components data = Components.of(report.notion(), predictions);
        b.xLo = data.axisLo();
        b.histogramLabel = data.description();
        b.xLabel = switch (report.notion()) {
            case TOP_LABEL -> "confidence z = max\u2096 p\u2096 (at least 1/d = " + Texts.significant(b.xLo, 3) + ")";
            case CLASS_WISE -> "predicted probability z = p\u2096 of class k";
            case CANONICAL -> "predicted probability z\u2096 of class k";
        };
        b.yLabel = switch (report.notion()) {
            case TOP_LABEL -> "accuracy E[t | z]";
            case CLASS_WISE -> "frequency E[1{y = k} | p\u2096]";
            case CANONICAL -> "E[t\u2096 | z], mean over bins of z\u2096";
        };
        titles(b, report, shown, accuracy(predictions, labels));
        if (shown != null && !shown.failed()) {
            panels(b, report, shown, data);
        } else {
            b.note = shown == null ? "every estimator failed; nothing to draw"
                    : shown.name() + " failed: " + shown.failure();
            emptyPanels(b, data);
        }
        return new ReliabilityModel(b);
    }

    private static EstimatorResult resolve(CalibrationReport report, String estimator) {
        if (estimator == null || estimator.isBlank()) {
            return report.recommendedResult().orElse(null);
        }
        return report.estimator(estimator).orElseThrow(() -> InvalidSettingException.of("plot estimator", estimator,
                "not in the report; it has " + (report.estimators().isEmpty() ? "no estimators"
                        : report.estimators().stream().map(EstimatorResult::name).collect(Collectors.joining(", ")))));
    }

    private static void titles(Builder b, CalibrationReport report, EstimatorResult shown, double accuracy) {
        String ce = switch (report.notion()) {
            case TOP_LABEL -> "TCE";
            case CLASS_WISE -> "CWCE";
            case CANONICAL -> "CCE";
        };
        if (shown == null) {
            b.title = ce + ": no estimate, every estimator failed";
            b.heading = "Calibration curve";
        } else if (shown.best().isEmpty()) {
            b.title = ce + ": no estimate, " + shown.name() + " failed";
            b.heading = heading(shown, report);
        } else {
            GridPointResult best = shown.best().get();
            b.title = ce + " = " + Texts.significant(best.estimate(), 3) + errorBar(shown, best) + SEPARATOR + "estimator "
                    + shown.name() + (best.hyperparameters().isEmpty() ? "" : " (" + RiskSeries.hyperparameters(
                            best.hyperparameters()) + ")")
                    + (best.estimateSquared() < 0 ? SEPARATOR + "the estimate of " + ce + "² is "
                            + Texts.significant(best.estimateSquared(), 2) + ", shown as 0" : "");
            b.heading = heading(shown, report);
        }
        b.subtitle = report.notion().id() + SEPARATOR + "n = " + report.samples() + ", d = " + report.classes()
                + ", accuracy " + String.format(Locale.ROOT, "%.4f", accuracy) + SEPARATOR + "CE: √ of the squared L2 "
                + "error on the " + report.testSamples() + "-sample test split, " + report.folds() + " folds"
                + (report.classicEce() == null ? "" : SEPARATOR + "classic ECE " + Texts.significant(
                        report.classicEce().value(), 3) + " (15 bins, L1; not risk-selected)");
    }

    private static String heading(EstimatorResult shown, CalibrationReport report) {
        String which = shown.name().equals(report.recommended()) ? " (recommended)"
                : report.recommended() == null ? "" : " (recommended: " + report.recommended() + ")";
        boolean bins = !shown.bins().isEmpty();
        return (bins ? "Reliability diagram of " : "Calibration curve of ") + shown.name() + which;
    }

    /** The interval when there is one, else the fold standard error, else nothing. */
    private static String errorBar(EstimatorResult shown, GridPointResult best) {
        EstimateInterval interval = shown.interval();
        if (interval != null) {
            return String.format(Locale.ROOT, ", %d%% interval [%s, %s]", Math.round(interval.level() * 100),
                    Texts.significant(interval.lower(), 3), Texts.significant(interval.upper(), 3));
        }
        double se = foldStandardError(best);
        return Double.isNaN(se) ? "" : " ± " + Texts.significant(se, 2) + " (fold s.e.)";
    }

    /**
     * The standard error over folds of the test-split estimate, carried from CE² to CE by the
     * delta method; NaN with fewer than two folds or a zero estimate, where it is undefined.
     */
    static double foldStandardError(GridPointResult best) {
        List<FoldResult> folds = best.folds();
        int k = folds.size();
        double ce = best.estimate();
        if (k < 2 || !(ce > 0)) {
            return Double.NaN;
        }
        double mean = folds.stream().mapToDouble(FoldResult::estimateSquared).average().orElse(0);
        double ss = folds.stream().mapToDouble(f -> (f.estimateSquared() - mean) * (f.estimateSquared() - mean)).sum();
        double se = Math.sqrt(ss / (k - 1)) / Math.sqrt(k);
        return Double.isFinite(se) ? se / (2 * ce) : Double.NaN;
    }

    private static double accuracy(Predictions predictions, Labels labels) {
        int correct = 0;
        for (int i = 0; i < predictions.size(); i++) {
            int arg = 0;
            for (int k = 1; k < predictions.classes(); k++) {
                if (predictions.get(i, k) > predictions.get(i, arg)) {
                    arg = k;
                }
            }
            correct += labels.get(i) == arg ? 1 : 0;
        }
        return correct / (double) predictions.size();
    }

    private static String label(Notion notion, int component) {
        return notion == Notion.TOP_LABEL ? "top-label" : "class " + component;
    }

    private static void emptyPanels(Builder b, Components data) {
        int count = Math.min(data.count(), MAX_PANELS);
        for (int j = 0; j < count; j++) {
            b.panels.add(new Panel(label(b.notion, j), null, null, data.histogram(j, HISTOGRAM_BINS)));
        }
        hide(b, data.count());
    }

    private static void hide(Builder b, int count) {
        for (int j = MAX_PANELS; j < count; j++) {
            b.hidden.add(label(b.notion, j));
        }
    }

    private static void panels(Builder b, CalibrationReport report, EstimatorResult shown, Components data) {
        List<CalibrationCurve> curves = shown.curves().stream().filter(c -> c.z().length > 0).toList();
        List<BinTable> bins = shown.bins();
        boolean haveBins = bins.size() == data.count();
        boolean haveCurves = curves.size() == data.count();
        if (!haveBins && !haveCurves) {
            boolean anyCurves = report.estimators().stream().anyMatch(e -> !e.curves().isEmpty());
            b.note = anyCurves ? shown.name() + " estimates h(z, z′) only; no calibration curve"
                    : "no calibration curves in the report (not computed)";
            emptyPanels(b, data);
            return;
        }
        int count = Math.min(data.count(), MAX_PANELS);
        for (int j = 0; j < count; j++) {
            double[] range = data.range(j);
            int[] histogram = data.histogram(j, HISTOGRAM_BINS);
            if (haveBins) {
                b.panels.add(new Panel(label(b.notion, j), null, bins.get(j).bins(), histogram));
                continue;
            }
            CalibrationCurve c = curves.get(j);
            Curve curve = report.notion() == Notion.CANONICAL || !ascendingGrid(c)
                    ? binnedMeans(c.z(), c.expected(), range)
                    : new Curve(c.z(), clamp(c.expected()), false, range[0], range[1]);
            b.panels.add(new Panel(label(b.notion, j), curve, null, histogram));
        }
        hide(b, data.count());
    }

    /** Grid curves are drawn as lines; scattered ones (many ties or reversals) as bin means. */
    private static boolean ascendingGrid(CalibrationCurve c) {
        double[] z = c.z();
        for (int i = 1; i < z.length; i++) {
            if (!(z[i] > z[i - 1])) {
                return false;
            }
        }
        return z.length <= 2000;
    }

    /** An estimate of a probability is drawn inside [0, 1], whatever a regression returned. */
    static double[] clamp(double[] y) {
        double[] out = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            out[i] = Math.max(0, Math.min(1, y[i]));
        }
        return out;
    }

    private static Curve binnedMeans(double[] z, double[] y, double[] range) {
        double[] sz = new double[CURVE_BINS];
        double[] sy = new double[CURVE_BINS];
        int[] count = new int[CURVE_BINS];
        for (int i = 0; i < z.length; i++) {
            int bin = Components.bin(z[i], 0, CURVE_BINS);
            sz[bin] += z[i];
            sy[bin] += y[i];
            count[bin]++;
        }
        int used = 0;
        for (int c : count) {
            used += c > 0 ? 1 : 0;
        }
        double[] x = new double[used];
        double[] v = new double[used];
        int at = 0;
        for (int bin = 0; bin < CURVE_BINS; bin++) {
            if (count[bin] > 0) {
                x[at] = sz[bin] / count[bin];
                v[at++] = sy[bin] / count[bin];
            }
        }
        return new Curve(x, clamp(v), true, range[0], range[1]);
    }
}
