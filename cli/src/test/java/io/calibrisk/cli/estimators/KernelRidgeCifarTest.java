package io.calibrisk.cli.estimators;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kkr and ukkr on real predictions (cifar10-vgg16, shared data; skipped when absent). */
class KernelRidgeCifarTest {

    /**
     * The whole pipeline, top-label, default grids, fast mode, with the kernel rbf found in the
     * kkr plugin itself: never an unstable choice, the same numbers for 1 and 2 threads.
     */
    @Test
    void topLabelPipelineChoosesAStableGridPoint() {
        SharedData.Run data = SharedData.cifar(10000);
        CalibrationReport[] reports = new CalibrationReport[2];
        for (int threads : new int[] {1, 2}) {
            CalibrationReport report = Calibrisk.builder().notion(Notion.TOP_LABEL).estimators("kkr", "ukkr")
                    .threads(threads).build().evaluate(data.predictions(), data.labels());
            reports[threads - 1] = report;
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
        for (int e = 0; e < 2; e++) {
            EstimatorResult one = reports[0].estimators().get(e);
            EstimatorResult two = reports[1].estimators().get(e);
            for (int at = 0; at < one.grid().size(); at++) {
                assertEquals(one.grid().get(at).risk(), two.grid().get(at).risk(), one.name() + " at " + at);
                assertEquals(one.grid().get(at).estimateSquared(), two.grid().get(at).estimateSquared());
            }
        }
    }
}
