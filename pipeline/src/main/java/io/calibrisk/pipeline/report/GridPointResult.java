package io.calibrisk.pipeline.report;

import java.util.List;
import java.util.Map;

/**
 * One point an estimator's search evaluated, over all folds: a point of its search space's
 * grid, or one the search strategy added beyond it ({@link #added()}).
 *
 * @param hyperparameters name → reported value
 * @param risk            the fold-mean risk
 * @param riskStdError    the standard error of the fold-mean risk: the sample standard
 *                        deviation over folds divided by √k
 * @param estimateSquared the mean over folds of the test-split estimates of CE² (the fold
 *                        models as an ensemble)
 * @param folds           the per-fold results, fold 0 first
 * @param instability     null when the point is stable; otherwise why rounding or the
 *                        estimator's approximation decides its values (such a point is never
 *                        selected)
 * @param added           true when the search strategy added the point beyond the search
 *                        space's grid (e.g. {@code refine} extending or narrowing it)
 */
public record GridPointResult(Map<String, Double> hyperparameters, double risk, double riskStdError,
                              double estimateSquared, List<FoldResult> folds, String instability, boolean added) {

    /** Copies the collections. */
    public GridPointResult {
        hyperparameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(hyperparameters));
        folds = List.copyOf(folds);
    }

    /**
     * A point of the search space's grid.
     *
     * @param hyperparameters name → reported value
     * @param risk            the fold-mean risk
     * @param riskStdError    its standard error
     * @param estimateSquared the ensemble's estimate of CE² on the test split
     * @param folds           the per-fold results
     * @param instability     null when stable; otherwise why not
     */
    public GridPointResult(Map<String, Double> hyperparameters, double risk, double riskStdError,
                           double estimateSquared, List<FoldResult> folds, String instability) {
        this(hyperparameters, risk, riskStdError, estimateSquared, folds, instability, false);
    }

    /** @return true unless the grid point was marked unstable */
    public boolean stable() {
        return instability == null;
    }

    /** @return {@code √risk × 100}, the paper's scale */
    public double scaledRisk() {
        return Math.sqrt(Math.max(0, risk)) * 100;
    }

    /** @return the standard error on the scale of {@link #scaledRisk()} (delta method) */
    public double scaledRiskStdError() {
        double root = Math.sqrt(Math.max(0, risk));
        return root == 0 ? 0 : riskStdError / (2 * root) * 100;
    }

    /** @return {@code CE = √max(0, CE²)} */
    public double estimate() {
        return Math.sqrt(Math.max(0, estimateSquared));
    }
}
