package io.calibrisk.pipeline.plot;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationCurve;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimateInterval;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the reliability panel and the title show, derived from a report and the data it was
 * computed from: the curves to draw, the histogram, and the texts.
 */
final class ReliabilityModel {
    /** More curves than this turn a diagram into noise; the rest are summarised. */
    static final int MAX_CURVES = 10;
    /** Histogram bins over [0, 1]. */
    static final int HISTOGRAM_BINS = 20;
    /** Between parts of a title; no-break spaces, since SVG collapses runs of plain ones. */
    static final String SEPARATOR = "\u00a0\u00a0·\u00a0\u00a0";
    /** Bins for curves given at scattered points (canonical calibration). */
    static final int CURVE_BINS = 10;

    /**
     * One curve as drawn.
     *
     * @param label  the legend's text
     * @param x      the points, ascending
     * @param y      the estimated {@code E[t | z]}
     * @param binned whether the points are bin means (drawn with markers)
     * @param dataLo the smallest prediction the curve's component has; outside the data the
     *               curve is extrapolation and drawn faintly
     * @param dataHi the largest
     */
    record Curve(String label, double[] x, double[] y, boolean binned, double dataLo, double dataHi) {
    }

    final String title;
    final String subtitle;
    final String heading;
    final Notion notion;
    final List<Curve> curves;
    final Curve summary;
    final int hidden;
    final String note;
    final int[] histogram;
    final String histogramLabel;
    final String xLabel;
    final String yLabel;

    private ReliabilityModel(Builder b) {
        title = b.title;
        subtitle = b.subtitle;
        heading = b.heading;
        notion = b.notion;
        curves = List.copyOf(b.curves);
        summary = b.summary;
        hidden = b.hidden;
        note = b.note;
        histogram = b.histogram;
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
        final List<Curve> curves = new ArrayList<>();
        Curve summary;
        int hidden;
        String note;
        int[] histogram;
        String histogramLabel;
        String xLabel;
        String yLabel;
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
        b.histogram = data.histogram(HISTOGRAM_BINS);
        b.histogramLabel = data.description;
        b.xLabel = switch (report.notion()) {
            case TOP_LABEL -> "confidence z = max\u2096 p\u2096";
            case CLASS_WISE -> "predicted probability z = p\u2096 of class k";
            case CANONICAL -> "predicted probability z\u2096 of class k";
        };
        b.yLabel = switch (report.notion()) {
            case TOP_LABEL -> "estimated accuracy E[t | z]";
            case CLASS_WISE -> "estimated frequency E[1{y = k} | p\u2096]";
            case CANONICAL -> "estimated E[t\u2096 | z], mean over bins of z\u2096";
        };
        titles(b, report, shown, accuracy(predictions, labels));
        if (shown != null && !shown.failed()) {
            curves(b, report, shown, data);
        } else {
            b.note = shown == null ? "every estimator failed; nothing to draw"
                    : shown.name() + " failed: " + shown.failure();
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
        b.subtitle = report.notion().id() + " calibration" + SEPARATOR + report.samples() + " samples, " + report.classes()
                + " classes, accuracy " + String.format(Locale.ROOT, "%.4f", accuracy) + SEPARATOR + "CE on the "
                + report.testSamples() + "-sample test split, " + report.folds() + "-fold cross-validation ("
                + report.split() + ")";
    }

    private static String heading(EstimatorResult shown, CalibrationReport report) {
        String which = shown.name().equals(report.recommended()) ? " (recommended)"
                : report.recommended() == null ? "" : " (recommended: " + report.recommended() + ")";
        return "Calibration curve of " + shown.name() + which;
    }

    /** The bootstrap interval when there is one, else the fold standard error, else nothing. */
    private static String errorBar(EstimatorResult shown, GridPointResult best) {
        EstimateInterval interval = shown.interval();
        if (interval != null) {
            return String.format(Locale.ROOT, ", %d%% bootstrap interval [%s, %s] (%d resamples)",
                    Math.round(interval.level() * 100), Texts.significant(interval.lower(), 3),
                    Texts.significant(interval.upper(), 3), interval.resamples());
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

    private static void curves(Builder b, CalibrationReport report, EstimatorResult shown, Components data) {
        List<CalibrationCurve> all = shown.curves().stream().filter(c -> c.z().length > 0).toList();
        if (all.isEmpty()) {
            boolean anyCurves = report.estimators().stream().anyMatch(e -> !e.curves().isEmpty());
            b.note = anyCurves ? shown.name() + " estimates h(z, z′) only; no calibration curve"
                    : "no calibration curves in the report (not computed)";
            return;
        }
        boolean binned = report.notion() == Notion.CANONICAL || all.stream().anyMatch(c -> !ascendingGrid(c));
        List<Curve> drawn = new ArrayList<>();
        for (int j = 0; j < all.size(); j++) {
            CalibrationCurve c = all.get(j);
            double[] range = data.range(all.size() == data.ranges.length ? j : -1);
            drawn.add(binned ? binnedMeans(c.label(), c.z(), c.expected(), range)
                    : new Curve(c.label(), c.z(), c.expected(), false, range[0], range[1]));
        }
        if (drawn.size() > MAX_CURVES) {
            b.hidden = drawn.size() - MAX_CURVES;
            b.summary = summary(all, binned, data.range(-1));
            drawn = drawn.subList(0, MAX_CURVES);
        }
        b.curves.addAll(drawn);
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

    /** The mean over all curves: pointwise on a shared grid, else pooled per bin. */
    private static Curve summary(List<CalibrationCurve> all, boolean binned, double[] range) {
        String label = "mean of all " + all.size();
        double[] z0 = all.get(0).z();
        boolean shared = !binned && all.stream().allMatch(c -> Arrays.equals(c.z(), z0));
        if (shared) {
            double[] mean = new double[z0.length];
            for (CalibrationCurve c : all) {
                double[] y = c.expected();
                for (int i = 0; i < y.length; i++) {
                    mean[i] += y[i] / all.size();
                }
            }
            return new Curve(label, z0, mean, false, range[0], range[1]);
        }
        int total = all.stream().mapToInt(c -> c.z().length).sum();
        double[] z = new double[total];
        double[] y = new double[total];
        int at = 0;
        for (CalibrationCurve c : all) {
            System.arraycopy(c.z(), 0, z, at, c.z().length);
            System.arraycopy(c.expected(), 0, y, at, c.z().length);
            at += c.z().length;
        }
        return binnedMeans(label, z, y, range);
    }

    private static Curve binnedMeans(String label, double[] z, double[] y, double[] range) {
        double[] sz = new double[CURVE_BINS];
        double[] sy = new double[CURVE_BINS];
        int[] count = new int[CURVE_BINS];
        for (int i = 0; i < z.length; i++) {
            int bin = Components.bin(z[i], CURVE_BINS);
            sz[bin] += z[i];
            sy[bin] += y[i];
            count[bin]++;
        }
        int used = (int) Arrays.stream(count).filter(c -> c > 0).count();
        double[] x = new double[used];
        double[] v = new double[used];
        int at = 0;
        for (int bin = 0; bin < CURVE_BINS; bin++) {
            if (count[bin] > 0) {
                x[at] = sz[bin] / count[bin];
                v[at++] = sy[bin] / count[bin];
            }
        }
        return new Curve(label, x, v, true, range[0], range[1]);
    }
}
