package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
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
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

/**
 * Reports built by hand, with every case the diagram must handle: a one-point grid, log and
 * linear axes, unstable points, an off-scale point, an estimator without curves and a failed
 * one.
 */
final class SampleReports {
    static final int N = 600;
    static final int D = 4;

    private SampleReports() {
    }

    /** Overconfident predictions: a softmax of scaled Gaussian logits, labels drawn from a flatter softmax. */
    static Predictions predictions(int n, int d, long seed) {
        Random random = new Random(seed);
        double[] p = new double[n * d];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int k = 0; k < d; k++) {
                p[i * d + k] = Math.exp(2.5 * random.nextGaussian() + (k == 0 ? 1 : 0));
                sum += p[i * d + k];
            }
            for (int k = 0; k < d; k++) {
                p[i * d + k] /= sum;
            }
        }
        return Predictions.ofProbabilities(n, d, p, "sample");
    }

    static Labels labels(Predictions predictions, long seed) {
        Random random = new Random(seed + 1);
        int n = predictions.size();
        int d = predictions.classes();
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            double[] q = new double[d];
            double sum = 0;
            for (int k = 0; k < d; k++) {
                q[k] = Math.pow(predictions.get(i, k), 0.6);
                sum += q[k];
            }
            double u = random.nextDouble() * sum;
            int k = 0;
            while (k < d - 1 && (u -= q[k]) > 0) {
                k++;
            }
            y[i] = k;
        }
        return Labels.of(y, d, "sample");
    }

    static GridPointResult point(Map<String, Double> h, double scaled, double scaledSe, double ce, String instability) {
        double risk = Math.pow(scaled / 100, 2);
        double riskSe = scaledSe / 100 * 2 * (scaled / 100);
        List<FoldResult> folds = new ArrayList<>();
        for (int f = 0; f < 5; f++) {
            folds.add(new FoldResult(risk, ce * ce * (1 + 0.05 * (f - 2)), Map.of()));
        }
        return new GridPointResult(h, risk, riskSe, ce * ce, folds, instability);
    }

    static CalibrationCurve gridCurve(String label, DoubleUnaryOperator f) {
        double[] z = new double[201];
        double[] y = new double[201];
        for (int i = 0; i < z.length; i++) {
            z[i] = i / 200.0;
            y[i] = f.applyAsDouble(z[i]);
        }
        return new CalibrationCurve(label, z, y);
    }

    static EstimatorResult bins(List<CalibrationCurve> curves, EstimateInterval interval) {
        List<GridPointResult> grid = new ArrayList<>();
        for (int m = 5; m <= 90; m += 5) {
            double u = (m - 35) / 30.0;
            grid.add(point(Map.of("bins", (double) m), 4.93 + 0.01 * u * u, 0.07, 0.07 + 0.0003 * m, null));
        }
        return new EstimatorResult("bins", "test", 0.5, grid, 6, null, interval, curves);
    }

    static EstimatorResult fifteen(List<CalibrationCurve> curves) {
        return new EstimatorResult("bins-15", "test", 0.1,
                List.of(point(Map.of("bins", 15.0), 4.951, 0.075, 0.071, null)), 0, null, null, curves);
    }

    static EstimatorResult kde(List<CalibrationCurve> curves) {
        List<GridPointResult> grid = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            double b = Math.pow(10, -5 + 4 * i / 14.0);
            double u = (Math.log10(b) + 2.7) / 2;
            grid.add(point(Map.of("bandwidth", b), 4.94 + 0.02 * u * u, 0.072, 0.06 + 0.01 * i / 14.0,
                    i == 0 ? "bandwidth below the spacing of the data" : null));
        }
        for (double b : new double[] {0.2, 0.4, 0.6, 0.8, 1.0}) {
            grid.add(point(Map.of("bandwidth", b), 4.97 + 0.03 * b, 0.072, 0.05, null));
        }
        return new EstimatorResult("kde", "test", 3.2, grid, 8, null, null, curves);
    }

    static EstimatorResult kkr() {
        List<GridPointResult> grid = new ArrayList<>();
        for (int e = -1; e >= -17; e -= 2) {
            double c = Math.pow(10, e);
            double scaled = e == -1 ? 9.5 : 4.95 + 0.004 * (e + 9) * (e + 9) / 8;
            grid.add(point(Map.of("lambda", c), scaled, 0.08, 0.065, e <= -15 ? "regularisation below the spectrum"
                    : null));
        }
        return new EstimatorResult("kkr", "test", 12.0, grid, 4, null, null, List.of());
    }

    static EstimatorResult failed() {
        return EstimatorResult.failed("ukkr", "test", 1.5, "out of memory: the kernel matrix of 8000 × 8000 doubles "
                + "needs 488 MiB but only 256 MiB are available; use the low-rank mode or a smaller sample <&>");
    }

    /** A top-label report whose recommended estimator is bins, with an interval. */
    static CalibrationReport topLabel() {
        CalibrationCurve curve = gridCurve("top-label", z -> Math.pow(z, 1.6));
        EstimateInterval interval = new EstimateInterval(0.061, 0.083, 0.95, 1000, 7, 0.0012, 0.0009);
        return new CalibrationReport(Notion.TOP_LABEL, N, D, 5, N / 5, "seed 0, test fraction 0.2",
                List.of(bins(List.of(curve), interval), fifteen(List.of(curve)), kde(List.of(curve)), kkr(), failed()),
                "bins", List.of());
    }

    /**
     * A top-label report whose recommended estimator is a binning with its per-bin table, and
     * whose other estimator's curve strays outside [0, 1].
     *
     * @param counts the test samples of each of the equal-width bins over [0, 1]
     */
    static CalibrationReport topLabelBinned(int... counts) {
        int m = counts.length;
        List<BinTable.Bin> bins = new ArrayList<>();
        for (int b = 0; b < m; b++) {
            double lower = b / (double) m;
            double upper = (b + 1) / (double) m;
            double confidence = (lower + upper) / 2;
            bins.add(new BinTable.Bin(lower, upper, counts[b], counts[b] == 0 ? Double.NaN : confidence,
                    counts[b] == 0 ? Double.NaN : Math.min(1, confidence * 1.1 - 0.08)));
        }
        EstimatorResult binned = new EstimatorResult("bins", "test", 0.5,
                List.of(point(Map.of("bins", (double) m), 4.93, 0.07, 0.07, null)), 0, null,
                new EstimateInterval(0.061, 0.083, 0.95, 1000, 7, 0.0012, 0.0009), List.of(), null, List.of(),
                List.of(new BinTable("top-label", bins)));
        CalibrationCurve wild = gridCurve("top-label", z -> 1.6 * z - 0.35);
        return new CalibrationReport(Notion.TOP_LABEL, N, D, 5, N / 5, "seed 0, test fraction 0.2",
                List.of(binned, kde(List.of(wild))), "bins", List.of());
    }

    /** A class-wise report with d curves. */
    static CalibrationReport classWise(int d) {
        List<CalibrationCurve> curves = new ArrayList<>();
        for (int k = 0; k < d; k++) {
            double a = 1 + 0.1 * k;
            curves.add(gridCurve("class " + k, z -> Math.pow(z, a)));
        }
        return new CalibrationReport(Notion.CLASS_WISE, N, d, 5, N / 5, "seed 0, test fraction 0.2",
                List.of(bins(curves, null), kde(curves)), "bins", List.of());
    }
}
