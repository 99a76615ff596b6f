package io.calibrisk.pipeline.search;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.toy.ToyBins;
import io.calibrisk.testsupport.toy.ToyPlugin;
import io.calibrisk.testsupport.toy.ToySmoothing;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Simulated data whose optimum lies outside the toy estimators' default grids: a smooth,
 * overconfident calibration curve wants wider kernels than the bandwidths {1e-4, 1e-3, 1e-2},
 * and an oscillating one more bins than {2, 4, 6}. {@code grid} picks the edge; {@code refine}
 * finds a point of lower validation risk beyond it.
 */
class RefineOnSimulatedDataTest {
    private static final int N = 3000;
    /** Accuracy 0.5 + 0.6 (z − 0.5): smooth, so wide kernels do best. */
    private static final DoubleUnaryOperator SMOOTH = z -> 0.5 + 0.6 * (z - 0.5);
    /** Accuracy oscillating twice over [0.5, 1]: coarse bins average it away. */
    private static final DoubleUnaryOperator WAVY = z -> 0.5 + 0.45 * Math.sin(4 * Math.PI * (z - 0.5) / 0.5);

    /** Two classes, top-label confidence z uniform on [0.5, 1], the label right with probability accuracy(z). */
    private static Predictions predictions() {
        double[] p = new double[2 * N];
        SplittableRandom random = new SplittableRandom(2025);
        for (int i = 0; i < N; i++) {
            double z = 0.5 + 0.5 * random.nextDouble();
            random.nextDouble();
            p[2 * i] = 1 - z;
            p[2 * i + 1] = z;
        }
        return Predictions.ofProbabilities(N, 2, p, "simulated");
    }

    private static Labels labels(DoubleUnaryOperator accuracy) {
        int[] y = new int[N];
        SplittableRandom random = new SplittableRandom(2025);
        for (int i = 0; i < N; i++) {
            double z = 0.5 + 0.5 * random.nextDouble();
            y[i] = random.nextDouble() < accuracy.applyAsDouble(z) ? 1 : 0;
        }
        return Labels.of(y, 2, "simulated");
    }

    private static CalibrationReport run(String search, String estimator, DoubleUnaryOperator accuracy) {
        return Calibrisk.builder().plugin(new ToyPlugin()).estimators(estimator).search(search).seed(1).bootstrap(0)
                .build().evaluate(predictions(), labels(accuracy));
    }

    private static void refineBeatsTheGridBeyondItsEdge(String estimator, String axis, double edge,
                                                        DoubleUnaryOperator accuracy) {
        EstimatorResult grid = run("grid", estimator, accuracy).estimator(estimator).orElseThrow();
        CalibrationReport refined = run("refine", estimator, accuracy);
        EstimatorResult refine = refined.estimator(estimator).orElseThrow();
        assertEquals("refine", refined.search());
        GridPointResult gridBest = grid.best().orElseThrow();
        assertEquals(edge, gridBest.hyperparameters().get(axis), "grid picks the edge of its grid");
        GridPointResult refineBest = refine.best().orElseThrow();
        assertTrue(refineBest.risk() < gridBest.risk(), refineBest.risk() + " < " + gridBest.risk());
        assertTrue(refineBest.hyperparameters().get(axis) > edge, "beyond the edge: " + refineBest.hyperparameters());
        assertTrue(refineBest.added());
        // Every point evaluated is listed in order: first the grid, unchanged to the last digit, then the added ones.
        List<GridPointResult> points = refine.grid();
        assertEquals(grid.grid(), points.subList(0, grid.grid().size()));
        for (int i = grid.grid().size(); i < points.size(); i++) {
            assertTrue(points.get(i).added(), "added: " + points.get(i).hyperparameters());
        }
        assertTrue(points.size() > grid.grid().size() + 2, "extended and narrowed: " + points.size());
    }

    @Test
    void refineExtendsALogBandwidthBeyondTheGrid() {
        refineBeatsTheGridBeyondItsEdge(ToySmoothing.NAME, ToySmoothing.BANDWIDTH, 1e-2, SMOOTH);
    }

    @Test
    void refineExtendsAnIntegerNumberOfBinsBeyondTheGrid() {
        refineBeatsTheGridBeyondItsEdge(ToyBins.NAME, ToyBins.BINS, 6, WAVY);
    }

    /** Each training fold is prepared once for the whole search; later rounds are announced through plan. */
    @Test
    void refineReusesEachFoldsPreparation() {
        CountingProvider counting = new CountingProvider(new ToySmoothing());
        CalibrationReport report = Calibrisk.builder().plugin(counting.plugin()).notion(Notion.CLASS_WISE)
                .search("refine").seed(1).bootstrap(0).build().evaluate(predictions(), labels(SMOOTH));
        EstimatorResult result = report.estimators().get(0);
        assertFalse(result.failed(), result.failure());
        int points = result.grid().size();
        int added = (int) result.grid().stream().filter(GridPointResult::added).count();
        assertTrue(added > 0);
        assertEquals(5 * 2, counting.preparations.get(), "5 folds × 2 classes, prepared once");
        assertEquals(5 * 2 * points, counting.fits.get(), "every point fitted once per fold and class");
        assertEquals(5 * 2 * added, counting.plans.get(), "one later round per added point, announced to every fold");
    }
}
