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

    /**
     * Whether {@link #search} calls {@link RiskEvaluator#evaluate} once. calibrisk keeps each
     * training fold's preparation (a factorisation, say) between rounds so that a later round
     * does not prepare it again; a strategy of one round needs none of it kept, and saying so
     * lets each fold's preparation go as soon as the fold has fitted and scored the round's
     * points: less memory at the run's peak, and less of the garbage collector's copying (a
     * class-wise run prepares k·d folds). A strategy that says so and calls
     * {@link RiskEvaluator#evaluate} again is still served, with the same results: its folds are
     * prepared again, which costs only time.
     *
     * @return whether the search is one call of {@link RiskEvaluator#evaluate}; false by default
     * @since 1.6
     */
    default boolean singleRound() {
        return false;
    }
}
