package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.PluginNames;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.testsupport.plugin.FunctionRiskEvaluator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance test of a search strategy plugin. Extend it and name the strategy:
 *
 * <pre>{@code
 * class MyStrategyConformanceTest extends SearchStrategyConformance {
 *     @Override
 *     protected SearchStrategy strategy() {
 *         return new MyStrategy();
 *     }
 * }
 * }</pre>
 *
 * <p>On {@link #spaces()} shaped like the built-in estimators' (an integer axis of bins on a
 * linear scale, a bandwidth on a log scale, a regularisation scaled by n^1.5 in descending
 * order, one with a 0 on a log scale, two axes at once, a single point, no hyperparameters) and
 * on convex risk curves whose minimum lies inside, below or above the grid, with budgets from
 * the grid's size up, it checks through a {@link FunctionRiskEvaluator} that the strategy:
 * <ul>
 *   <li>returns (it calls the evaluator a bounded number of times);</li>
 *   <li>proposes only points of the space: every axis given, every value in its axis's domain;</li>
 *   <li>never asks for more distinct points than the budget;</li>
 *   <li>is deterministic: the same risks give the same points in the same order;</li>
 *   <li>if it says it searches in a {@linkplain SearchStrategy#singleRound() single round}, calls
 *       the evaluator once;</li>
 *   <li>finds the grid minimum: the lowest risk it evaluated is at most the lowest risk on the
 *       grid, since calibrisk then chooses among the points evaluated;</li>
 *   <li>has a name by {@link PluginNames} and a one-line description without a class name.</li>
 * </ul>
 * calibrisk gives every strategy a budget of at least the grid's size.
 */
public abstract class SearchStrategyConformance {
    /** Training-set size for axes scaled by a power of n. */
    private static final int TRAINING_SIZE = 400;

    /** @return the strategy under test */
    protected abstract SearchStrategy strategy();

    /** @return the spaces to search */
    protected List<SearchSpace> spaces() {
        double[] bandwidths = {1e-5, 1.9306977288832498e-5, 3.727593720314938e-5, 7.196856730011514e-5,
                1.3894954943731373e-4, 2.6826957952797245e-4, 5.1794746792312125e-4, 1e-3, 1.9306977288832496e-3,
                3.727593720314938e-3, 7.196856730011514e-3, 1.3894954943731374e-2, 2.6826957952797246e-2,
                5.1794746792312125e-2, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0};
        double[] bins = new double[18];
        for (int i = 0; i < bins.length; i++) {
            bins[i] = 5 * (i + 1);
        }
        Axis binsAxis = Axis.list("bins", bins).withDomain(ValueType.integer(1, 1_000_000));
        Axis bandwidth = Axis.list("bandwidth", bandwidths).withDomain(ValueType.positive()).withScale(Axis.Scale.LOG);
        return List.of(
                SearchSpace.of(binsAxis),
                SearchSpace.of(bandwidth),
                SearchSpace.of(Axis.log10("lambda", -1, -17, 9).scaledByPowerOfN(1.5)),
                SearchSpace.of(Axis.list("lambda", 0, 0.01, 1, 100).withDomain(ValueType.nonNegative())
                        .withScale(Axis.Scale.LOG)),
                SearchSpace.of(binsAxis.withValues(5, 10, 20, 40), bandwidth.withValues(1e-3, 1e-2, 0.1, 1)),
                SearchSpace.of(Axis.list("c", 0.5)),
                SearchSpace.none());
    }

    /** The name and description. */
    @Test
    public void describesItself() {
        SearchStrategy strategy = strategy();
        UserTexts.assertName("search strategy", strategy.name());
        UserTexts.assertDescription("search strategy " + strategy.name() + " description", strategy.description());
    }

    /**
     * On every space, risk curve and budget: the strategy returns, stays in the space and the
     * budget, and evaluates a point at least as good as the grid's best.
     */
    @Test
    public void searchesWithinTheSpaceAndBudgetAndFindsTheGridMinimum() {
        for (SearchSpace space : spaces()) {
            for (Curve curve : curves(space)) {
                for (int budget : new int[] {space.size(), space.size() + 7, 10 * space.size() + 50}) {
                    FunctionRiskEvaluator evaluator = search(space, curve, budget);
                    String where = "on the space " + space + " with " + curve + " and a budget of " + budget;
                    if (!evaluator.violations().isEmpty()) {
                        throw new AssertionError(strategy().name() + " " + where + ": " + evaluator.violations().get(0));
                    }
                    if (evaluator.history().isEmpty()) {
                        throw new AssertionError(strategy().name() + " " + where + " evaluated no point");
                    }
                    if (evaluator.calls() > 1 && strategy().singleRound()) {
                        throw new AssertionError(strategy().name() + " " + where + " says it searches in a single "
                                + "round but called the evaluator " + evaluator.calls() + " times");
                    }
                    double gridBest = Double.POSITIVE_INFINITY;
                    for (Map<String, Double> point : space.grid()) {
                        gridBest = Math.min(gridBest, curve.risk(point));
                    }
                    Evaluation best = evaluator.history().get(0);
                    for (Evaluation e : evaluator.history()) {
                        if (e.risk() < best.risk()) {
                            best = e;
                        }
                    }
                    if (best.risk() > gridBest) {
                        throw new AssertionError(strategy().name() + " " + where + " found at best " + best.point()
                                + " with risk " + best.risk() + ", worse than the grid's minimum " + gridBest
                                + "; it evaluated " + points(evaluator));
                    }
                }
            }
        }
    }

    /** The same risks give the same proposals, in the same order. */
    @Test
    public void isDeterministic() {
        for (SearchSpace space : spaces()) {
            for (Curve curve : curves(space)) {
                int budget = 10 * space.size() + 50;
                List<Map<String, Double>> first = search(space, curve, budget).proposals();
                List<Map<String, Double>> second = search(space, curve, budget).proposals();
                if (!first.equals(second)) {
                    throw new AssertionError(strategy().name() + " on the space " + space + " with " + curve
                            + " proposed " + first + " on one run and " + second + " on the next");
                }
            }
        }
    }

    private FunctionRiskEvaluator search(SearchSpace space, Curve curve, int budget) {
        FunctionRiskEvaluator evaluator = new FunctionRiskEvaluator(space, curve::risk, budget, TRAINING_SIZE);
        try {
            strategy().search(space, evaluator);
        } catch (RuntimeException e) {
            String refused = evaluator.violations().isEmpty() ? "" : " after " + evaluator.violations().get(0);
            throw new AssertionError(strategy().name() + " on the space " + space + " with " + curve + " and a budget of "
                    + budget + " threw " + e + refused, e);
        }
        return evaluator;
    }

    private static List<Map<String, Double>> points(FunctionRiskEvaluator evaluator) {
        List<Map<String, Double>> out = new ArrayList<>();
        evaluator.history().forEach(e -> out.add(e.point()));
        return out;
    }

    /**
     * A convex risk: the squared distance on each axis's scale (log10 of a value on a log
     * scale, the value itself on a linear one) from a target, plus 1.
     *
     * @param targets axis → target position on its scale
     * @param where   where the minimum lies, for messages
     */
    private record Curve(Map<String, Double> targets, Map<String, Axis> axes, String where) {
        double risk(Map<String, Double> point) {
            double sum = 1;
            for (Map.Entry<String, Double> target : targets.entrySet()) {
                double v = position(axes.get(target.getKey()), point.get(target.getKey()));
                double width = Math.max(1e-12, spread(axes.get(target.getKey())));
                double d = (v - target.getValue()) / width;
                sum += d * d;
            }
            return sum;
        }

        @Override
        public String toString() {
            return "a convex risk curve with its minimum " + where;
        }
    }

    /** Curves with the minimum inside the grid (off any grid value), below it and above it. */
    private static List<Curve> curves(SearchSpace space) {
        Map<String, Axis> axes = new LinkedHashMap<>();
        space.axes().forEach(a -> axes.put(a.name(), a));
        List<Curve> out = new ArrayList<>();
        for (String where : new String[] {"inside the grid", "below the grid", "above the grid"}) {
            Map<String, Double> targets = new LinkedHashMap<>();
            for (Axis axis : space.axes()) {
                double low = Double.POSITIVE_INFINITY;
                double high = Double.NEGATIVE_INFINITY;
                for (double v : axis.values()) {
                    double p = position(axis, v);
                    low = Math.min(low, p);
                    high = Math.max(high, p);
                }
                double width = Math.max(1, high - low);
                targets.put(axis.name(), where.startsWith("inside") ? low + 0.37 * (high - low)
                        : where.startsWith("below") ? low - 0.3 * width : high + 0.3 * width);
            }
            out.add(new Curve(targets, axes, where));
        }
        return out;
    }

    private static double position(Axis axis, double value) {
        if (axis.scale() == Axis.Scale.LOG) {
            // a non-positive value on a log scale sits one decade below the smallest positive one
            double smallest = Double.POSITIVE_INFINITY;
            for (double v : axis.values()) {
                if (v > 0) {
                    smallest = Math.min(smallest, v);
                }
            }
            return value > 0 ? Math.log10(value) : Math.log10(smallest) - 1;
        }
        return value;
    }

    private static double spread(Axis axis) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double v : axis.values()) {
            low = Math.min(low, position(axis, v));
            high = Math.max(high, position(axis, v));
        }
        return high - low;
    }
}
