package io.calibrisk.api.search;

import java.util.List;
import java.util.Map;

/**
 * What a {@link SearchStrategy} learns about points: each point is fitted on every training
 * fold, reusing each fold's preparation, and scored by its fold-mean validation risk.
 *
 * @since 1.0
 */
public interface RiskEvaluator {

    /**
     * Evaluates points in order. A point evaluated before is not fitted again; its earlier
     * evaluation is returned.
     *
     * @param points name → reported value, one value per axis, each in its axis's domain
     * @return one evaluation per point, in order
     * @throws io.calibrisk.api.InvalidSettingException if a point is outside the space or the
     *     budget would be exceeded
     */
    List<Evaluation> evaluate(List<Map<String, Double>> points);

    /** @return every distinct point evaluated so far, in the order first evaluated */
    List<Evaluation> history();

    /** @return how many more distinct points may be evaluated */
    int remainingBudget();
}
