package com.example.search;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.testsupport.conformance.PluginConformance;
import io.calibrisk.testsupport.conformance.SearchStrategyConformance;
import io.calibrisk.testsupport.plugin.FunctionRiskEvaluator;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** calibrisk's conformance kit, and what the strategy promises beyond it. */
class CoarseToFineConformanceTest extends PluginConformance {

    @Override
    protected CalibriskPlugin plugin() {
        return new CoarseToFinePlugin();
    }

    @Nested
    class Strategy extends SearchStrategyConformance {
        @Override
        protected SearchStrategy strategy() {
            return new CoarseToFineSearch();
        }
    }

    /** kde's 20 bandwidths, in its order (not sorted: the strategy orders them itself). */
    private static final Axis BANDWIDTH = Axis.list("bandwidth", 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 3e-5, 3e-4, 3e-3,
            3e-2, 0.2, 0.4, 0.6, 0.8, 1.0, 5e-5, 5e-4, 5e-3, 5e-2, 2e-5, 2e-3).withDomain(ValueType.positive())
            .withScale(Axis.Scale.LOG);

    /**
     * On every position of the minimum of a unimodal curve over 20 bandwidths, the strategy
     * evaluates the grid's best point with 11 evaluations instead of 20.
     */
    @Test
    void findsTheMinimumOfEveryUnimodalCurveWithAboutHalfTheGrid() {
        SearchSpace space = SearchSpace.of(BANDWIDTH);
        double[] sorted = BANDWIDTH.values();
        java.util.Arrays.sort(sorted);
        for (double target : sorted) {
            FunctionRiskEvaluator evaluator = new FunctionRiskEvaluator(space,
                    p -> Math.abs(Math.log(p.get("bandwidth") / target)), 100, 400);
            new CoarseToFineSearch().search(space, evaluator);
            double best = evaluator.history().stream().mapToDouble(Evaluation::risk).min().orElseThrow();
            assertEquals(0, best, 1e-12, "minimum at " + target + ", evaluated " + points(evaluator));
            assertTrue(evaluator.history().size() <= 11, "minimum at " + target + ": " + evaluator.history().size()
                    + " evaluations, " + points(evaluator));
        }
    }

    /** Between grid values it evaluates the geometric midpoint towards the better neighbour. */
    @Test
    void looksOnceBetweenGridValuesOnTheAxisScale() {
        SearchSpace space = SearchSpace.of(Axis.list("lambda", 1e-4, 1e-3, 1e-2, 1e-1, 1).withDomain(ValueType.positive())
                .withScale(Axis.Scale.LOG));
        FunctionRiskEvaluator evaluator = new FunctionRiskEvaluator(space,
                p -> Math.pow(Math.log10(p.get("lambda")) + 2.3, 2), 100, 400);
        new CoarseToFineSearch().search(space, evaluator);
        List<Evaluation> history = evaluator.history();
        Map<String, Double> last = history.get(history.size() - 1).point();
        assertEquals(Math.sqrt(1e-3 * 1e-2), last.get("lambda"), 1e-18);
        assertTrue(history.get(history.size() - 1).risk() < 0.1, "the midpoint 10^-2.5 is nearer 10^-2.3 than 10^-2 is");
    }

    /** With the budget of the coarse grid only, it stops there. */
    @Test
    void stopsAtTheBudget() {
        SearchSpace space = SearchSpace.of(BANDWIDTH);
        FunctionRiskEvaluator evaluator = new FunctionRiskEvaluator(space, p -> -p.get("bandwidth"), 6, 400);
        new CoarseToFineSearch().search(space, evaluator);
        assertEquals(6, evaluator.history().size());
        assertTrue(evaluator.violations().isEmpty(), evaluator.violations().toString());
    }

    private static List<Double> points(FunctionRiskEvaluator evaluator) {
        List<Double> out = new ArrayList<>();
        evaluator.history().forEach(e -> out.add(e.point().get("bandwidth")));
        return out;
    }
}
