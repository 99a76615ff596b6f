package io.calibrisk.pipeline.report;

import java.util.List;
import java.util.Optional;

/**
 * Everything the pipeline learned about one estimator.
 *
 * @param name      the estimator's name
 * @param source    where its plugin came from (a jar or class folder)
 * @param seconds   the wall-clock time the estimator took, over all folds and points
 * @param grid      every point the search evaluated, in the order it evaluated them: under
 *                  {@code grid} the search space's grid in search order; points a strategy
 *                  added beyond the grid are marked {@link GridPointResult#added()}
 * @param bestIndex the index into {@code grid} of the stable point with the lowest fold-mean
 *                  risk (the first evaluated on ties), or −1 when the estimator failed
 * @param failure   null on success; otherwise what went wrong
 * @param interval  the bootstrap interval of CE at the chosen grid point, or null (failed, or
 *                  not requested)
 * @param curves    the fitted calibration curves at the chosen grid point, when requested and
 *                  the estimator estimates {@code E[t | z]}; otherwise empty
 * @param difference its fold risks at its chosen point paired with the recommended
 *                  estimator's at its own: the mean difference and its standard error; null
 *                  when the estimator has no chosen point
 * @param edges     the axes on which the chosen point is the smallest or largest value
 *                  evaluated (the optimum may lie beyond the grid); empty otherwise
 * @param bins      for a binning estimator, its bins at the chosen point tabulated on the test
 *                  split (one table per component of the notion); empty otherwise
 */
public record EstimatorResult(String name, String source, double seconds, List<GridPointResult> grid,
                              int bestIndex, String failure, EstimateInterval interval,
                              List<CalibrationCurve> curves, RiskDifference difference, List<GridEdge> edges,
                              List<BinTable> bins) {

    /** Copies the lists. */
    public EstimatorResult {
        grid = List.copyOf(grid);
        curves = List.copyOf(curves);
        edges = List.copyOf(edges);
        bins = List.copyOf(bins);
    }

    /**
     * A result without edges and bins.
     *
     * @param name       the estimator's name
     * @param source     where its plugin came from
     * @param seconds    the wall-clock time
     * @param grid       every point evaluated
     * @param bestIndex  the chosen point, or −1
     * @param failure    null on success; otherwise what went wrong
     * @param interval   the interval of CE, or null
     * @param curves     the calibration curves at the chosen point
     * @param difference the paired risk difference from the recommended estimator, or null
     */
    public EstimatorResult(String name, String source, double seconds, List<GridPointResult> grid, int bestIndex,
                           String failure, EstimateInterval interval, List<CalibrationCurve> curves,
                           RiskDifference difference) {
        this(name, source, seconds, grid, bestIndex, failure, interval, curves, difference, List.of(), List.of());
    }

    /**
     * A result without a paired difference.
     *
     * @param name      the estimator's name
     * @param source    where its plugin came from
     * @param seconds   the wall-clock time
     * @param grid      every point evaluated
     * @param bestIndex the chosen point, or −1
     * @param failure   null on success; otherwise what went wrong
     * @param interval  the bootstrap interval of CE, or null
     * @param curves    the calibration curves at the chosen point
     */
    public EstimatorResult(String name, String source, double seconds, List<GridPointResult> grid, int bestIndex,
                           String failure, EstimateInterval interval, List<CalibrationCurve> curves) {
        this(name, source, seconds, grid, bestIndex, failure, interval, curves, null);
    }

    /**
     * A result without interval and curves.
     *
     * @param name      the estimator's name
     * @param source    where its plugin came from
     * @param seconds   the wall-clock time
     * @param grid      the curve over every grid point
     * @param bestIndex the chosen grid point, or −1
     * @param failure   null on success; otherwise what went wrong
     */
    public EstimatorResult(String name, String source, double seconds, List<GridPointResult> grid, int bestIndex,
                           String failure) {
        this(name, source, seconds, grid, bestIndex, failure, null, List.of(), null, List.of(), List.of());
    }

    /**
     * @param name    the estimator
     * @param source  its plugin's origin
     * @param seconds the time spent before it failed
     * @param failure what went wrong
     * @return a failed result
     */
    public static EstimatorResult failed(String name, String source, double seconds, String failure) {
        return new EstimatorResult(name, source, seconds, List.of(), -1, failure);
    }

    /** @return true if the estimator failed */
    public boolean failed() {
        return failure != null;
    }

    /**
     * @return whether this estimator is tied with the recommended one: another estimator whose
     *     paired fold-risk difference is within the noise ({@link RiskDifference#withinNoise()})
     */
    public boolean tied() {
        return difference != null && !name.equals(difference.versus()) && difference.withinNoise();
    }

    /** @return the chosen grid point, unless the estimator failed */
    public Optional<GridPointResult> best() {
        return bestIndex < 0 ? Optional.empty() : Optional.of(grid.get(bestIndex));
    }
}
