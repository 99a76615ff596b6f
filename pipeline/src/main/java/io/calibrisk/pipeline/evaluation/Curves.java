package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.report.CalibrationCurve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Fitted calibration curves for reliability diagrams: each fold model's estimate of
 * {@code E[t | z]} (computed by the fold runner where {@link FoldPlan#curvePoints} says),
 * averaged over folds at the chosen point. Scalar components give one curve each over a grid
 * of [0, 1]; canonical calibration one curve per class k, of {@code E[t_k | z]} against
 * {@code z_k} at the test split's points, sorted by {@code z_k}. The ensemble's values are
 * clamped to [0, 1]: they estimate a probability, and a regression (kernel ridge regression,
 * or kde far from its data) can stray outside; clamping never moves an estimate away from the
 * truth.
 */
final class Curves {

    private Curves() {
    }

    /**
     * @param chosen the chosen point
     * @param folds  the folds
     * @return the ensemble's curves, or none if a fold model has no curve
     */
    static List<CalibrationCurve> ensemble(EvaluatedPoint chosen, FoldPlan folds) {
        int components = folds.components();
        int k = chosen.folds();
        double[][] mean = new double[components][];
        for (int j = 0; j < components; j++) {
            for (int f = 0; f < k; f++) {
                double[] values = chosen.foldCurve(f, j);
                if (values == null) {
                    return List.of();
                }
                if (mean[j] == null) {
                    mean[j] = new double[values.length];
                }
                for (int i = 0; i < values.length; i++) {
                    mean[j][i] += values[i] / k;
                }
            }
            for (int i = 0; i < mean[j].length; i++) {
                mean[j][i] = Math.max(0, Math.min(1, mean[j][i]));
            }
        }
        List<CalibrationCurve> curves = new ArrayList<>();
        Notion notion = folds.notion();
        if (notion == Notion.CANONICAL) {
            Points z = folds.test(0).points();
            int n = z.size();
            int d = z.dimension();
            for (int cls = 0; cls < d; cls++) {
                final int column = cls;
                Integer[] order = new Integer[n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
                Arrays.sort(order, Comparator.comparingDouble(i -> z.get(i, column)));
                double[] x = new double[n];
                double[] y = new double[n];
                for (int r = 0; r < n; r++) {
                    x[r] = z.get(order[r], column);
                    y[r] = mean[0][order[r] * d + column];
                }
                curves.add(new CalibrationCurve("class " + cls, x, y));
            }
            return curves;
        }
        double[] x = folds.curveGrid().toArray();
        for (int j = 0; j < components; j++) {
            curves.add(new CalibrationCurve(notion == Notion.TOP_LABEL ? "top-label" : "class " + j, x, mean[j]));
        }
        return curves;
    }
}
