package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.TestPlugins;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pipeline's {@link RiskEvaluator} as a search strategy sees it. */
class RiskEvaluatorTest {
    private static final Generators.Dataset DATA = Generators.dataset(300, 3, Generators.RowStyle.SPREAD, 8);
    private static final Predictions PREDICTIONS = TestData.predictions(DATA.samples());
    private static final Labels LABELS = TestData.labels(DATA.samples());

    private static CalibriskPlugin strategy(BiConsumer<SearchSpace, RiskEvaluator> search) {
        return strategy(search, () -> false);
    }

    /** @param singleRound what the strategy answers to {@link SearchStrategy#singleRound} */
    private static CalibriskPlugin strategy(BiConsumer<SearchSpace, RiskEvaluator> search, BooleanSupplier singleRound) {
        SearchStrategy strategy = new SearchStrategy() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                search.accept(space, evaluator);
            }

            @Override
            public boolean singleRound() {
                return singleRound.getAsBoolean();
            }
        };
        return TestPlugins.of("scripted", strategy);
    }

    private static CalibrationReport run(CountingProvider estimator, BiConsumer<SearchSpace, RiskEvaluator> search) {
        return run(estimator, search, () -> false);
    }

    private static CalibrationReport run(CountingProvider estimator, BiConsumer<SearchSpace, RiskEvaluator> search,
                                         BooleanSupplier singleRound) {
        return Calibrisk.builder().plugin(estimator.plugin()).plugin(strategy(search, singleRound)).search("scripted")
                .bootstrap(0).build().evaluate(PREDICTIONS, LABELS);
    }

    /**
     * Each fold's preparation is kept for a later round unless the strategy says it searches in
     * one; one that says so and asks again has its folds prepared again, with the same results. A
     * strategy that fails to answer has them kept.
     */
    @Test
    void aSingleRoundKeepsNoPreparationAndASecondRoundIsStillServed() {
        Map<String, CountingProvider> counted = new java.util.LinkedHashMap<>();
        Map<String, List<Integer>> keptAfterEachRound = new java.util.LinkedHashMap<>();
        Map<String, List<GridPointResult>> grids = new java.util.LinkedHashMap<>();
        Map<String, BooleanSupplier> answers = Map.of("several rounds", () -> false, "single round", () -> true,
                "no answer", () -> {
                    throw new IllegalStateException("no answer");
                });
        for (String strategy : List.of("several rounds", "single round", "no answer")) {
            CountingProvider counting = new CountingProvider(new ToyBins());
            List<Integer> kept = new ArrayList<>();
            CalibrationReport report = run(counting, (space, evaluator) -> {
                evaluator.evaluate(List.of(bins(4), bins(2)));
                kept.add(((FoldEvaluator) evaluator).keptPreparations());
                evaluator.evaluate(List.of(bins(7)));
                kept.add(((FoldEvaluator) evaluator).keptPreparations());
            }, answers.get(strategy));
            counted.put(strategy, counting);
            keptAfterEachRound.put(strategy, kept);
            grids.put(strategy, report.estimators().get(0).grid());
        }
        assertEquals(List.of(5, 5), keptAfterEachRound.get("several rounds"));
        assertEquals(List.of(0, 0), keptAfterEachRound.get("single round"));
        assertEquals(List.of(5, 5), keptAfterEachRound.get("no answer"));
        assertEquals(5, counted.get("several rounds").preparations.get());
        assertEquals(10, counted.get("single round").preparations.get(), "prepared again for the second round");
        assertEquals(5, counted.get("no answer").preparations.get());
        for (CountingProvider counting : counted.values()) {
            assertEquals(5 * 3, counting.fits.get());
        }
        assertEquals(3, grids.get("several rounds").size());
        assertEquals(grids.get("several rounds"), grids.get("single round"));
        assertEquals(grids.get("several rounds"), grids.get("no answer"));
    }

    private static Map<String, Double> bins(double value) {
        return Map.of("bins", value);
    }

    /** Points come back in the order asked; one evaluated before is not fitted again; the report lists each once. */
    @Test
    void evaluatesEachDistinctPointOnceAndReportsThemInOrder() {
        CountingProvider counting = new CountingProvider(new ToyBins());
        List<List<Evaluation>> seen = new ArrayList<>();
        CalibrationReport report = run(counting, (space, evaluator) -> {
            seen.add(evaluator.evaluate(List.of(bins(4), bins(2), bins(4))));
            seen.add(evaluator.evaluate(List.of(bins(2), bins(7))));
            assertEquals(3 + 64 - 3, evaluator.remainingBudget());
            seen.add(evaluator.history());
        });
        EstimatorResult result = report.estimators().get(0);
        assertEquals(List.of(4.0, 2.0, 7.0), result.grid().stream().map(p -> p.hyperparameters().get("bins")).toList());
        assertEquals(List.of(false, false, true), result.grid().stream().map(GridPointResult::added).toList());
        assertEquals(5 * 3, counting.fits.get(), "three distinct points on five folds");
        assertEquals(5, counting.plans.get(), "one later round");
        assertEquals(seen.get(0).get(0), seen.get(0).get(2));
        assertEquals(seen.get(0).get(1), seen.get(1).get(0));
        for (int i = 0; i < 3; i++) {
            Evaluation e = seen.get(2).get(i);
            GridPointResult point = result.grid().get(i);
            assertEquals(point.hyperparameters(), e.point());
            assertEquals(point.risk(), e.risk());
            assertEquals(point.riskStdError(), e.riskStdError());
        }
    }

    /** At most the grid plus the stated number of points; a call beyond is refused before it fits anything. */
    @Test
    void enforcesTheBudget() {
        CountingProvider counting = new CountingProvider(new ToyBins());
        List<String> refusals = new ArrayList<>();
        CalibrationReport report = run(counting, (space, evaluator) -> {
            evaluator.evaluate(space.grid());
            List<Map<String, Double>> many = new ArrayList<>();
            for (int b = 10; b < 10 + FoldEvaluator.POINTS_BEYOND_GRID + 1; b++) {
                many.add(bins(b));
            }
            try {
                evaluator.evaluate(many);
            } catch (InvalidSettingException e) {
                refusals.add(e.getMessage());
            }
            evaluator.evaluate(many.subList(0, FoldEvaluator.POINTS_BEYOND_GRID));
            assertEquals(0, evaluator.remainingBudget());
        });
        assertEquals(List.of("search of toy-bins: 68 points would exceed the budget of 67 (the grid's 3 plus 64)"),
                refusals);
        assertEquals(67, report.estimators().get(0).grid().size());
        assertEquals(5 * 67, counting.fits.get());
        EstimatorResult greedy = run(new CountingProvider(new ToyBins()), (space, evaluator) -> {
            List<Map<String, Double>> many = new ArrayList<>();
            for (int b = 1; b <= 100; b++) {
                many.add(bins(b));
            }
            evaluator.evaluate(many);
        }).estimators().get(0);
        assertEquals("search strategy scripted: search of toy-bins: 100 points would exceed the budget of 67 (the "
                + "grid's 3 plus 64)", greedy.failure());
    }

    /** A strategy that evaluates nothing leaves the estimator without a result, and says so. */
    @Test
    void aStrategyThatEvaluatesNoPointIsAFailure() {
        EstimatorResult result = run(new CountingProvider(new ToyBins()), (space, evaluator) -> { })
                .estimators().get(0);
        assertEquals("search strategy scripted evaluated no point", result.failure());
    }

    /** A point outside the axis's domain never reaches the estimator. */
    @Test
    void refusesPointsOutsideTheSpace() {
        CountingProvider counting = new CountingProvider(new ToyBins());
        EstimatorResult result = run(counting, (space, evaluator) -> evaluator.evaluate(List.of(bins(2.5))))
                .estimators().get(0);
        assertEquals("search strategy scripted: bins = 2.5: must be an integer from 1 to 10000", result.failure());
        assertEquals(0, counting.fits.get());
    }

    /** A strategy that catches an estimator's failure cannot hide it. */
    @Test
    void aSwallowedFailureStillFailsTheEstimator() {
        EstimatorResult result = Calibrisk.builder()
                .plugin(FailingProviders.plugin(new FailingProviders.Failing("throws", FailingProviders.Failure.THROWS)))
                .plugin(strategy((space, evaluator) -> {
                    try {
                        evaluator.evaluate(space.grid());
                    } catch (RuntimeException e) {
                        assertFalse(e.getMessage().isEmpty());
                    }
                })).search("scripted").build().evaluate(PREDICTIONS, LABELS).estimators().get(0);
        assertTrue(result.failed());
        assertEquals("fold 0, point c=1: broken on purpose", result.failure());
    }
}
