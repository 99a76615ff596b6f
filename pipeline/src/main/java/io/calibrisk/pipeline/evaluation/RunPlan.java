package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.SettingValues;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A run resolved against the discovered plugins and checked, once, before any work: the
 * estimators that will run (each serves the notion, with its settings parsed into typed
 * values, its kernels resolved and its search space with the user's axes), the search strategy
 * and the settings it came from. Made by {@link RunPlanner}; immutable, so one plan serves any
 * number of evaluations.
 *
 * @param settings   the settings the plan was made from
 * @param estimators the estimators, in report order
 * @param strategy   the search strategy, the same for every estimator
 */
public record RunPlan(EvaluationSettings settings, List<PlannedEstimator> estimators, SearchStrategy strategy) {

    /** Copies the list. */
    public RunPlan {
        estimators = List.copyOf(estimators);
    }

    /** @return the estimators' names, in report order */
    public List<String> names() {
        List<String> names = new ArrayList<>(estimators.size());
        estimators.forEach(e -> names.add(e.name()));
        return Collections.unmodifiableList(names);
    }

    /**
     * One estimator of a run, resolved.
     *
     * @param name     its name
     * @param provider its provider
     * @param source   the jar or class folder its plugin came from
     * @param settings its settings: every declared one parsed, checked, defaulted, kernels resolved
     * @param space    its search space: the default one with the user's axes in place
     */
    public record PlannedEstimator(String name, EstimatorProvider provider, String source, SettingValues settings,
                                   SearchSpace space) {
    }
}
