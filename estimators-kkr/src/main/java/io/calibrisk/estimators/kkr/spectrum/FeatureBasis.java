package io.calibrisk.estimators.kkr.spectrum;

/**
 * The base features of a point under a factorisation: r numbers per point from which every
 * grid point's feature map is a fixed linear function.
 */
@FunctionalInterface
public interface FeatureBasis {
    /**
     * @param points n' points
     * @return the base features, n' × r row-major
     */
    double[] features(double[][] points);
}
