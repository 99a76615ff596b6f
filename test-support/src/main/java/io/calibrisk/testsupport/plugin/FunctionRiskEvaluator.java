package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A {@link RiskEvaluator} over a known risk function, to test a search strategy without data:
 * it checks every proposed point as calibrisk does (every axis given, each value in its
 * domain, {@link SearchSpace#at}), counts distinct points against the budget, returns earlier
 * evaluations for points seen before, and records every refusal, so that a test fails even
 * when the strategy swallows the exception.
 *
 * <p>It also stops a strategy that never returns: after {@link #MAX_CALLS} calls of
 * {@link #evaluate} it throws an {@link AssertionError} rather than let the test hang.
 */
public final class FunctionRiskEvaluator implements RiskEvaluator {
    /** The most calls of {@link #evaluate} before the strategy is deemed not to return. */
    public static final int MAX_CALLS = 10_000;

    private final SearchSpace space;
    private final ToDoubleFunction<Map<String, Double>> risk;
    private final int budget;
    private final int trainingSize;
    private final Map<Map<String, Double>, Evaluation> evaluated = new LinkedHashMap<>();
    private final List<Map<String, Double>> proposals = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();
    private int calls;

    /**
     * @param space        the space the strategy searches
     * @param risk         the fold-mean validation risk of a point (name → reported value)
     * @param budget       how many distinct points may be evaluated
     * @param trainingSize the training-set size n that scales axes with an n-exponent
     */
    public FunctionRiskEvaluator(SearchSpace space, ToDoubleFunction<Map<String, Double>> risk, int budget,
                                 int trainingSize) {
        this.space = space;
        this.risk = risk;
        this.budget = budget;
        this.trainingSize = trainingSize;
    }

    @Override
    public List<Evaluation> evaluate(List<Map<String, Double>> points) {
        if (++calls > MAX_CALLS) {
            throw new AssertionError("the strategy called evaluate more than " + MAX_CALLS
                    + " times; it does not return (last points: " + points + ")");
        }
        int fresh = 0;
        List<Map<String, Double>> seen = new ArrayList<>();
        for (Map<String, Double> point : points) {
            proposals.add(point);
            try {
                space.at(point, trainingSize);
            } catch (InvalidSettingException e) {
                violations.add("proposed " + point + ", outside the space " + space + ": " + e.getMessage());
                throw e;
            }
            if (!evaluated.containsKey(point) && !seen.contains(point)) {
                seen.add(point);
                fresh++;
            }
        }
        if (fresh > remainingBudget()) {
            String problem = "the strategy asked for " + fresh + " new points with " + remainingBudget()
                    + " left of a budget of " + budget;
            violations.add(problem + " (points " + points + ")");
            throw InvalidSettingException.of("search budget", budget, problem);
        }
        List<Evaluation> out = new ArrayList<>(points.size());
        for (Map<String, Double> point : points) {
            out.add(evaluated.computeIfAbsent(new LinkedHashMap<>(point), p -> {
                double r = risk.applyAsDouble(p);
                return new Evaluation(p, r, 0.1 * Math.abs(r), true);
            }));
        }
        return out;
    }

    @Override
    public List<Evaluation> history() {
        return List.copyOf(evaluated.values());
    }

    @Override
    public int remainingBudget() {
        return budget - evaluated.size();
    }

    /** @return every point proposed, repeats included, in order */
    public List<Map<String, Double>> proposals() {
        return List.copyOf(proposals);
    }

    /** @return how many times {@link #evaluate} was called: a search's rounds */
    public int calls() {
        return calls;
    }

    /** @return every refused proposal, with the reason */
    public List<String> violations() {
        return List.copyOf(violations);
    }
}
