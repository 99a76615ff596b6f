package io.calibrisk.cli.integration;

import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Identity 7 of docs/method.md through the whole pipeline, with calibrisk's estimators: with d = 2,
 * CCE² = 2 × the binary calibration error² of class 1, and class 0 mirrors class 1, so a
 * canonical run and a class-wise run (CWCE² = CE₀² + CE₁²) estimate the same CCE², while the
 * canonical risks are twice the class-wise ones (4 × and 2 × class 1's). kde uses the Dirichlet
 * kernel on one side and the Beta kernel on the other; kkr and ukkr use γ on (1 − p, p) and 2γ
 * on p, which is the same rbf kernel. Every fold of every point must agree, and so must the
 * choices.
 */
class TwoClassPipelineTest {
    private static final double[] LAMBDAS = {1e-1, 1e-2, 1e-3, 1e-4};

    @Test
    void canonicalRunEqualsTheClassWiseRunWithTwiceTheRisks() {
        Samples samples = Simulations.twoClasses(300, Math::sqrt, 21);
        Predictions predictions = Predictions.ofProbabilities(300, 2, samples.probabilities(), "two classes");
        Labels labels = Labels.of(samples.labels(), 2, "two classes");
        CalibrationReport canonical = run(Notion.CANONICAL, "1").evaluate(predictions, labels);
        CalibrationReport classWise = run(Notion.CLASS_WISE, "2").evaluate(predictions, labels);
        assertEquals(classWise.recommended(), canonical.recommended());
        for (String name : List.of("kde", "kkr", "ukkr")) {
            EstimatorResult wide = canonical.estimator(name).orElseThrow();
            EstimatorResult sum = classWise.estimator(name).orElseThrow();
            assertFalse(wide.failed() || sum.failed(), name);
            assertEquals(sum.grid().size(), wide.grid().size(), name);
            assertEquals(sum.bestIndex(), wide.bestIndex(), name + ": the same choice");
            for (int g = 0; g < wide.grid().size(); g++) {
                GridPointResult a = wide.grid().get(g);
                GridPointResult b = sum.grid().get(g);
                String what = name + " at " + a.hyperparameters();
                assertEquals(b.hyperparameters(), a.hyperparameters(), what);
                assertEquals(b.stable(), a.stable(), what + ": stability");
                for (int f = 0; f < 5; f++) {
                    assertClose(2 * b.folds().get(f).risk(), a.folds().get(f).risk(), 1e-7, 1e-15,
                            what + ", fold " + f + " risk");
                    assertClose(b.folds().get(f).estimateSquared(), a.folds().get(f).estimateSquared(), 1e-7, 1e-15,
                            what + ", fold " + f + " estimate");
                }
            }
        }
    }

    private static Calibrisk run(Notion notion, String gamma) {
        Calibrisk.Builder builder = Calibrisk.builder().notion(notion).estimators("kde", "kkr", "ukkr").seed(4)
                .bootstrap(0).threads(2);
        for (String krr : List.of("kkr", "ukkr")) {
            builder.setting(krr, "gamma", gamma).setting(krr, "mode", "exact").grid(krr, "lambda", LAMBDAS);
        }
        return builder.build();
    }
}
