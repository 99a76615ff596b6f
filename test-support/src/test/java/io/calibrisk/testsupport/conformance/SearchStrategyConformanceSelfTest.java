package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;


/** The strategy kit passes the grid search and fails each broken strategy, saying what failed. */
class SearchStrategyConformanceSelfTest {

    /** Evaluates the grid, in order. */
    static class Grid implements SearchStrategy {
        @Override
        public String name() {
            return "test-grid";
        }

        @Override
        public String description() {
            return "every grid point";
        }

        @Override
        public void search(SearchSpace space, RiskEvaluator evaluator) {
            evaluator.evaluate(space.grid());
        }
    }

    private static SearchStrategyConformance kit(SearchStrategy strategy) {
        return new SearchStrategyConformance() {
            @Override
            protected SearchStrategy strategy() {
                return strategy;
            }
        };
    }

    private static void fails(SearchStrategy strategy, Consumer<SearchStrategyConformance> check, String... expected) {
        SearchStrategyConformance kit = kit(strategy);
        KitFailures.assertFails(() -> check.accept(kit), expected);
    }

    @Test
    void theGridSearchPassesEveryCheck() {
        SearchStrategyConformance kit = kit(new Grid());
        kit.describesItself();
        kit.searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum();
        kit.isDeterministic();
    }

    @Test
    void aStrategyThatLeavesTheDomainFails() {
        fails(new Grid() {
            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                super.search(space, evaluator);
                if (!space.axes().isEmpty()) {
                    Map<String, Double> point = new HashMap<>(space.grid().get(0));
                    point.put(space.axes().get(0).name(), 2.5);
                    try {
                        evaluator.evaluate(List.of(point));
                    } catch (RuntimeException swallowed) {
                        // a strategy that hides the refusal is still caught
                    }
                }
            }
        }, SearchStrategyConformance::searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum, "proposed {bins=2.5}",
                "outside the space");
    }

    @Test
    void aStrategyThatExceedsTheBudgetFails() {
        fails(new Grid() {
            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                List<Map<String, Double>> points = new ArrayList<>(space.grid());
                if (!space.axes().isEmpty()) {
                    Map<String, Double> extra = new HashMap<>(space.grid().get(0));
                    double[] values = space.axes().get(0).values();
                    extra.put(space.axes().get(0).name(), 2 * values[values.length - 1] + 1);
                    points.add(extra);
                }
                evaluator.evaluate(points);
            }
        }, SearchStrategyConformance::searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum, "left of a budget");
    }

    @Test
    void aStrategyThatMissesTheGridMinimumFails() {
        fails(new Grid() {
            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                evaluator.evaluate(space.grid().subList(0, 1));
            }
        }, SearchStrategyConformance::searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum, "worse than the grid's minimum");
    }

    @Test
    void aStrategyThatNeverReturnsFails() {
        fails(new Grid() {
            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                while (true) {
                    evaluator.evaluate(space.grid());
                }
            }
        }, SearchStrategyConformance::searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum, "does not return");
    }

    @Test
    void aSingleRoundOfOneCallPassesAndOfTwoCallsFails() {
        SearchStrategyConformance once = kit(new Grid() {
            @Override
            public boolean singleRound() {
                return true;
            }
        });
        once.searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum();
        fails(new Grid() {
            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                evaluator.evaluate(space.grid().subList(0, 1));
                evaluator.evaluate(space.grid());
            }

            @Override
            public boolean singleRound() {
                return true;
            }
        }, SearchStrategyConformance::searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum,
                "says it searches in a single round but called the evaluator 2 times");
    }

    @Test
    void aStrategyThatChangesItsMindFails() {
        fails(new Grid() {
            private int runs;

            @Override
            public void search(SearchSpace space, RiskEvaluator evaluator) {
                List<Map<String, Double>> grid = new ArrayList<>(space.grid());
                java.util.Collections.rotate(grid, runs++);
                evaluator.evaluate(grid);
            }
        }, SearchStrategyConformance::isDeterministic, "on one run and");
    }
}
