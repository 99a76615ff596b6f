package io.calibrisk.pipeline.plot;

import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.report.GridPointResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One estimator's validation risk over its grid, ready to draw: the x value of each grid
 * point on the axis of the hyperparameter that varies, and {@code √R̂ × 100 ± s.e.}.
 *
 * @param name        the estimator
 * @param recommended whether it is the report's recommended estimator
 * @param failure     why it failed, or null
 * @param axis        the x axis's title: the hyperparameter, or {@code grid point} when several vary
 * @param logX        whether x is on a logarithmic axis
 * @param x           the x of each grid point, in grid order
 * @param y           {@code √R̂ × 100} of each grid point
 * @param se          its standard error
 * @param stable      whether each point is stable (only stable points can be chosen)
 * @param labels      each point's hyperparameters as text, for tooltips
 * @param best        the chosen point's index, or −1
 * @param estimate    the chosen point's CE, or NaN
 */
record RiskSeries(String name, boolean recommended, String failure, String axis, boolean logX, double[] x,
                  double[] y, double[] se, boolean[] stable, String[] labels, int best, double estimate) {

    /** Hyperparameters whose grids are geometric, whatever their values. */
    private static final Set<String> LOG_AXES = Set.of("bandwidth", "lambda", "gamma", "c");

    /**
     * @param result      an estimator's result
     * @param recommended whether it is the recommended estimator
     * @return its series
     */
    static RiskSeries of(EstimatorResult result, boolean recommended) {
        List<GridPointResult> grid = result.grid();
        int n = grid.size();
        if (result.failed() || n == 0) {
            String why = result.failed() ? result.failure() : "no grid points were evaluated";
            return new RiskSeries(result.name(), recommended, why, "", false, new double[0], new double[0],
                    new double[0], new boolean[0], new String[0], -1, Double.NaN);
        }
        String key = varyingKey(grid);
        double[] x = new double[n];
        double[] y = new double[n];
        double[] se = new double[n];
        boolean[] stable = new boolean[n];
        String[] labels = new String[n];
        for (int i = 0; i < n; i++) {
            GridPointResult point = grid.get(i);
            Double v = key == null ? null : point.hyperparameters().get(key);
            x[i] = v == null ? i : v;
            y[i] = point.scaledRisk();
            se[i] = point.scaledRiskStdError();
            stable[i] = point.stable();
            labels[i] = hyperparameters(point.hyperparameters());
        }
        boolean log = key != null && n > 1 && allPositive(x) && (LOG_AXES.contains(key) || ratio(x) >= 100);
        String axis = key != null ? key : n > 1 ? "grid point" : "";
        int best = result.bestIndex() < n ? result.bestIndex() : -1;
        double estimate = best >= 0 ? grid.get(best).estimate() : Double.NaN;
        return new RiskSeries(result.name(), recommended, null, axis, log, x, y, se, stable, labels, best, estimate);
    }

    /** @return true if the estimator failed and there is nothing to plot */
    boolean failed() {
        return failure != null;
    }

    /**
     * The hyperparameter to put on the x axis: the only one that varies, or the only one
     * there is; null when several vary (then x is the grid index) or there are none.
     */
    private static String varyingKey(List<GridPointResult> grid) {
        Set<String> keys = new LinkedHashSet<>();
        grid.forEach(p -> keys.addAll(p.hyperparameters().keySet()));
        List<String> varying = new ArrayList<>();
        for (String key : keys) {
            Set<Double> values = new LinkedHashSet<>();
            grid.forEach(p -> values.add(p.hyperparameters().get(key)));
            if (values.size() > 1) {
                varying.add(key);
            }
            if (values.contains(null) || !values.stream().allMatch(v -> v == null || Double.isFinite(v))) {
                return null;
            }
        }
        if (varying.size() == 1) {
            return varying.get(0);
        }
        return varying.isEmpty() && keys.size() == 1 ? keys.iterator().next() : null;
    }

    /**
     * @param values hyperparameters
     * @return {@code name = value, …}, or {@code (none)}
     */
    static String hyperparameters(Map<String, Double> values) {
        StringBuilder sb = new StringBuilder();
        new LinkedHashMap<>(values).forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(" = ")
                .append(v == null ? "?" : Texts.compact(v)));
        return sb.length() == 0 ? "(no hyperparameters)" : sb.toString();
    }

    private static boolean allPositive(double[] x) {
        for (double v : x) {
            if (!(v > 0)) {
                return false;
            }
        }
        return true;
    }

    private static double ratio(double[] x) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double v : x) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return hi / lo;
    }
}
