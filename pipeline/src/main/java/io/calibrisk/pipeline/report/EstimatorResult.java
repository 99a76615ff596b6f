package io.calibrisk.pipeline.report;

import java.util.List;
import java.util.Optional;

/**
 * Everything the pipeline learned about one estimator.
 *
 * @param name      the estimator's name
 * @param source    where its plugin came from (a jar or class folder)
 * @param seconds   the wall-clock time the estimator took, over all folds and grid points
 * @param grid      the curve over every grid point, in search order
 * @param bestIndex the index into {@code grid} of the stable grid point with the lowest
 *                  fold-mean risk (the first on ties), or −1 when the estimator failed
 * @param failure   null on success; otherwise what went wrong
 * @param interval  the bootstrap interval of CE at the chosen grid point, or null (failed, or
 *                  not requested)
 * @param curves    the fitted calibration curves at the chosen grid point, when requested and
 *                  the estimator estimates {@code E[t | z]}; otherwise empty
 */
public record EstimatorResult(String name, String source, double seconds, List<GridPointResult> grid,
                              int bestIndex, String failure, EstimateInterval interval,
                              List<CalibrationCurve> curves) {

    /** Copies the lists. */
    public EstimatorResult {
        grid = List.copyOf(grid);
        curves = List.copyOf(curves);
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
        this(name, source, seconds, grid, bestIndex, failure, null, List.of());
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

    /** @return the chosen grid point, unless the estimator failed */
    public Optional<GridPointResult> best() {
        return bestIndex < 0 ? Optional.empty() : Optional.of(grid.get(bestIndex));
    }
}
