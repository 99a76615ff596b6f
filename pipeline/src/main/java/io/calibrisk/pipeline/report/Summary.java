package io.calibrisk.pipeline.report;

import io.calibrisk.api.search.Hyperparameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sentences a report says about its numbers, one wording for the table, the JSON report
 * and {@code compare}: the answer, the estimators within noise of the best, the grid edges, the
 * classic ECE and the legend.
 */
final class Summary {
    /** What CE is, in the shortest words. */
    static final String CE_MEANING = "√ of the squared L2 error";

    private Summary() {
    }

    /**
     * @param report a report
     * @return e.g. {@code top-label CE = 0.0777 [0.0735, 0.0817] (95%; √ of the squared L2
     *     error) by bins-mass, lowest validation risk}
     */
    static String answer(CalibrationReport report) {
        String notion = report.notion().id();
        EstimatorResult best = report.recommendedResult().orElse(null);
        if (best == null || best.best().isEmpty()) {
            return notion + " CE: no estimate, every estimator failed";
        }
        return notion + " CE = " + estimate(best) + " by " + best.name() + ", lowest validation risk";
    }

    /**
     * @param result an estimator with a chosen point
     * @return its CE and interval rounded for people, with the coverage and what CE is, e.g.
     *     {@code 0.0777 [0.0735, 0.0817] (95%; √ of the squared L2 error)}
     */
    static String estimate(EstimatorResult result) {
        double ce = result.best().orElseThrow().estimate();
        EstimateInterval interval = result.interval();
        if (interval == null) {
            return Cells.fourDigits(ce) + " (no interval: --bootstrap 0; " + CE_MEANING + ")";
        }
        int decimals = decimals(interval.width());
        return round(ce, decimals) + " [" + round(interval.lower(), decimals) + ", " + round(interval.upper(), decimals)
                + "] (" + Hyperparameters.format(interval.level() * 100) + "%; " + CE_MEANING + ")";
    }

    /** Enough decimals to show an interval's width with two significant digits; 3 to 6. */
    static int decimals(double width) {
        if (!(width > 0)) {
            return 4;
        }
        return Math.max(3, Math.min(6, 1 - (int) Math.floor(Math.log10(width))));
    }

    private static String round(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * @param report a report
     * @return the smallest and largest CE estimate of the recommended estimator and those tied
     *     with it, or null when nothing was recommended
     */
    static double[] span(CalibrationReport report) {
        EstimatorResult best = report.recommendedResult().orElse(null);
        if (best == null || best.best().isEmpty()) {
            return null;
        }
        double lo = best.best().get().estimate();
        double hi = lo;
        for (EstimatorResult e : report.tied()) {
            double ce = e.best().orElseThrow().estimate();
            lo = Math.min(lo, ce);
            hi = Math.max(hi, ce);
        }
        return new double[] {lo, hi};
    }

    /**
     * @param folds the number of folds k
     * @return the rule for ties, as reports state it
     */
    static String tieRule(int folds) {
        return "|paired fold-risk difference| < " + String.format(Locale.ROOT, "%.2f", RiskDifference.threshold(folds))
                + " SE (not significant at 5%)";
    }

    /**
     * @param report a report
     * @return e.g. {@code 5 estimators are within noise of the best (bins-mass): with it, their
     *     CE estimates span [0.0655, 0.0777]}; null when fewer than two estimators have a choice
     */
    static String withinNoise(CalibrationReport report) {
        long chosen = report.estimators().stream().filter(e -> e.best().isPresent()).count();
        double[] span = span(report);
        if (chosen < 2 || span == null) {
            return null;
        }
        int tied = report.tied().size();
        String best = report.recommended();
        if (tied == 0) {
            return "no estimator is within noise of the best (" + best + "): every paired risk difference is significant";
        }
        return tied + (tied == 1 ? " estimator is" : " estimators are") + " within noise of the best (" + best
                + "): with it, their CE estimates span [" + Cells.fourDigits(span[0]) + ", "
                + Cells.fourDigits(span[1]) + "]";
    }

    /**
     * @param report a report
     * @return one line per estimator whose chosen point lies at an edge of its grid, with advice
     */
    static List<String> edges(CalibrationReport report) {
        List<String> lines = new ArrayList<>();
        for (EstimatorResult e : report.estimators()) {
            for (GridEdge edge : e.edges()) {
                lines.add(e.name() + " chose " + edge.axis() + " = " + Cells.fourDigits(edge.value()) + ", the "
                        + edge.side() + " value of its grid: the risk may fall further beyond it; widen the grid ("
                        + "--grid " + e.name() + "." + edge.axis() + "=...)"
                        + ("grid".equals(report.search()) ? " or use --search refine" : ""));
            }
        }
        return lines;
    }

    /**
     * @param ece the classic ECE
     * @return e.g. {@code for reference, not risk-selected: classic ECE (top-label, L1, 15
     *     equal-width bins, all 10000 samples) = 0.0397}
     */
    static String classicEce(ClassicEce ece) {
        return "for reference, not risk-selected: classic ECE (top-label, L1, " + ece.bins()
                + " equal-width bins, all " + ece.samples() + " samples) = " + Cells.fourDigits(ece.value());
    }

    /**
     * @param level the interval's coverage in percent, or null when there is none
     * @param folds the number of folds k
     * @return the two lines of the legend
     */
    static List<String> legend(String level, int folds) {
        return List.of("sqrt(risk)x100 ± SE: √(validation risk)×100 ± its SE over folds, lower is better; "
                        + "* recommended (lowest risk); tied: paired risk difference from * under "
                        + String.format(Locale.ROOT, "%.2f", RiskDifference.threshold(folds)) + " SE (not significant at 5%)",
                "CE: √ of the estimated squared L2 calibration error on the test split (not the L1 ECE)"
                        + (level == null ? "" : "; " + level + "% CI: test-split bootstrap + fold-model jackknife")
                        + "; (edge): chosen at an edge of its grid");
    }
}
