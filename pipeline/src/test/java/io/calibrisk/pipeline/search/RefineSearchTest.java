package io.calibrisk.pipeline.search;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code refine} and {@code grid} against a known risk surface. */
class RefineSearchTest {

    /** Risks from a formula, with the budget rule of the pipeline's evaluator. */
    private static final class Surface implements RiskEvaluator {
        private final SearchSpace space;
        private final ToDoubleFunction<Map<String, Double>> risk;
        private final Predicate<Map<String, Double>> unstable;
        private final int budget;
        private final Map<Map<String, Double>, Evaluation> history = new LinkedHashMap<>();
        final List<Integer> rounds = new ArrayList<>();

        Surface(SearchSpace space, ToDoubleFunction<Map<String, Double>> risk, Predicate<Map<String, Double>> unstable,
                int budget) {
            this.space = space;
            this.risk = risk;
            this.unstable = unstable;
            this.budget = budget;
        }

        Surface(SearchSpace space, ToDoubleFunction<Map<String, Double>> risk) {
            this(space, risk, p -> false, space.size() + 64);
        }

        @Override
        public List<Evaluation> evaluate(List<Map<String, Double>> points) {
            List<Evaluation> out = new ArrayList<>();
            Set<Map<String, Double>> fresh = new HashSet<>();
            for (Map<String, Double> point : points) {
                Map<String, Double> key = space.at(point, 1).reported();
                if (!history.containsKey(key)) {
                    fresh.add(key);
                }
            }
            if (history.size() + fresh.size() > budget) {
                throw new InvalidSettingException("over budget");
            }
            if (!fresh.isEmpty()) {
                rounds.add(fresh.size());
            }
            for (Map<String, Double> point : points) {
                Map<String, Double> key = space.at(point, 1).reported();
                out.add(history.computeIfAbsent(key,
                        k -> new Evaluation(k, risk.applyAsDouble(k), 0, !unstable.test(k))));
            }
            return out;
        }

        @Override
        public List<Evaluation> history() {
            return List.copyOf(history.values());
        }

        @Override
        public int remainingBudget() {
            return budget - history.size();
        }

        List<Double> values(String axis) {
            List<Double> out = new ArrayList<>();
            history.keySet().forEach(p -> out.add(p.get(axis)));
            return out;
        }

        Evaluation best() {
            Evaluation best = null;
            for (Evaluation e : history.values()) {
                if (e.stable() && (best == null || e.risk() < best.risk())) {
                    best = e;
                }
            }
            return best;
        }
    }

    private static double log10(Map<String, Double> p, String axis) {
        return Math.log10(p.get(axis));
    }

    @Test
    void gridEvaluatesTheGridInOneRound() {
        SearchSpace space = SearchSpace.of(Axis.list("a", 3, 1, 2), Axis.log10("b", -1, 0, 2));
        Surface surface = new Surface(space, p -> p.get("a"));
        new GridSearch().search(space, surface);
        assertEquals(space.grid(), new ArrayList<>(surface.history.keySet()));
        assertEquals(List.of(6), surface.rounds);
    }

    /** A LOG axis whose minimum lies beyond the grid: extended by the grid's ratio, then narrowed to 2 %. */
    @Test
    void extendsALogAxisPastItsEdgeAndNarrowsToTheStatedResolution() {
        SearchSpace space = SearchSpace.of(Axis.log10("bandwidth", -4, -2, 3));
        double optimum = Math.log10(0.05);
        Surface surface = new Surface(space, p -> Math.pow(log10(p, "bandwidth") - optimum, 2));
        new RefineSearch().search(space, surface);
        List<Double> values = surface.values("bandwidth");
        assertEquals(List.of(1e-4, 1e-3, 1e-2, 1e-1, 1.0), values.subList(0, 5), "grid, then steps of the grid's ratio");
        // Golden-section: the first probe lies (3 − √5)/2 of the way into the larger side, on the log scale.
        assertEquals(Math.pow(10, -1 + (3 - Math.sqrt(5)) / 2), values.get(5), 1e-12);
        double best = surface.best().point().get("bandwidth");
        assertTrue(Math.abs(Math.log10(best) - optimum) < Math.log10(1.02), "best " + best);
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int at = sorted.indexOf(best);
        assertTrue(sorted.get(at + 1) / sorted.get(at - 1) <= 1.02, "the best point's neighbours are within 2 %");
        assertTrue(values.size() <= 3 + RefineSearch.MAX_EXTENSION + RefineSearch.MAX_NARROWING);
        assertEquals(3, surface.rounds.get(0), "the grid first, in one round");
        assertEquals(values.size() - 3, surface.rounds.size() - 1, "then one point per round");
    }

    /** An integer axis: steps of the grid's spacing, then integer bisection to adjacent integers. */
    @Test
    void extendsAnIntegerAxisByItsStepAndBisectsToTheInteger() {
        SearchSpace space = SearchSpace.of(Axis.list("bins", 2, 4, 6).withDomain(ValueType.integer(1, 10_000)));
        Surface surface = new Surface(space, p -> Math.pow(p.get("bins") - 11, 2));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 11.0), surface.values("bins"));
        assertEquals(11.0, surface.best().point().get("bins"));
    }

    /** A risk that stays level beyond the edge: the first point evaluated wins the tie, so the extension stops. */
    @Test
    void aLevelRiskEndsTheExtensionAndTheFirstPointKeepsTheTie() {
        SearchSpace space = SearchSpace.of(Axis.list("bins", 1, 2, 3).withDomain(ValueType.integer(1, 10_000)));
        Surface surface = new Surface(space, p -> Math.max(0, 3 - p.get("bins")));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), surface.values("bins"));
        assertEquals(3.0, surface.best().point().get("bins"));
    }

    /** A step past the domain's closed bound lands on it, and the search stops there. */
    @Test
    void staysInsideTheAxisDomain() {
        SearchSpace space = SearchSpace.of(Axis.list("bins", 5, 10, 15).withDomain(ValueType.integer(1, 10_000)));
        Surface surface = new Surface(space, p -> p.get("bins"));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(5.0, 10.0, 15.0, 1.0), surface.values("bins"));
        SearchSpace positive = SearchSpace.of(Axis.list("c", 0.5, 1.0).withDomain(ValueType.positive()));
        Surface open = new Surface(positive, p -> p.get("c"));
        new RefineSearch().search(positive, open);
        assertEquals(List.of(0.5, 1.0), open.values("c"), "0 is outside (0, ∞), so there is no step below 0.5");
    }

    /** A risk that keeps falling: at most the stated number of steps beyond the grid, and no narrowing at the edge. */
    @Test
    void stopsExtendingAtTheStatedLimit() {
        SearchSpace space = SearchSpace.of(Axis.log10("lambda", -3, -1, 3));
        Surface surface = new Surface(space, p -> -p.get("lambda"));
        new RefineSearch().search(space, surface);
        List<Double> values = surface.values("lambda");
        assertEquals(3 + RefineSearch.MAX_EXTENSION, values.size());
        assertEquals(1e7, values.get(values.size() - 1), "exact powers of ten: 1, 10, …, 1e7");
    }

    /** An unstable point ends the extension, like a risk that turned up, and is never the best. */
    @Test
    void anUnstablePointEndsTheExtension() {
        SearchSpace space = SearchSpace.of(Axis.log10("lambda", -3, -1, 3));
        Surface surface = new Surface(space, p -> p.get("lambda"), p -> p.get("lambda") < 2e-5, 64);
        new RefineSearch().search(space, surface);
        assertEquals(List.of(1e-3, 1e-2, 1e-1, 1e-4, 1e-5), surface.values("lambda").subList(0, 5));
        double best = surface.best().point().get("lambda");
        assertTrue(best >= 2e-5 && best < 1e-4 / 1.02, "narrowed towards the stable edge: " + best);
    }

    @Test
    void aSingleValueAxisIsFixed() {
        SearchSpace space = SearchSpace.of(Axis.list("bins", 15).withDomain(ValueType.integer(1, 100)));
        Surface surface = new Surface(space, p -> -p.get("bins"));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(15.0), surface.values("bins"));
        Surface none = new Surface(SearchSpace.none(), p -> 1);
        new RefineSearch().search(SearchSpace.none(), none);
        assertEquals(1, none.history.size());
    }

    /** Two axes, coordinate-wise: the second is refined on the line through the best point of the first. */
    @Test
    void refinesSeveralAxesCoordinateWise() {
        SearchSpace space = SearchSpace.of(Axis.list("bins", 2, 4, 6).withDomain(ValueType.integer(1, 100)),
                Axis.log10("bandwidth", -3, -1, 3));
        Surface surface = new Surface(space, p -> Math.pow(p.get("bins") - 9, 2)
                + Math.pow(log10(p, "bandwidth") - Math.log10(0.3), 2));
        new RefineSearch().search(space, surface);
        Evaluation best = surface.best();
        assertEquals(9.0, best.point().get("bins"));
        assertTrue(Math.abs(log10(best.point(), "bandwidth") - Math.log10(0.3)) < Math.log10(1.02), best.toString());
        for (Map<String, Double> point : surface.history.keySet()) {
            boolean onGrid = space.grid().contains(point);
            boolean firstLine = point.get("bandwidth") == 0.1;
            boolean secondLine = point.get("bins") == 9.0;
            assertTrue(onGrid || firstLine || secondLine, "off both lines: " + point);
        }
    }

    /** The evaluator's budget bounds the search, which stops short of it rather than failing. */
    @Test
    void respectsTheBudget() {
        SearchSpace space = SearchSpace.of(Axis.log10("lambda", -3, -1, 3));
        Surface surface = new Surface(space, p -> -p.get("lambda"), p -> false, 5);
        new RefineSearch().search(space, surface);
        assertEquals(5, surface.history.size());
    }

    @Test
    void theSameRisksGiveTheSamePoints() {
        SearchSpace space = SearchSpace.of(Axis.log10("bandwidth", -5, -1, 15));
        ToDoubleFunction<Map<String, Double>> risk = p -> Math.pow(log10(p, "bandwidth") + 5.7, 2);
        Surface a = new Surface(space, risk);
        Surface b = new Surface(space, risk);
        new RefineSearch().search(space, a);
        new RefineSearch().search(space, b);
        assertEquals(new ArrayList<>(a.history.keySet()), new ArrayList<>(b.history.keySet()));
        assertTrue(a.history.size() > 15);
    }
    /** Two values are enough for an axis to be refined: a falling risk extends it by their difference. */
    @Test
    void anAxisOfTwoValuesIsRefined() {
        SearchSpace space = SearchSpace.of(Axis.list("c", 1, 2));
        Surface surface = new Surface(space, p -> -p.get("c"));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0), surface.values("c"));
    }

    /** With no stable point there is nothing to refine around: the grid alone is evaluated. */
    @Test
    void noStablePointLeavesTheGridAlone() {
        SearchSpace space = SearchSpace.of(Axis.log10("lambda", -3, -1, 3));
        Surface surface = new Surface(space, p -> p.get("lambda"), p -> true, 64);
        new RefineSearch().search(space, surface);
        assertEquals(List.of(1e-3, 1e-2, 1e-1), surface.values("lambda"));
    }

    /** Two grid points tie for the lowest risk: the first one in search order anchors the next axis's line. */
    @Test
    void theFirstOfTiedPointsAnchorsTheLine() {
        SearchSpace space = SearchSpace.of(Axis.list("a", 1, 2, 3), Axis.list("b", 1, 2, 3));
        Surface surface = new Surface(space, p -> Math.pow(p.get("a") - 2.2, 2) + Math.abs(p.get("b") - 2) * -1);
        new RefineSearch().search(space, surface);
        List<Map<String, Double>> grid = space.grid();
        Map<String, Double> firstTied = null;
        for (Map<String, Double> point : grid) {
            if (point.get("a") == 2.0 && point.get("b") != 2.0) {
                firstTied = point;
                break;
            }
        }
        List<Map<String, Double>> points = new ArrayList<>(surface.history.keySet());
        Map<String, Double> firstProbe = points.get(grid.size());
        assertEquals(firstTied.get("b"), firstProbe.get("b"), "axis a narrowed on the first tied point's line: " + points);
    }

    /** A step past a closed bound of a real domain lands on the bound. */
    @Test
    void aRealAxisStopsOnItsClosedBound() {
        SearchSpace space = SearchSpace.of(Axis.list("c", 0.5, 0.7, 0.9).withDomain(ValueType.real(0, true, 1, true)));
        Surface surface = new Surface(space, p -> -p.get("c"));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(0.5, 0.7, 0.9, 1.0), surface.values("c"));
    }

    /** The typical step is the grid's difference rounded to 1e-6, so that a grid of tenths extends by exactly 0.1. */
    @Test
    void aLinearStepIsTheGridsRoundedDifference() {
        SearchSpace space = SearchSpace.of(Axis.list("c", 0.1, 0.2, 0.3));
        Surface surface = new Surface(space, p -> -p.get("c"));
        new RefineSearch().search(space, surface);
        List<Double> expected = new ArrayList<>(List.of(0.1, 0.2, 0.3));
        double v = 0.3;
        for (int s = 0; s < RefineSearch.MAX_EXTENSION; s++) {
            v += 0.1;
            expected.add(v);
        }
        assertEquals(expected, surface.values("c"));
    }

    /** Integer bisection on negative values: golden-section probes rounded into the larger side, to adjacent integers. */
    @Test
    void bisectsAnIntegerAxisOfNegativeValues() {
        SearchSpace space = SearchSpace.of(Axis.list("k", -8, -4, 0).withDomain(ValueType.integer(-100, 100)));
        Surface surface = new Surface(space, p -> Math.pow(p.get("k") + 3, 2));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(-8.0, -4.0, 0.0, -2.0, -6.0, -3.0), surface.values("k"));
        // Adjacent below and 4 above: only the side above is probed.
        SearchSpace uneven = SearchSpace.of(Axis.list("k", -5, -4, 0).withDomain(ValueType.integer(-100, 100)));
        Surface adjacent = new Surface(uneven, p -> Math.pow(p.get("k") + 3, 2));
        new RefineSearch().search(uneven, adjacent);
        assertEquals(List.of(-5.0, -4.0, 0.0, -2.0, -3.0), adjacent.values("k"));
        // Adjacent above and 4 below: only the side below is probed.
        SearchSpace below = SearchSpace.of(Axis.list("k", -4, 0, 1).withDomain(ValueType.integer(-100, 100)));
        Surface mirrored = new Surface(below, p -> Math.pow(p.get("k") + 1, 2));
        new RefineSearch().search(below, mirrored);
        assertEquals(List.of(-4.0, 0.0, 1.0, -2.0, -1.0), mirrored.values("k"));
    }

    /** A LOG axis whose bracket reaches 0 is narrowed on the linear scale, to within 2 % of its upper end. */
    @Test
    void aLogBracketAtZeroIsNarrowedLinearly() {
        SearchSpace space = SearchSpace.of(Axis.list("c", 0, 0.01, 1).withDomain(ValueType.nonNegative())
                .withScale(Axis.Scale.LOG));
        Surface surface = new Surface(space, p -> Math.pow(p.get("c") - 0.006, 2));
        new RefineSearch().search(space, surface);
        double best = surface.best().point().get("c");
        List<Double> sorted = new ArrayList<>(surface.values("c"));
        sorted.sort(null);
        int at = sorted.indexOf(best);
        double lower = sorted.get(at - 1);
        double upper = sorted.get(at + 1);
        assertTrue(upper - lower <= (RefineSearch.LOG_RESOLUTION - 1) * upper, lower + " < " + best + " < " + upper);
        assertEquals(0.006, best, 0.02 * 0.006);
    }

    /** Grid values closer than 1e-6 decades apart give no typical step on a LOG axis: no extension. */
    @Test
    void aGridFinerThanTheStepResolutionIsNotExtended() {
        SearchSpace space = SearchSpace.of(Axis.list("n", 1.5e9, 1.5e9 + 1, 1.5e9 + 2)
                .withDomain(ValueType.integer(1, 4_000_000_000L)).withScale(Axis.Scale.LOG));
        Surface surface = new Surface(space, p -> -p.get("n"));
        new RefineSearch().search(space, surface);
        assertEquals(List.of(1.5e9, 1.5e9 + 1, 1.5e9 + 2), surface.values("n"));
    }
}
