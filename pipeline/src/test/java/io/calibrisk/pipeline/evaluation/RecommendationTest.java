package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceRisk;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.calibrisk.pipeline.TestData.rows;
import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Step 6 of Algorithm 1 with several estimators that succeed: the recommendation is the stable
 * estimator of lowest validation risk at its own η*, the first listed on ties; η* is the stable
 * point of lowest fold-mean risk, the first evaluated on ties. The estimators are constants
 * (see {@link ConstantProviders}) so that the order of their risks is known in advance, and
 * every risk is also recomputed here from the folds with the slow reference.
 */
class RecommendationTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static CalibrationReport run(List<EstimatorProvider> providers) {
        List<String> names = new ArrayList<>();
        providers.forEach(p -> names.add(p.name()));
        return Calibrisk.builder().plugin(ConstantProviders.plugin(providers.toArray(new EstimatorProvider[0])))
                .estimators(names).seed(2).bootstrap(0).build().evaluate(PREDICTIONS, LABELS);
    }

    private static EstimatorProvider constant(String name, double... values) {
        return ConstantProviders.of(name, RecommendationTest::aboveTargets, Set.of(), values);
    }

    /** @return 1 + |c|: above every pairwise target, so that the risk grows with c */
    private static double aboveTargets(double c) {
        return 1 + Math.abs(c);
    }

    /** The lowest risk among the stable points of every estimator that has one, the first listed on ties. */
    private static String lowest(CalibrationReport report) {
        String name = null;
        double risk = Double.POSITIVE_INFINITY;
        for (EstimatorResult result : report.estimators()) {
            if (result.best().isPresent() && result.best().get().risk() < risk) {
                risk = result.best().get().risk();
                name = result.name();
            }
        }
        return name;
    }

    @Test
    void recommendsTheLowestRiskAmongThreeThatSucceedNeitherFirstNorLast() {
        CalibrationReport report = run(List.of(
                constant("middle", 0.6, 0.7),
                constant("low", 0.5, 0.3, 0.4),
                constant("high", 0.9, 0.8),
                ConstantProviders.of("unstable", RecommendationTest::aboveTargets, Set.of(0.0), 0.0),
                new FailingProviders.Failing("failing", FailingProviders.Failure.THROWS)));
        assertEquals("low", report.recommended());
        assertEquals("low", lowest(report));
        assertEquals(1, report.estimator("low").orElseThrow().bestIndex(), "c = 0.3");
        assertEquals(0, report.estimator("middle").orElseThrow().bestIndex(), "c = 0.6");
        assertEquals(1, report.estimator("high").orElseThrow().bestIndex(), "c = 0.8");
        EstimatorResult unstable = report.estimator("unstable").orElseThrow();
        assertEquals(-1, unstable.bestIndex());
        assertEquals(Selection.ALL_UNSTABLE, unstable.failure());
        assertTrue(unstable.grid().get(0).risk() < report.recommendedResult().orElseThrow().best().orElseThrow().risk(),
                "the unstable point has the lowest risk of all, and is still not chosen");
        assertTrue(report.estimator("failing").orElseThrow().failed());
        // the risks the choice rests on, from the folds by the slow reference
        Split split = Split.shuffled(400, 5, 0.2, 2);
        CalibrationSet all = DATA.samples().component(Notion.TOP_LABEL);
        for (String name : List.of("middle", "low", "high")) {
            GridPointResult best = report.estimator(name).orElseThrow().best().orElseThrow();
            double v = aboveTargets(best.hyperparameters().get("c"));
            double mean = 0;
            for (int f = 0; f < 5; f++) {
                CalibrationSet eval = all.select(split.foldIndices(f));
                double risk = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), (a, b) -> v);
                assertClose(risk, best.folds().get(f).risk(), 1e-12, name + " fold " + f);
                mean += risk / 5;
            }
            assertClose(mean, best.risk(), 1e-12, name);
        }
        double low = report.estimator("low").orElseThrow().best().orElseThrow().risk();
        double middle = report.estimator("middle").orElseThrow().best().orElseThrow().risk();
        double high = report.estimator("high").orElseThrow().best().orElseThrow().risk();
        assertTrue(low < middle && middle < high, low + " < " + middle + " < " + high);
        assertEquals(0.0, report.estimator("low").orElseThrow().difference().mean());
        assertTrue(report.estimator("middle").orElseThrow().difference().mean() > 0);
        assertTrue(report.estimator("high").orElseThrow().difference().mean()
                > report.estimator("middle").orElseThrow().difference().mean());
    }

    @Test
    void theLowestRiskWinsWhateverItsPlaceInTheList() {
        List<EstimatorProvider> providers = List.of(constant("a", 0.45), constant("b", 0.35), constant("c", 0.55),
                constant("d", 0.65));
        for (int first = 0; first < providers.size(); first++) {
            List<EstimatorProvider> rotated = new ArrayList<>(providers.subList(first, providers.size()));
            rotated.addAll(providers.subList(0, first));
            CalibrationReport report = run(rotated);
            assertEquals("b", report.recommended(), "order " + report.estimators().stream().map(EstimatorResult::name)
                    .toList());
        }
    }

    /** Equal risks: bit-identical, since the functions are equal; the first listed wins. */
    @Test
    void tiesGoToTheFirstEstimatorListed() {
        CalibrationReport report = run(List.of(constant("worse", 0.8), constant("tie-first", 0.4),
                constant("tie-second", 0.4), constant("other", 0.6)));
        assertEquals(report.estimator("tie-first").orElseThrow().best().orElseThrow().risk(),
                report.estimator("tie-second").orElseThrow().best().orElseThrow().risk(), "an exact tie");
        assertEquals("tie-first", report.recommended());
        assertEquals(0.0, report.estimator("tie-second").orElseThrow().difference().mean(), "tied with the recommended");
        CalibrationReport swapped = run(List.of(constant("tie-second", 0.4), constant("worse", 0.8),
                constant("tie-first", 0.4)));
        assertEquals("tie-second", swapped.recommended());
    }

    /** Within one estimator, equal fold-mean risks: the first point evaluated wins. */
    @Test
    void tiesBetweenPointsGoToTheFirstEvaluated() {
        EstimatorProvider absolute = ConstantProviders.of("absolute", RecommendationTest::aboveTargets, Set.of(), 0.7, -0.4, 0.4,
                0.5);
        EstimatorResult result = run(List.of(absolute)).estimator("absolute").orElseThrow();
        assertEquals(result.grid().get(1).risk(), result.grid().get(2).risk(), "h = 1 + |c| at c = ±0.4");
        assertEquals(1, result.bestIndex());
        assertEquals(-0.4, result.best().orElseThrow().hyperparameters().get("c"));
        EstimatorProvider reversed = ConstantProviders.of("absolute", RecommendationTest::aboveTargets, Set.of(), 0.7, 0.4, -0.4,
                0.5);
        assertEquals(0.4, run(List.of(reversed)).estimator("absolute").orElseThrow().best().orElseThrow()
                .hyperparameters().get("c"));
    }

    /** An unstable point of lower risk is passed over, within an estimator and across estimators. */
    @Test
    void unstablePointsAreNeverChosen() {
        EstimatorProvider partly = ConstantProviders.of("partly", RecommendationTest::aboveTargets, Set.of(0.3, 0.35), 0.5, 0.3,
                0.35, 0.45);
        CalibrationReport report = run(List.of(constant("steady", 0.4), partly));
        EstimatorResult result = report.estimator("partly").orElseThrow();
        assertEquals(3, result.bestIndex(), "c = 0.45, the best stable point");
        assertFalse(result.grid().get(1).stable());
        assertEquals("steady", report.recommended(), "0.4 beats 0.45; the unstable 0.3 does not count");
        CalibrationReport none = run(List.of(ConstantProviders.of("never", RecommendationTest::aboveTargets, Set.of(0.3), 0.3)));
        assertNull(none.recommended());
    }

    /** The effective values an estimator receives scale with its own training fold's size. */
    @Test
    void axesScaledByNUseEachTrainingFoldsOwnSize() {
        // 403 samples: an optimisation set of 322 in folds of 65, 65, 64, 64 and 64 samples
        Generators.Dataset data = Generators.dataset(403, 3, Generators.RowStyle.SPREAD, 5);
        Axis axis = Axis.list("c", 1e-5, 2e-5, 3e-5).scaledByPowerOfN(1.5);
        EstimatorProvider scaled = ConstantProviders.of("scaled", v -> v, Set.of(), axis);
        CalibrationReport report = Calibrisk.builder().plugin(ConstantProviders.plugin(scaled)).estimators("scaled")
                .seed(9).bootstrap(0).build().evaluate(TestData.predictions(data.samples()), TestData.labels(data.samples()));
        Split split = Split.shuffled(403, 5, 0.2, 9);
        CalibrationSet all = data.samples().component(Notion.TOP_LABEL);
        EstimatorResult result = report.estimator("scaled").orElseThrow();
        for (GridPointResult point : result.grid()) {
            double c = point.hyperparameters().get("c");
            for (int f = 0; f < 5; f++) {
                int n = split.trainingIndices(f).length;
                double effective = c * Math.pow(n, 1.5);
                CalibrationSet eval = all.select(split.foldIndices(f));
                double expected = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()), (a, b) -> effective);
                assertClose(expected, point.folds().get(f).risk(), 1e-12, "c = " + c + ", fold " + f + ", n = " + n);
                int held = split.foldIndices(f).length;
                double wrong = ReferenceRisk.risk(rows(eval.points()), rows(eval.targets()),
                        (a, b) -> c * Math.pow(held, 1.5));
                assertTrue(Math.abs(wrong - expected) > 1e-6 * expected, "the fold's own size would show");
            }
        }
    }
}
