package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.report.GridEdge;
import io.calibrisk.pipeline.report.RiskDifference;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Stages 4 and 6, selection: for each estimator, η* = argmin of the fold-mean validation risk
 * over the stable points it evaluated (the first evaluated wins ties); then the recommended
 * estimator, the one of lowest risk at its η* (the first listed wins ties), never chosen by
 * test risk. Every estimator saw the same folds, so each one's fold risks at its η* are paired
 * with the recommended estimator's: the mean difference and its standard error (sample
 * standard deviation over folds / √k) say how clearly the recommendation beats it. A chosen
 * point at the smallest or largest value of an axis is flagged: the optimum may lie beyond.
 */
public final class Selection {
    private static final Logger LOG = LoggerFactory.getLogger(Selection.class);
    /** Why an estimator whose every point is unstable has no choice. */
    static final String ALL_UNSTABLE = "every grid point is unstable; give a grid of larger values";

    /** Stateless; one instance serves every run. */
    @Inject
    public Selection() {
    }

    /**
     * What selection decided for one estimator.
     *
     * @param best       the index of η* among its points, or −1
     * @param failure    null if it has a choice; otherwise why not (its search failed, or every point is unstable)
     * @param difference its fold risks at η* minus the recommended estimator's, or null
     * @param edges      the axes on which η* is the smallest or largest value evaluated
     */
    record Chosen(int best, String failure, RiskDifference difference, List<GridEdge> edges) {
    }

    /**
     * @param estimators  per estimator, in report order
     * @param recommended the recommended estimator's name, or null when none has a choice
     */
    record Choice(List<Chosen> estimators, String recommended) {
    }

    /**
     * @param searched every estimator's search, in report order
     * @return the choices
     */
    Choice choose(List<SearchOutcome> searched) {
        int[] best = new int[searched.size()];
        int recommended = -1;
        for (int e = 0; e < searched.size(); e++) {
            SearchOutcome outcome = searched.get(e);
            best[e] = outcome.failed() ? -1 : argmin(outcome.points());
            if (best[e] >= 0) {
                double risk = outcome.points().get(best[e]).risk();
                LOG.info("estimator {}: chose {} (risk {}) in {} s", outcome.estimator().name(),
                        outcome.points().get(best[e]).point(), risk, String.format(Locale.ROOT, "%.2f", outcome.seconds()));
                if (recommended < 0 || risk < searched.get(recommended).points().get(best[recommended]).risk()) {
                    recommended = e;
                }
            }
        }
        List<Chosen> chosen = new ArrayList<>(searched.size());
        for (int e = 0; e < searched.size(); e++) {
            SearchOutcome outcome = searched.get(e);
            if (outcome.failed()) {
                chosen.add(new Chosen(-1, outcome.failure(), null, List.of()));
            } else if (best[e] < 0) {
                chosen.add(new Chosen(-1, ALL_UNSTABLE, null, List.of()));
            } else {
                SearchOutcome reference = searched.get(recommended);
                chosen.add(new Chosen(best[e], null, difference(outcome.points().get(best[e]),
                        reference.points().get(best[recommended]), reference.estimator().name()),
                        edges(outcome.points(), best[e])));
            }
        }
        return new Choice(chosen, recommended < 0 ? null : searched.get(recommended).estimator().name());
    }

    /** @return the first stable point of lowest fold-mean risk, or −1 if none is stable */
    private static int argmin(List<EvaluatedPoint> points) {
        int best = -1;
        for (int at = 0; at < points.size(); at++) {
            EvaluatedPoint point = points.get(at);
            if (point.stable() && (best < 0 || point.risk() < points.get(best).risk())) {
                best = at;
            }
        }
        return best;
    }

    /**
     * The axes on which the chosen point takes the smallest or the largest value of every point
     * evaluated (stable or not), where the axis has at least two values: there the risk may
     * still fall beyond the grid.
     */
    static List<GridEdge> edges(List<EvaluatedPoint> points, int best) {
        List<GridEdge> edges = new ArrayList<>();
        for (Map.Entry<String, Double> axis : points.get(best).point().entrySet()) {
            double value = axis.getValue();
            double lo = value;
            double hi = value;
            for (EvaluatedPoint point : points) {
                Double v = point.point().get(axis.getKey());
                if (v != null) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            if (lo < hi && (value == lo || value == hi)) {
                edges.add(new GridEdge(axis.getKey(), value, value == hi));
            }
        }
        return edges;
    }

    private static RiskDifference difference(EvaluatedPoint point, EvaluatedPoint reference, String name) {
        double[] differences = new double[point.folds()];
        for (int f = 0; f < differences.length; f++) {
            differences[f] = point.foldRisk(f) - reference.foldRisk(f);
        }
        double mean = FoldStatistics.mean(differences);
        return new RiskDifference(name, mean, FoldStatistics.standardError(differences, mean), differences.length);
    }
}
