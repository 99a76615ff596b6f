package io.calibrisk.estimators.kkr.spectrum;

/**
 * The base features of a point under a factorisation: r numbers per point from which every
 * grid point's feature map is a fixed linear function.
 */
@FunctionalInterface
public interface FeatureBasis {
    /**
     * The base features, one column per point: the layout in which every later product
     * (Φᵀ = Pᵀ·B, ĝᵀ = Cᵀ·B) runs along the points, the long contiguous dimension, with one
     * array per row as {@code Gemm} needs.
     *
     * @param points n' points
     * @return the base features B, r rows of n' values: feature i of point p at {@code [i][p]}
     */
    double[][] features(double[][] points);
}
