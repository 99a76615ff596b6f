package io.calibrisk.cli.integration;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceBinning;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pipeline with calibrisk's own estimators, discovered from the class path as the CLI does. */
class RealEstimatorsPipelineTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);

    private static Predictions predictions(Samples samples) {
        return Predictions.ofProbabilities(samples.size(), samples.classes(), samples.probabilities(), "test");
    }

    private static Labels labels(Samples samples) {
        return Labels.of(samples.labels(), samples.classes(), "test");
    }

    private static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    /** Algorithm 1 with the real {@code bins}, against the slow reference binning and risk. */
    @Test
    void binsFollowsAlgorithmOne() {
        double[] grid = {5, 10, 20};
        CalibrationReport report = Calibrisk.builder().estimators("bins").grid("bins", "bins", grid).seed(3).threads(2)
                .build().evaluate(predictions(DATA.samples()), labels(DATA.samples()));
        Split split = Split.shuffled(400, 5, 0.2, 3);
        CalibrationSet all = DATA.samples().component(Notion.TOP_LABEL);
        CalibrationSet test = all.select(split.testIndices());
        EstimatorResult result = report.estimator("bins").orElseThrow();
        for (int g = 0; g < grid.length; g++) {
            double mean = 0;
            double estimate = 0;
            for (int f = 0; f < 5; f++) {
                CalibrationSet train = all.select(split.trainingIndices(f));
                CalibrationSet eval = all.select(split.foldIndices(f));
                double[] gaps = ReferenceBinning.gaps(train.points().toArray(), train.targets().toArray(), (int) grid[g]);
                BiFunction<double[], double[], Double> h = (a, b) -> gaps[ReferenceBinning.bin(a[0], gaps.length)]
                        * gaps[ReferenceBinning.bin(b[0], gaps.length)];
                double risk = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), h);
                assertClose(risk, result.grid().get(g).folds().get(f).risk(), 1e-10, "fold " + f);
                mean += risk / 5;
                estimate += ReferenceRisk.estimate(rows(test.points()), h) / 5;
            }
            assertClose(mean, result.grid().get(g).risk(), 1e-10, "fold-mean risk");
            assertClose(estimate, result.grid().get(g).estimateSquared(), 1e-10, "ensemble estimate");
        }
    }

    /** Every estimator, every notion, both strategies: the same report whatever the number of threads. */
    @Test
    void reportsDoNotDependOnTheNumberOfThreads() {
        Generators.Dataset data = Generators.dataset(300, 3, Generators.RowStyle.MIXED, 5);
        for (Notion notion : Notion.values()) {
            for (String search : List.of("grid", "refine")) {
                List<List<GridPointResult>> runs = new ArrayList<>();
                for (int threads : new int[] {1, 3}) {
                    CalibrationReport report = Calibrisk.builder().notion(notion).search(search).threads(threads)
                            .bootstrap(0).build().evaluate(predictions(data.samples()), labels(data.samples()));
                    List<GridPointResult> all = new ArrayList<>();
                    report.estimators().forEach(e -> {
                        assertFalse(e.failed(), notion + " " + search + " " + e.name() + ": " + e.failure());
                        all.addAll(e.grid());
                    });
                    runs.add(all);
                }
                assertEquals(runs.get(0), runs.get(1), notion + ", " + search);
            }
        }
    }

    /**
     * Calibrated predictions: the best estimator of CE² = 0 smooths as much as it may, so the
     * regularisation of kkr and the number of bins sit at an edge of their grids; refine goes
     * beyond it and finds a lower validation risk, listing every point it added.
     */
    @Test
    void refineGoesBeyondTheEdgeOfThePublishedGrids() {
        int n = 2000;
        SplittableRandom random = new SplittableRandom(11);
        double[] p = new double[2 * n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            double z = 0.5 + 0.5 * random.nextDouble();
            p[2 * i] = 1 - z;
            p[2 * i + 1] = z;
            y[i] = random.nextDouble() < z ? 1 : 0;
        }
        Predictions predictions = Predictions.ofProbabilities(n, 2, p, "calibrated");
        Labels labels = Labels.of(y, 2, "calibrated");
        CalibrationReport grid = Calibrisk.builder().estimators("bins", "kkr").bootstrap(0).build()
                .evaluate(predictions, labels);
        CalibrationReport refine = Calibrisk.builder().estimators("bins", "kkr").search("refine").bootstrap(0).build()
                .evaluate(predictions, labels);
        for (String name : List.of("bins", "kkr")) {
            EstimatorResult before = grid.estimator(name).orElseThrow();
            EstimatorResult after = refine.estimator(name).orElseThrow();
            int size = before.grid().size();
            assertEquals(before.grid(), after.grid().subList(0, size), name + ": the grid's points unchanged");
            int chosen = before.bestIndex();
            assertTrue(chosen == 0 || chosen == size - 1, name + " chose an edge: " + before.best().orElseThrow());
            GridPointResult best = after.best().orElseThrow();
            assertTrue(best.added() && best.risk() < before.best().orElseThrow().risk(),
                    name + ": " + best.hyperparameters() + " " + best.risk() + " vs " + before.best().orElseThrow());
            for (GridPointResult point : after.grid().subList(size, after.grid().size())) {
                assertTrue(point.added(), name + " " + point.hyperparameters());
            }
        }
    }

    /** Bad values of real estimators' settings and axes are refused before any work, in one line. */
    @Test
    void badSettingsOfRealEstimatorsAreRefusedInOneLine() {
        assertEquals("--grid bins.bins = 2.5: must be an integer from 1 to 1000000",
                assertThrows(InvalidSettingException.class,
                        () -> Calibrisk.builder().grid("bins", "bins", 2.5, 10).build()).getMessage());
        assertEquals("kkr.mode = slow: must be one of fast, exact", assertThrows(InvalidSettingException.class,
                () -> Calibrisk.builder().setting("kkr", "mode", "slow").build()).getMessage());
        assertEquals("--search = golden: must be one of grid, refine", assertThrows(InvalidSettingException.class,
                () -> Calibrisk.builder().search("golden").build()).getMessage());
    }
}
