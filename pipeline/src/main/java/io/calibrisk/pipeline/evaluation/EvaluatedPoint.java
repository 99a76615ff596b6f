package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.search.Evaluation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One point of an estimator's search, fitted on every training fold: per fold, the risk on the
 * held-out fold and the estimate of CE² on the test split (each summed over the notion's
 * components), with what the later stages need of the fold models: the per-sample values
 * {@code h(z_i, z_i)} on the test split for the bootstrap, and the calibration curves.
 */
final class EvaluatedPoint {
    private final Map<String, Double> point;
    private final boolean added;
    private final double[] foldRisks;
    private final double[] foldEstimates;
    private final List<Map<String, Double>> foldDiagnostics;
    private final double[][] foldTestDiagonals;
    private final double[][][] foldCurves;
    private final double[][][] foldBinEdges;
    private final String instability;
    private final double risk;
    private final double riskStdError;
    private final double estimateSquared;

    /**
     * @param point             axis → reported value
     * @param added             whether the search strategy added the point beyond the space's grid
     * @param foldRisks         per fold, the risk summed over components
     * @param foldEstimates     per fold, the estimate of CE² summed over components
     * @param foldDiagnostics   per fold, what the estimator reported about its fits
     * @param foldTestDiagonals per fold, Σ over components of h(z_i, z_i) for every test sample
     * @param foldCurves        per fold and component, the curve E[t|z] flattened, or null
     * @param foldBinEdges      per fold and component, a binning function's inner edges, or null
     * @param instability       null if the point is stable; otherwise the first fold's reason
     */
    EvaluatedPoint(Map<String, Double> point, boolean added, double[] foldRisks, double[] foldEstimates,
                   List<Map<String, Double>> foldDiagnostics, double[][] foldTestDiagonals, double[][][] foldCurves,
                   double[][][] foldBinEdges, String instability) {
        this.point = Collections.unmodifiableMap(new LinkedHashMap<>(point));
        this.added = added;
        this.foldRisks = foldRisks;
        this.foldEstimates = foldEstimates;
        this.foldDiagnostics = List.copyOf(foldDiagnostics);
        this.foldTestDiagonals = foldTestDiagonals;
        this.foldCurves = foldCurves;
        this.foldBinEdges = foldBinEdges;
        this.instability = instability;
        this.risk = FoldStatistics.mean(foldRisks);
        this.riskStdError = FoldStatistics.standardError(foldRisks, risk);
        this.estimateSquared = FoldStatistics.mean(foldEstimates);
    }

    /** @return axis → reported value */
    Map<String, Double> point() {
        return point;
    }

    /** @return whether the search strategy added this point beyond the space's grid */
    boolean added() {
        return added;
    }

    /** @return the number of folds k */
    int folds() {
        return foldRisks.length;
    }

    /** @return the fold-mean risk */
    double risk() {
        return risk;
    }

    /** @return the standard error of the fold-mean risk */
    double riskStdError() {
        return riskStdError;
    }

    /** @return the mean over folds of the test-split estimates of CE² */
    double estimateSquared() {
        return estimateSquared;
    }

    /**
     * @param fold a fold
     * @return its risk
     */
    double foldRisk(int fold) {
        return foldRisks[fold];
    }

    /**
     * @param fold a fold
     * @return its model's estimate of CE² on the test split
     */
    double foldEstimate(int fold) {
        return foldEstimates[fold];
    }

    /**
     * @param fold a fold
     * @return what the estimator reported about the fold's fits
     */
    Map<String, Double> foldDiagnostics(int fold) {
        return foldDiagnostics.get(fold);
    }

    /**
     * @param fold a fold
     * @return Σ over components of h(z_i, z_i) for every test sample; owned by this point
     */
    double[] foldTestDiagonal(int fold) {
        return foldTestDiagonals[fold];
    }

    /**
     * @param fold      a fold
     * @param component a component
     * @return the fold model's curve E[t|z] (flattened), or null when it has none or none was asked for
     */
    double[] foldCurve(int fold, int component) {
        return foldCurves[fold][component];
    }

    /**
     * @param fold      a fold
     * @param component a component
     * @return the fold model's inner bin edges ({@link io.calibrisk.api.estimator.CalibrationFunction#binEdges}),
     *     or null when it is not a binning
     */
    double[] foldBinEdges(int fold, int component) {
        return foldBinEdges[fold][component];
    }

    /** @return null if stable; otherwise why rounding or the approximation decides the point's values */
    String instability() {
        return instability;
    }

    /** @return true unless a fold's fit was unstable */
    boolean stable() {
        return instability == null;
    }

    /** @return what a search strategy learns of the point */
    Evaluation evaluation() {
        return new Evaluation(point, risk, riskStdError, stable());
    }
}
