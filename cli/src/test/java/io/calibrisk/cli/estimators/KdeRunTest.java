package io.calibrisk.cli.estimators;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.FoldResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kde as the pipeline runs it: discovered, given its kernel by notion, tuned over its grid, reporting fallbacks. */
class KdeRunTest {

    @Test
    void runsForEveryNotionWithFiniteResultsAndTheSameNumbersForAnyThreadCount() {
        SharedData.Run data = SharedData.of(Generators.dataset(400, 4, RowStyle.MIXED, Seeds.seed()).samples());
        for (Notion notion : Notion.values()) {
            CalibrationReport one = run(data, notion, 1);
            CalibrationReport two = run(data, notion, 2);
            EstimatorResult result = one.estimator("kde").orElseThrow();
            assertFalse(result.failed(), () -> "kde failed: " + result.failure());
            assertEquals(20, result.grid().size());
            for (int at = 0; at < 20; at++) {
                GridPointResult point = result.grid().get(at);
                GridPointResult other = two.estimator("kde").orElseThrow().grid().get(at);
                assertTrue(Double.isFinite(point.risk()) && Double.isFinite(point.estimateSquared()));
                assertEquals(point.risk(), other.risk(), "risk does not depend on the thread count");
                assertEquals(point.estimateSquared(), other.estimateSquared());
                for (FoldResult fold : point.folds()) {
                    assertTrue(fold.diagnostics().containsKey("evaluation.fallbacks"), fold.diagnostics().toString());
                    assertTrue(fold.diagnostics().containsKey("test.fallbacks"), fold.diagnostics().toString());
                }
            }
            assertTrue(result.best().isPresent());
        }
    }

    /** The default kernels by name are the default kernels: the same numbers to the last digit. */
    @Test
    void namingTheDefaultKernelChangesNothing() {
        SharedData.Run data = SharedData.of(Generators.dataset(200, 3, RowStyle.SPREAD, Seeds.seed()).samples());
        for (Notion notion : Notion.values()) {
            String kernel = notion == Notion.CANONICAL ? "dirichlet" : "beta";
            EstimatorResult implicit = run(data, notion, 1).estimator("kde").orElseThrow();
            EstimatorResult named = Calibrisk.builder().notion(notion).estimators("kde").threads(1).seed(3)
                    .setting("kde", "kernel", kernel).build().evaluate(data.predictions(), data.labels())
                    .estimator("kde").orElseThrow();
            for (int at = 0; at < implicit.grid().size(); at++) {
                assertEquals(implicit.grid().get(at).risk(), named.grid().get(at).risk(), notion + " " + at);
                assertEquals(implicit.grid().get(at).estimateSquared(), named.grid().get(at).estimateSquared());
            }
        }
    }

    private static CalibrationReport run(SharedData.Run data, Notion notion, int threads) {
        return Calibrisk.builder().notion(notion).estimators("kde").threads(threads).seed(3).build()
                .evaluate(data.predictions(), data.labels());
    }
}
