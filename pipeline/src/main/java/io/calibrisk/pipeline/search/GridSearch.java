package io.calibrisk.pipeline.search;

import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;

/**
 * {@code grid}, the default search: every point of the search space's grid (the published
 * grids, or the user's {@code --grid}), in search order, in one round. Nothing is added, so
 * every risk, estimate and choice is that of the grid.
 */
public final class GridSearch implements SearchStrategy {
    /** The strategy's name. */
    public static final String NAME = "grid";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "every point of each estimator's grid, in one round (default)";
    }

    @Override
    public void search(SearchSpace space, RiskEvaluator evaluator) {
        evaluator.evaluate(space.grid());
    }

    /** @return true: the grid is one round, so no fold's preparation is kept past it */
    @Override
    public boolean singleRound() {
        return true;
    }
}
