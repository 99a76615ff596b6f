package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.pipeline.report.CalibrationCurve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Fitted calibration curves for reliability diagrams: each fold model's estimate of
 * {@code E[t | z]}, averaged over folds at the chosen grid point. Scalar components are
 * evaluated on {@value #GRID} equally spaced points of [0, 1]; canonical calibration at the
 * test split's points, one curve per class.
 */
final class Curves {
    /** Points of the grid over [0, 1] for scalar notions. */
    static final int GRID = 201;

    private Curves() {
    }

    /** One instance for the whole run: estimators may cache per point set by identity. */
    private static final Points GRID_POINTS = grid();

    private static Points grid() {
        double[] z = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            z[i] = i / (GRID - 1.0);
        }
        return Points.of(GRID, 1, z);
    }

    /** @return the fold model's E[t|z] values (flattened), or null if it has no curve */
    static double[] evaluate(CalibrationFunction h, FoldPlan plan, CalibrationSet test) {
        Points at = plan.notion() == Notion.CANONICAL ? test.points() : GRID_POINTS;
        Optional<Points> curve = h.calibrationCurve(at);
        if (curve.isEmpty()) {
            return null;
        }
        Points values = curve.get();
        if (values.size() != at.size() || values.dimension() != at.dimension()) {
            throw new io.calibrisk.api.EstimationException("calibration curve of shape " + values.size() + "×"
                    + values.dimension() + " for " + at.size() + "×" + at.dimension() + " points");
        }
        return values.toArray();
    }

    static List<CalibrationCurve> ensemble(CrossValidation.FoldOutcome[] outcomes, int best, FoldPlan plan) {
        int components = plan.components();
        int k = outcomes.length;
        double[][] mean = new double[components][];
        for (int j = 0; j < components; j++) {
            for (CrossValidation.FoldOutcome outcome : outcomes) {
                double[] values = outcome.curves[best][j];
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
        }
        List<CalibrationCurve> curves = new ArrayList<>();
        Notion notion = plan.notion();
        if (notion == Notion.CANONICAL) {
            Points z = plan.test(0).points();
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
        double[] x = GRID_POINTS.toArray();
        for (int j = 0; j < components; j++) {
            curves.add(new CalibrationCurve(notion == Notion.TOP_LABEL ? "top-label" : "class " + j, x, mean[j]));
        }
        return curves;
    }
}
