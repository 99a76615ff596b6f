package io.calibrisk.api.search;

/**
 * How an estimator's hyperparameter space is searched, as a plugin contributed through
 * {@link io.calibrisk.api.CalibriskPlugin#searchStrategies()} and chosen with
 * {@code --search NAME}. The built-in {@code grid} evaluates the search space's grid;
 * {@code refine} then extends and narrows it around the minimum.
 *
 * <p>A strategy proposes points and learns their fold-mean validation risks from the
 * {@link RiskEvaluator}, in as many rounds as it likes within the evaluator's budget. It never
 * sees test data. When it returns, calibrisk chooses, among every stable point evaluated, the
 * one of lowest mean validation risk (the first evaluated wins ties). Strategies must be
 * deterministic: the same risks give the same proposals.
 *
 * @since 1.0
 */
public interface SearchStrategy {

    /** @return the strategy's name, following {@link io.calibrisk.api.PluginNames}, e.g. {@code refine} */
    String name();

    /** @return one line for {@code calibrisk list}: what the strategy does */
    String description();

    /**
     * Searches one estimator's space.
     *
     * @param space     the estimator's search space (its default grid, or the user's)
     * @param evaluator evaluates proposed points on every fold
     */
    void search(SearchSpace space, RiskEvaluator evaluator);
}
