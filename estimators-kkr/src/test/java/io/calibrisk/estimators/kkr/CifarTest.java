package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.pipeline.Calibrisk;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** On real predictions (cifar10-vgg16, shared data; skipped when absent). */
class CifarTest {

    /** The whole pipeline, top-label, default grids, fast mode: seconds, and never an unstable choice. */
    @Test
    void topLabelPipelineChoosesAStableGridPoint() {
        CifarData.Data data = CifarData.load();
        for (int threads : new int[] {1, 2}) {
            CalibrationReport report = Calibrisk.builder().notion(Notion.TOP_LABEL).estimators("kkr", "ukkr")
                    .threads(threads).build().evaluate(CifarData.predictions(data, 0, 10000),
                            CifarData.labels(data, 0, 10000));
            for (EstimatorResult result : report.estimators()) {
                assertFalse(result.failed(), result.name() + ": " + result.failure());
                GridPointResult best = result.best().orElseThrow();
                assertTrue(best.stable(), result.name() + " chose an unstable grid point");
                if (result.name().equals("kkr")) {
                    assertFalse(result.grid().get(result.grid().size() - 1).stable(), "kkr flags c = 1e-17");
                }
                for (GridPointResult point : result.grid()) {
                    assertTrue(Double.isFinite(point.risk()) && Double.isFinite(point.estimateSquared()));
                }
            }
        }
    }

    /**
     * Fast against exact on a subsample of the real predictions (the exact mode is O(n³)): 1e−6
     * at grid points ten times inside the stability threshold, 1e−5 next to it (at n = 800,
     * canonical c = 1e−8 sits just inside the threshold and the modes differ by 3e−6).
     */
    @Tag("slow")
    @Test
    void fastAgreesWithExactOnRealPredictions() {
        CifarData.Data data = CifarData.load();
        for (Notion notion : new Notion[] {Notion.TOP_LABEL, Notion.CANONICAL}) {
            CalibrationSet all = notion.components(CifarData.predictions(data, 0, 1400), CifarData.labels(data, 0, 1400))
                    .get(0);
            CalibrationSet train = all.select(IntStream.range(0, 800).toArray());
            CalibrationSet evaluation = all.select(IntStream.range(800, 1100).toArray());
            CalibrationSet test = all.select(IntStream.range(1100, 1400).toArray());
            for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
                FastVersusExactTest.assertAgree(provider, notion, train, evaluation, test, Map.of(), 1e-5);
            }
        }
        assertEquals(10, data.probs()[0].length);
    }
}
