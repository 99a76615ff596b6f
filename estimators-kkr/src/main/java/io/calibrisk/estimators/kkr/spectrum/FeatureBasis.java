package io.calibrisk.estimators.kkr.spectrum;

import java.util.Optional;

/**
 * The base features of a point under a factorisation, {@code b(z) = F κ(z)}: a fixed r × p
 * matrix F applied to p raw features κ(z), kernel values at training points (at the pivots for
 * the low-rank form, at every training point for the exact form). Every grid point's feature
 * map is a fixed linear function A of b, so it is taken as {@code (A F) κ(z)}: the small product
 * A F once per grid point, then one product along the points, and b itself is never formed.
 */
public interface FeatureBasis {
    /** @return p, the number of raw features */
    int rawSize();

    /**
     * The raw features, one column per point: the layout in which the product with A F runs
     * along the points, the long contiguous dimension; in one array, which the native BLAS
     * reads in place (κ is the largest operand of a fit: p·n' values).
     *
     * @param points n' points
     * @return κ, p × n' row-major: raw feature a of point j at {@code [a·n' + j]}
     */
    double[] raw(double[][] points);

    /** @return F, r rows of p values, one array per row; shared, must not be modified */
    double[][] map();

    /**
     * @return the exact coordinates of the points this basis represents poorly, for a low-rank
     *     basis that holds its factor (see {@link HeldOutCorrection}); empty when b is exact
     */
    default Optional<HeldOutCorrection> correction() {
        return Optional.empty();
    }
}
