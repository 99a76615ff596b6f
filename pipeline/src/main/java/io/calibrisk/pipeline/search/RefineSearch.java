package io.calibrisk.pipeline.search;

import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Evaluation;
import io.calibrisk.api.search.RiskEvaluator;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.api.setting.ValueType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code refine}: the grid, then a search beyond and between its values where the validation
 * risk says it is worth it. It sees only fold-mean validation risks, never test data.
 *
 * <ol>
 *   <li><b>Grid.</b> Every point of the search space's grid, in one round, as {@code grid}.</li>
 *   <li><b>Extend.</b> When the lowest mean risk lies at an edge of an axis, step outward on the
 *       axis's own scale: on a {@link Axis.Scale#LOG LOG} axis multiply (or divide) by the
 *       grid's typical ratio, the median ratio of neighbouring grid values (the kernel density
 *       bandwidths' 1.93, the regularisations' 10 or 100); on a {@link Axis.Scale#LINEAR LINEAR}
 *       axis add (or subtract) the grid's typical step, the median difference of neighbouring
 *       values (5 for the number of bins). Stop at the first point whose risk is not lower (the
 *       risk turned up, or the point is unstable), after at most {@value #MAX_EXTENSION} steps
 *       beyond the grid on each side, or at the axis's domain: a step past a closed bound
 *       lands on the bound (a number of bins stops at 1); past an open bound it is not taken.</li>
 *   <li><b>Narrow.</b> Between the best point's two evaluated neighbours, golden-section
 *       search: on the log scale for LOG axes, until the neighbours are within a ratio of
 *       {@value #LOG_RESOLUTION}; by integer bisection for integer axes, until the neighbours
 *       are adjacent integers; on the linear scale for other axes, until they are within
 *       {@value #LINEAR_RESOLUTION} of the grid's step; with at most {@value #MAX_NARROWING}
 *       points per axis (a bracket of a LOG axis that reaches 0 or below is narrowed on the
 *       linear scale, to within {@value #LOG_RESOLUTION} of its upper end). A best point still at an edge (the extension hit its limit or the
 *       domain) is not narrowed.</li>
 * </ol>
 *
 * <p>An axis with a single value is fixed by design (e.g. {@code bins-15}) and never refined.
 * Several axes are refined coordinate-wise, once each in the space's order: each on the line
 * through the best point so far, with the other axes held at that point's values (the axis's
 * grid values on that line are evaluated first when the best point lies off the grid). Every
 * step stays within the evaluator's budget and stops where it would exceed it. The strategy is
 * deterministic: the same risks give the same points. Each fold's preparation is reused for
 * every point (no factorisation is repeated), so a point costs k fits and risks.
 */
public final class RefineSearch implements SearchStrategy {
    /** The strategy's name. */
    public static final String NAME = "refine";
    /** The most steps taken beyond the grid on each side of an axis. */
    public static final int MAX_EXTENSION = 8;
    /** Narrowing on a LOG axis stops when the best point's neighbours are within this ratio. */
    public static final double LOG_RESOLUTION = 1.02;
    /** Narrowing on a real LINEAR axis stops when the neighbours are within this fraction of the grid's step. */
    public static final double LINEAR_RESOLUTION = 0.02;
    /** The most points narrowing evaluates on one axis. */
    public static final int MAX_NARROWING = 40;
    /** (3 − √5)/2: golden-section search probes this fraction into the larger side. */
    private static final double GOLDEN = 0.3819660112501051;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the grid, then extended past an edge minimum on the axis's scale and narrowed by golden-section search";
    }

    @Override
    public void search(SearchSpace space, RiskEvaluator evaluator) {
        evaluator.evaluate(space.grid());
        for (Axis axis : space.axes()) {
            if (distinct(axis.values()).length < 2) {
                continue;
            }
            Evaluation best = best(evaluator.history());
            if (best == null) {
                return;
            }
            Line line = new Line(axis, best.point(), evaluator);
            if (line.completeGrid()) {
                line.extend();
                line.narrow();
            }
        }
    }

    /** @return the first stable point of lowest mean risk, or null if none is stable */
    private static Evaluation best(List<Evaluation> history) {
        Evaluation best = null;
        for (Evaluation e : history) {
            if (e.stable() && (best == null || e.risk() < best.risk())) {
                best = e;
            }
        }
        return best;
    }

    private static double[] distinct(double[] values) {
        return Arrays.stream(values).map(v -> v + 0.0).distinct().sorted().toArray();
    }

    /** One axis through an anchor point: the values evaluated on it and their risks. */
    private static final class Line {
        private final Axis axis;
        private final Map<String, Double> anchor;
        private final RiskEvaluator evaluator;
        private final boolean integer;
        /** Value → risk, +∞ for an unstable point. */
        private final TreeMap<Double, Double> risks = new TreeMap<>();
        /** The best value on the line; changes only on a strictly lower risk. */
        private double best = Double.NaN;

        Line(Axis axis, Map<String, Double> anchor, RiskEvaluator evaluator) {
            this.axis = axis;
            this.anchor = anchor;
            this.evaluator = evaluator;
            this.integer = axis.domain() instanceof ValueType.IntegerRange;
            for (Evaluation e : evaluator.history()) {
                if (onLine(e.point())) {
                    record(e.point().get(axis.name()), e);
                }
            }
        }

        private boolean onLine(Map<String, Double> point) {
            for (Map.Entry<String, Double> e : anchor.entrySet()) {
                if (!e.getKey().equals(axis.name()) && !e.getValue().equals(point.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }

        private void record(double value, Evaluation e) {
            double risk = e.stable() ? e.risk() : Double.POSITIVE_INFINITY;
            risks.put(value + 0.0, risk);
            if (Double.isNaN(best) || risk < risks.get(best)) {
                best = value + 0.0;
            }
        }

        private Map<String, Double> at(double value) {
            Map<String, Double> point = new LinkedHashMap<>(anchor);
            point.put(axis.name(), value);
            return point;
        }

        /** Evaluates the axis's grid values on this line that are not known yet; false if the budget forbids it. */
        boolean completeGrid() {
            List<Double> missing = new ArrayList<>();
            for (double v : distinct(axis.values())) {
                if (!risks.containsKey(v)) {
                    missing.add(v);
                }
            }
            if (missing.size() > evaluator.remainingBudget()) {
                return false;
            }
            if (!missing.isEmpty()) {
                List<Map<String, Double>> points = new ArrayList<>();
                missing.forEach(v -> points.add(at(v)));
                List<Evaluation> evaluations = evaluator.evaluate(points);
                for (int i = 0; i < missing.size(); i++) {
                    record(missing.get(i), evaluations.get(i));
                }
            }
            return !Double.isNaN(best) && risks.get(best) < Double.POSITIVE_INFINITY;
        }

        /** @return whether a point was evaluated and its risk is strictly below the best one's */
        private boolean tryValue(double value) {
            if (evaluator.remainingBudget() < 1) {
                return false;
            }
            double before = risks.get(best);
            record(value, evaluator.evaluate(List.of(at(value))).get(0));
            return risks.get(value + 0.0) < before;
        }

        void extend() {
            double[] grid = distinct(axis.values());
            double step = typicalStep(grid);
            for (boolean up : new boolean[] {true, false}) {
                for (int s = 0; s < MAX_EXTENSION; s++) {
                    double edge = up ? risks.lastKey() : risks.firstKey();
                    if (best != edge || !(step > 0)) {
                        break;
                    }
                    double next = admissible(stepFrom(edge, up, step), edge, up);
                    if (Double.isNaN(next) || risks.containsKey(next) || !tryValue(next)) {
                        break;
                    }
                }
            }
        }

        /** The grid's typical step: the median difference of neighbouring values, of their log10 on a LOG axis. */
        private double typicalStep(double[] grid) {
            List<Double> steps = new ArrayList<>();
            for (int i = 1; i < grid.length; i++) {
                if (axis.scale() == Axis.Scale.LOG) {
                    if (grid[i - 1] > 0) {
                        steps.add(Math.log10(grid[i]) - Math.log10(grid[i - 1]));
                    }
                } else {
                    steps.add(grid[i] - grid[i - 1]);
                }
            }
            if (steps.isEmpty()) {
                return Double.NaN;
            }
            steps.sort(null);
            int mid = steps.size() / 2;
            double median = steps.size() % 2 == 1 ? steps.get(mid) : (steps.get(mid - 1) + steps.get(mid)) / 2;
            double rounded = Math.rint(median * 1e6) / 1e6;
            median = Math.abs(median - rounded) < 1e-9 ? rounded : median;
            return integer && axis.scale() == Axis.Scale.LINEAR ? Math.max(1, Math.rint(median)) : median;
        }

        private double stepFrom(double edge, boolean up, double step) {
            if (axis.scale() == Axis.Scale.LOG) {
                if (!(edge > 0)) {
                    return Double.NaN;
                }
                return fromLog(Math.log10(edge) + (up ? step : -step));
            }
            return edge + (up ? step : -step);
        }

        /** @return the value in the domain nearest to v beyond the edge, or NaN if there is none */
        private double admissible(double v, double edge, boolean up) {
            if (Double.isNaN(v)) {
                return v;
            }
            double a = v;
            if (integer) {
                a = Math.rint(a);
                if (a == edge) {
                    a = edge + (up ? 1 : -1);
                }
            }
            if (!axis.domain().contains(a)) {
                a = clamp(a);
            }
            if (Double.isNaN(a) || (up ? a <= edge : a >= edge)) {
                return Double.NaN;
            }
            return a + 0.0;
        }

        private double clamp(double v) {
            if (axis.domain() instanceof ValueType.IntegerRange) {
                ValueType.IntegerRange range = (ValueType.IntegerRange) axis.domain();
                return Math.max(range.min(), Math.min(range.max(), v));
            }
            ValueType.RealRange range = (ValueType.RealRange) axis.domain();
            if (v <= range.min()) {
                return range.minInclusive() && Double.isFinite(range.min()) ? range.min() : Double.NaN;
            }
            if (v >= range.max()) {
                return range.maxInclusive() && Double.isFinite(range.max()) ? range.max() : Double.NaN;
            }
            return Double.NaN;
        }

        void narrow() {
            double step = typicalStep(distinct(axis.values()));
            for (int i = 0; i < MAX_NARROWING; i++) {
                Double lower = risks.lowerKey(best);
                Double upper = risks.higherKey(best);
                if (lower == null || upper == null) {
                    return;
                }
                double probe = probe(lower, best, upper, step);
                if (Double.isNaN(probe) || risks.containsKey(probe) || !axis.domain().contains(probe)) {
                    return;
                }
                tryValue(probe);
            }
        }

        /** @return the golden-section probe between the neighbours, or NaN once they are close enough */
        private double probe(double l, double m, double u, double step) {
            boolean log = axis.scale() == Axis.Scale.LOG && l > 0;
            if (integer) {
                if (u - m <= 1 && m - l <= 1) {
                    return Double.NaN;
                }
            } else if (log ? u / l <= LOG_RESOLUTION
                    : u - l <= (axis.scale() == Axis.Scale.LOG ? (LOG_RESOLUTION - 1) * u : LINEAR_RESOLUTION * step)) {
                return Double.NaN;
            }
            double xl = log ? Math.log10(l) : l;
            double xm = log ? Math.log10(m) : m;
            double xu = log ? Math.log10(u) : u;
            boolean above = xu - xm >= xm - xl;
            if (integer && (above ? u - m <= 1 : m - l <= 1)) {
                above = !above;
            }
            double x = above ? xm + GOLDEN * (xu - xm) : xm - GOLDEN * (xm - xl);
            double v = log ? fromLog(x) : x;
            if (integer) {
                v = above ? Math.max(m + 1, Math.min(u - 1, Math.rint(v))) : Math.max(l + 1, Math.min(m - 1, Math.rint(v)));
            }
            return v + 0.0;
        }

        /** 10^x, exact for integral x (10, 1000, 1e-7), so that extended regularisations read as the grid's. */
        private static double fromLog(double x) {
            double rounded = Math.rint(x);
            return Axis.powerOfTen(Math.abs(x - rounded) < 1e-9 ? rounded : x);
        }
    }
}
