package io.calibrisk.api.search;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A point's validation risk over the folds.
 *
 * @param point        name → reported value
 * @param risk         the fold-mean validation risk (lower is better)
 * @param riskStdError its standard error over the folds
 * @param stable       false when rounding or the estimator's approximation decides the point's
 *                     values; such a point is never chosen
 * @since 1.0
 */
public record Evaluation(Map<String, Double> point, double risk, double riskStdError, boolean stable) {

    /** Copies the point, keeping its order. */
    public Evaluation {
        point = Collections.unmodifiableMap(new LinkedHashMap<>(point));
    }
}
