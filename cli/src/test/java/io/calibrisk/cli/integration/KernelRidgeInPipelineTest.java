package io.calibrisk.cli.integration;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.evaluation.RunPlan;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.pipeline.risk.Risk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kkr and ukkr inside the pipeline fit each training fold with λ = c·n^p, n the size of that
 * training fold (the other folds), p = 1.5 for kkr and 0.75 for ukkr: every fold risk and fold
 * estimate of the report equals a direct fit of the discovered estimator on the same fold with
 * that λ, scored by the risk on the held-out fold. With 403 samples the folds differ in size,
 * and the held-out fold is a quarter of the training folds, so a λ from any other n shows.
 */
class KernelRidgeInPipelineTest {
    private static final Map<String, Double> EXPONENTS = Map.of("kkr", 1.5, "ukkr", 0.75);

    @Test
    void foldRisksEqualDirectFitsWithLambdaScaledByTheTrainingFoldsSize() {
        Samples samples = Simulations.dirichlet(403, 3, Simulations.ALPHA, Simulations.TEMPERATURE, 8).samples();
        Predictions predictions = Predictions.ofProbabilities(samples.size(), 3, samples.probabilities(), "simulated");
        Labels labels = Labels.of(samples.labels(), 3, "simulated");
        Split split = Split.shuffled(403, 5, 0.2, 6);
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CANONICAL)) {
            Calibrisk calibrisk = Calibrisk.builder().notion(notion).estimators("kkr", "ukkr").seed(6).bootstrap(0)
                    .threads(2).build();
            CalibrationReport report = calibrisk.evaluate(predictions, labels);
            for (RunPlan.PlannedEstimator planned : calibrisk.plan().estimators()) {
                double exponent = EXPONENTS.get(planned.name());
                assertEquals(exponent, planned.space().axis("lambda").nExponent(), planned.name());
                EstimatorResult result = report.estimator(planned.name()).orElseThrow();
                assertFalse(result.failed(), result.failure());
                CalibrationEstimator estimator = planned.provider().create(new EstimatorContext(notion, 3,
                        planned.settings(), Parallelism.sequential(), RunCache.none()));
                int sensitive = 0;
                for (int f = 0; f < 5; f++) {
                    CalibrationSet training = NotionComponents.of(notion, 0, predictions, labels, split.trainingIndices(f));
                    CalibrationSet heldOut = NotionComponents.of(notion, 0, predictions, labels, split.foldIndices(f));
                    CalibrationSet test = NotionComponents.of(notion, 0, predictions, labels, split.testIndices());
                    PreparedTraining prepared = estimator.prepare(TrainingFold.of(training));
                    for (GridPointResult point : result.grid()) {
                        double c = point.hyperparameters().get("lambda");
                        String what = notion.id() + " " + planned.name() + ", c = " + c + ", fold " + f;
                        CalibrationFunction h = fit(prepared, c, c * Math.pow(training.size(), exponent));
                        double risk = Risk.of(h, heldOut).risk();
                        assertClose(risk, point.folds().get(f).risk(), 1e-10, 1e-300, what + ", risk");
                        assertClose(Risk.estimate(h, test), point.folds().get(f).estimateSquared(), 1e-10, 1e-300,
                                what + ", estimate");
                        double other = Risk.of(fit(prepared, c, c * Math.pow(heldOut.size(), exponent)), heldOut).risk();
                        sensitive += Math.abs(other - risk) > 1e-6 * risk ? 1 : 0;
                    }
                }
                assertTrue(sensitive >= 5 * result.grid().size() / 2, notion.id() + " " + planned.name()
                        + ": the held-out fold's n would change most fold risks, not " + sensitive);
            }
        }
    }

    private static CalibrationFunction fit(PreparedTraining prepared, double reported, double effective) {
        return prepared.fit(new Hyperparameters(Map.of("lambda", reported), Map.of("lambda", effective)));
    }
}
