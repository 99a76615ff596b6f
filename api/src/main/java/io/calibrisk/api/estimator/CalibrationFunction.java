package io.calibrisk.api.estimator;

import io.calibrisk.api.data.Points;

import java.util.Map;
import java.util.Optional;

/**
 * A fitted calibration estimation function: a symmetric {@code h: R^m × R^m → R}. Its
 * estimate of CE² on a set D is {@code mean_{i∈D} h(z_i, z_i)}, and its risk on an evaluation
 * set is the U-statistic {@code 1/(n'(n'−1)) Σ_{i≠j} (⟨r_i, r_j⟩ − h(z_i, z_j))²}.
 *
 * <p>A function that also exposes a {@link #bilinearForm()} {@code h(z, z') = φ(z)ᵀ M φ(z')}
 * gets its risk and estimate in time linear in the size of the evaluation set; otherwise the
 * pipeline evaluates h on every pair.
 *
 * @since 1.0
 */
public interface CalibrationFunction {

    /** @return the dimension m of a point */
    int dimension();

    /**
     * @param z      a point of dimension m
     * @param zPrime a point of dimension m
     * @return {@code h(z, z')}, finite
     */
    double value(double[] z, double[] zPrime);

    /** @return the bilinear form of h, if it has one */
    default Optional<BilinearForm> bilinearForm() {
        return Optional.empty();
    }

    /**
     * The function's estimate of {@code E[t | z]}, for reliability diagrams: for a plug-in
     * estimator {@code h(z, z') = ⟨z − t̂(z), z' − t̂(z')⟩} it is t̂ (binning: z − g(z); kernel
     * density ratio: the Nadaraya–Watson t̂; two-step kernel ridge regression: z − ĝ(z)).
     * Functions that only estimate the product, such as Kronecker kernel ridge regression,
     * have none.
     *
     * @param points n' points
     * @return the estimates of {@code E[t | z_i]}, n' × m, if the function has them
     */
    default Optional<Points> calibrationCurve(Points points) {
        return Optional.empty();
    }

    /**
     * The bins of a binning estimator: when h is {@code g(z)·g(z')} with g constant on each bin
     * of a partition of a scalar z, the partition's inner edges {@code e_1 ≤ … ≤ e_{M−1}}; bin b
     * holds {@code (e_b, e_{b+1}]}, the first bin everything at or below e_1 and the last
     * everything above e_{M−1}. Reports then tabulate the test split per bin (count, mean
     * confidence, mean accuracy) and reliability diagrams draw one point per bin instead of a
     * curve. Other functions have none.
     *
     * @return the M − 1 inner edges, increasing (ties allowed), if h is constant on bins
     * @since 1.1
     */
    default Optional<double[]> binEdges() {
        return Optional.empty();
    }

    /**
     * Whether rounding decides this function's values, e.g. kernel ridge regression with a
     * regularisation far below the spectrum's resolution. The pipeline never selects an
     * unstable grid point, and reports say why it was unstable.
     *
     * @return empty when the values are stable; otherwise the reason
     */
    default Optional<String> instability() {
        return Optional.empty();
    }

    /**
     * A coarser approximation of the same fit, for functions that approximate their estimator
     * (a low-rank factorisation of a kernel matrix, say) where the approximation may decide the
     * result: the same estimator at the same hyperparameters, approximated about half as finely
     * (e.g. at half the rank). The pipeline computes its risk on the same evaluation set too;
     * when {@link CoarserApproximation#extrapolation()} times the difference of the two risks
     * exceeds {@value #APPROXIMATION_THRESHOLD} of the larger, the grid point is marked unstable,
     * as for {@link #instability()}, with the difference as the reason, and is never selected.
     * The coarser function's own coarser approximation is not asked for.
     *
     * <p>A fit whose approximation has converged (a factorisation that met its tolerance before
     * any cap) has none: then this check costs nothing.
     *
     * @return the coarser approximation, when the fit is approximated short of convergence
     * @since 1.2
     */
    default Optional<CoarserApproximation> coarserApproximation() {
        return Optional.empty();
    }

    /**
     * The relative size of a function's estimated approximation error in risk (see
     * {@link #coarserApproximation()}) above which the pipeline marks the grid point unstable:
     * the relative precision a stable grid point guarantees.
     *
     * @since 1.2
     */
    double APPROXIMATION_THRESHOLD = 1e-6;

    /**
     * Numbers about the fit worth reporting per fold, e.g. {@code rank} of a low-rank
     * factorisation.
     *
     * @return name → value; empty by default
     */
    default Map<String, Double> diagnostics() {
        return Map.of();
    }
}
