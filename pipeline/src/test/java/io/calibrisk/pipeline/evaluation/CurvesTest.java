package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationCurve;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ensemble's curves: the fold mean, clamped to [0, 1], per component or per class. */
class CurvesTest {
    private static final int FOLDS = 2;

    private static FoldPlan plan(Notion notion, int n, int d) {
        double[] p = new double[n * d];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            // Distinct, unordered probabilities: the first class's column is a permutation.
            double first = 0.1 + 0.8 * ((i * 7) % n) / n;
            p[i * d] = first;
            for (int k = 1; k < d; k++) {
                p[i * d + k] = (1 - first) / (d - 1);
            }
            y[i] = i % d;
        }
        return FoldPlan.of(notion, new EvaluationSettings.Sampling(null, FOLDS, 0.25, 3),
                Predictions.ofProbabilities(n, d, p, "p"), Labels.of(y, d, "y"));
    }

    private static EvaluatedPoint point(double[][][] curves) {
        return new EvaluatedPoint(Map.of("bins", 5.0), false, new double[FOLDS], new double[FOLDS], List.of(),
                new double[FOLDS][], curves, null, null);
    }

    @Test
    void scalarCurvesAreTheClampedFoldMeanOverTheGrid() {
        FoldPlan plan = plan(Notion.CLASS_WISE, 40, 2);
        int g = plan.curveGrid().size();
        double[][][] curves = new double[FOLDS][2][g];
        for (int f = 0; f < FOLDS; f++) {
            for (int j = 0; j < 2; j++) {
                for (int i = 0; i < g; i++) {
                    // Fold 0 strays below 0 and above 1 at the ends; fold 1 does not.
                    curves[f][j][i] = f == 0 ? -1 + 4.0 * i / (g - 1) + j * 0.1 : 0.25;
                }
            }
        }
        List<CalibrationCurve> out = Curves.ensemble(point(curves), plan);
        assertEquals(2, out.size());
        for (int j = 0; j < 2; j++) {
            assertEquals("class " + j, out.get(j).label());
            assertArrayEquals(plan.curveGrid().toArray(), out.get(j).z());
            for (int i = 0; i < g; i++) {
                double mean = (curves[0][j][i] + 0.25) / 2;
                assertEquals(Math.max(0, Math.min(1, mean)), out.get(j).expected()[i], 1e-15);
            }
            assertEquals(0, out.get(j).expected()[0], "clamped at 0");
            assertEquals(1, out.get(j).expected()[g - 1], "clamped at 1");
        }
        curves[1][1] = null;
        assertEquals(List.of(), Curves.ensemble(point(curves), plan), "a fold model without a curve: none");
    }

    @Test
    void canonicalCurvesArePerClassAtTheTestPointsSortedByThatClass() {
        int d = 3;
        FoldPlan plan = plan(Notion.CANONICAL, 40, d);
        Points z = plan.test(0).points();
        int n = z.size();
        double[][][] curves = new double[FOLDS][1][n * d];
        for (int f = 0; f < FOLDS; f++) {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < d; k++) {
                    curves[f][0][i * d + k] = 0.1 * f + 0.01 * i + 0.2 * k;
                }
            }
        }
        List<CalibrationCurve> out = Curves.ensemble(point(curves), plan);
        assertEquals(d, out.size());
        for (int k = 0; k < d; k++) {
            CalibrationCurve curve = out.get(k);
            assertEquals("class " + k, curve.label());
            double[] x = curve.z();
            assertEquals(n, x.length);
            for (int r = 1; r < n; r++) {
                assertTrue(x[r - 1] <= x[r], "sorted by z_" + k);
            }
            double[] column = new double[n];
            for (int i = 0; i < n; i++) {
                column[i] = z.get(i, k);
            }
            double[] sorted = column.clone();
            Arrays.sort(sorted);
            assertArrayEquals(sorted, x);
            for (int r = 0; r < n; r++) {
                int i = -1;
                for (int c = 0; c < n; c++) {
                    if (column[c] == x[r] && (i < 0 || Math.abs(0.05 + 0.01 * c + 0.2 * k - curve.expected()[r]) < 1e-12)) {
                        i = c;
                    }
                }
                assertEquals(0.05 + 0.01 * i + 0.2 * k, curve.expected()[r], 1e-12, "class " + k + " rank " + r);
            }
        }
    }
}
