package io.calibrisk.pipeline.report;

import java.util.Map;

/**
 * One fold's outcome at one grid point: the risk on the fold (fitted on the other folds) and
 * that fitted function's estimate of CE² on the test split.
 *
 * @param risk            the U-statistic risk on the fold, summed over the notion's components
 * @param estimateSquared the estimate of CE² on the test split
 * @param diagnostics     numbers the estimator reported for this fit, e.g. {@code rank}, and
 *                        counts such as {@code fallbacks}
 */
public record FoldResult(double risk, double estimateSquared, Map<String, Double> diagnostics) {

    /** Copies the diagnostics, sorted by name so that reports list them in a fixed order. */
    public FoldResult {
        diagnostics = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(diagnostics));
    }
}
