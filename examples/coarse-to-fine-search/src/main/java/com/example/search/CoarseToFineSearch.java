package com.example.search;

import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.ValueType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code coarse-to-fine}: finds the grid minimum of a unimodal risk curve from a fraction of the
 * grid, then looks once between grid values.
 *
 * <p>Each axis's values are put in order on the axis's scale (by value; on a log scale,
 * non-positive values first). Then:
 * <ol>
 *   <li><b>coarse</b>: every s-th value of each axis and its last, s the largest power of two
 *       with s ≤ (size − 1)/3 (at least 1), so about four to six values per axis, and their
 *       product over the axes;</li>
 *   <li><b>fine</b>: s halves, and the values s steps either side of the best point so far (on
 *       every axis, their product) are evaluated, until s = 1 has been done. On a unimodal
 *       curve the grid minimum stays within s steps of the best point, so this finds it;</li>
 *   <li><b>between</b>: on each axis in turn, the midpoint on the axis's scale (the geometric
 *       mean on a log scale) between the best value and its better neighbour, rounded for an
 *       integer domain, when it lies in the domain and is not a grid value.</li>
 * </ol>
 * The best point is the stable one of lowest mean validation risk, the first evaluated winning
 * ties, as calibrisk chooses. On a unimodal curve over one axis of g values it evaluates about
 * 6 + 2·log₂((g − 1)/3) + 1 points: 11 of the 20 bandwidths of {@code kde}, 11 of the 18 bin
 * counts of {@code bins}. Every batch is cut to the evaluator's remaining budget; the
 * search is deterministic and ends after about log₂ g + 2 rounds.
 */
public final class CoarseToFineSearch implements SearchStrategy {

    @Override
    public String name() {
        return "coarse-to-fine";
    }

    @Override
    public String description() {
        return "every s-th grid value, then halving steps around the best, then one midpoint between grid values "
                + "(example plugin)";
    }

    @Override
    public void search(SearchSpace space, RiskEvaluator evaluator) {
        List<Axis> axes = space.axes();
        double[][] values = new double[axes.size()][];
        int[] stride = new int[axes.size()];
        List<List<Integer>> coarse = new ArrayList<>();
        for (int a = 0; a < axes.size(); a++) {
            values[a] = ordered(axes.get(a));
            int size = values[a].length;
            stride[a] = Math.max(1, Integer.highestOneBit(Math.max(1, (size - 1) / 3)));
            List<Integer> picks = new ArrayList<>();
            for (int i = 0; i < size; i += stride[a]) {
                picks.add(i);
            }
            if (picks.get(picks.size() - 1) != size - 1) {
                picks.add(size - 1);
            }
            coarse.add(picks);
        }
        Map<List<Integer>, Evaluation> seen = new LinkedHashMap<>();
        if (!evaluate(product(coarse), axes, values, evaluator, seen)) {
            return;
        }
        boolean finest = Arrays.stream(stride).allMatch(s -> s == 1);
        while (true) {
            List<Integer> best = best(seen);
            List<List<Integer>> around = new ArrayList<>();
            for (int a = 0; a < axes.size(); a++) {
                stride[a] = Math.max(1, stride[a] / 2);
                Set<Integer> picks = new LinkedHashSet<>();
                picks.add(Math.max(0, best.get(a) - stride[a]));
                picks.add(best.get(a));
                picks.add(Math.min(values[a].length - 1, best.get(a) + stride[a]));
                around.add(new ArrayList<>(picks));
            }
            if (!evaluate(product(around), axes, values, evaluator, seen) || finest) {
                break;
            }
            finest = Arrays.stream(stride).allMatch(s -> s == 1);
        }
        between(axes, values, evaluator, seen);
    }

    /** One midpoint per axis between the best value and its better neighbour, others at the best. */
    private static void between(List<Axis> axes, double[][] values, RiskEvaluator evaluator,
                                Map<List<Integer>, Evaluation> seen) {
        List<Integer> best = best(seen);
        for (int a = 0; a < axes.size() && evaluator.remainingBudget() > 0; a++) {
            Evaluation lower = neighbour(seen, best, a, -1);
            Evaluation upper = neighbour(seen, best, a, +1);
            if (lower == null && upper == null) {
                continue;
            }
            int side = upper == null || (lower != null && lower.risk() <= upper.risk()) ? -1 : +1;
            double here = values[a][best.get(a)];
            double there = values[a][best.get(a) + side];
            Axis axis = axes.get(a);
            double mid = axis.scale() == Axis.Scale.LOG && here > 0 && there > 0 ? Math.sqrt(here * there) : (here + there) / 2;
            if (axis.domain() instanceof ValueType.IntegerRange) {
                mid = Math.rint(mid);
            }
            if (!axis.domain().contains(mid) || mid == here || mid == there) {
                continue;
            }
            Map<String, Double> point = point(best, axes, values);
            point.put(axis.name(), mid);
            evaluator.evaluate(List.of(point));
        }
    }

    private static Evaluation neighbour(Map<List<Integer>, Evaluation> seen, List<Integer> best, int axis, int side) {
        List<Integer> at = new ArrayList<>(best);
        at.set(axis, best.get(axis) + side);
        return seen.get(at);
    }

    /**
     * Evaluates the points not seen yet, as many as the budget allows.
     *
     * @return whether all of them were evaluated
     */
    private static boolean evaluate(List<List<Integer>> indices, List<Axis> axes, double[][] values,
                                    RiskEvaluator evaluator, Map<List<Integer>, Evaluation> seen) {
        List<List<Integer>> fresh = new ArrayList<>();
        for (List<Integer> index : indices) {
            if (!seen.containsKey(index)) {
                fresh.add(index);
            }
        }
        boolean complete = fresh.size() <= evaluator.remainingBudget();
        fresh = fresh.subList(0, Math.min(fresh.size(), evaluator.remainingBudget()));
        if (fresh.isEmpty()) {
            return complete && !seen.isEmpty();
        }
        List<Map<String, Double>> points = new ArrayList<>();
        for (List<Integer> index : fresh) {
            points.add(point(index, axes, values));
        }
        List<Evaluation> results = evaluator.evaluate(points);
        for (int i = 0; i < fresh.size(); i++) {
            seen.put(fresh.get(i), results.get(i));
        }
        return complete;
    }

    /** The stable point of lowest risk, the first seen winning ties; the first point if none is stable. */
    private static List<Integer> best(Map<List<Integer>, Evaluation> seen) {
        List<Integer> best = null;
        double lowest = Double.POSITIVE_INFINITY;
        for (Map.Entry<List<Integer>, Evaluation> e : seen.entrySet()) {
            if (e.getValue().stable() && e.getValue().risk() < lowest) {
                lowest = e.getValue().risk();
                best = e.getKey();
            }
        }
        return best != null ? best : seen.keySet().iterator().next();
    }

    private static Map<String, Double> point(List<Integer> index, List<Axis> axes, double[][] values) {
        Map<String, Double> point = new LinkedHashMap<>();
        for (int a = 0; a < axes.size(); a++) {
            point.put(axes.get(a).name(), values[a][index.get(a)]);
        }
        return point;
    }

    /** The axis's distinct values in order on its scale (the order of the values, on a log scale too). */
    private static double[] ordered(Axis axis) {
        return Arrays.stream(axis.values()).distinct().sorted().toArray();
    }

    /** Every combination of one index per axis, the last axis fastest. */
    private static List<List<Integer>> product(List<List<Integer>> choices) {
        List<List<Integer>> out = new ArrayList<>();
        out.add(List.of());
        for (List<Integer> axis : choices) {
            List<List<Integer>> next = new ArrayList<>();
            for (List<Integer> prefix : out) {
                for (int i : axis) {
                    List<Integer> extended = new ArrayList<>(prefix);
                    extended.add(i);
                    next.add(extended);
                }
            }
            out = next;
        }
        return out;
    }
}
