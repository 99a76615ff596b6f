package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Points;

/**
 * The form {@code h(z, z') = φ(z)ᵀ M φ(z')} of a calibration estimation function, with a
 * feature map {@code φ: R^m → R^q} and a symmetric q × q matrix M (the identity when
 * {@link #matrix()} is null).
 *
 * <p>With Φ (n' × q) and the residuals R (n' × m) stacked over an evaluation set, the risk's
 * sum is {@code ||RᵀR||²_F − 2⟨M, (ΦᵀR)(ΦᵀR)ᵀ⟩ + tr(MGMG) − Σ_i (A_ii − H_ii)²} with
 * {@code G = ΦᵀΦ}: O(n'(m² + q² + mq) + q³) instead of O(n'²).
 *
 * @since 1.0
 */
public final class BilinearForm {

    /** Computes the features of many points at once, so that estimators can block and vectorise. */
    @FunctionalInterface
    public interface FeatureMap {
        /**
         * @param points n' points of dimension m
         * @return Φ, n' × q
         */
        FeatureMatrix apply(Points points);
    }

    private final int features;
    private final FeatureMap map;
    private final double[] matrix;
    /** M is zero off its diagonal: {@link #apply} then takes q products instead of q². */
    private final boolean diagonalOnly;

    /**
     * @param features the number of features q (at least 1)
     * @param map      the feature map φ
     * @param matrix   M, q × q row-major and symmetric, or null for the identity
     * @throws InvalidSettingException if M has the wrong size, is not finite or not symmetric
     */
    public BilinearForm(int features, FeatureMap map, double[] matrix) {
        if (features < 1) {
            throw InvalidSettingException.of("features", features, "must be at least 1");
        }
        if (matrix != null) {
            if (matrix.length != features * features) {
                throw InvalidSettingException.of("matrix.length", matrix.length,
                        "must be features² = " + features * features);
            }
            matrix = matrix.clone();
            for (int a = 0; a < features; a++) {
                for (int b = 0; b < features; b++) {
                    double v = matrix[a * features + b];
                    if (!Double.isFinite(v)) {
                        throw InvalidSettingException.of("M[" + a + "][" + b + "]", v, "must be finite");
                    }
                    if (v != matrix[b * features + a]) {
                        throw InvalidSettingException.of("M[" + a + "][" + b + "]", v,
                                "must equal M[" + b + "][" + a + "] = " + matrix[b * features + a]);
                    }
                }
            }
        }
        this.features = features;
        this.map = map;
        this.matrix = matrix;
        this.diagonalOnly = matrix != null && zeroOffDiagonal(matrix, features);
    }

    private static boolean zeroOffDiagonal(double[] matrix, int features) {
        for (int a = 0; a < features; a++) {
            for (int b = 0; b < features; b++) {
                if (a != b && matrix[a * features + b] != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The form {@code h(z, z') = φ(z)·φ(z')}, i.e. M = I: a plug-in estimator.
     *
     * @param features the number of features q
     * @param map      the feature map φ
     * @return the form
     */
    public static BilinearForm identity(int features, FeatureMap map) {
        return new BilinearForm(features, map, null);
    }

    /** @return the number of features q */
    public int features() {
        return features;
    }

    /**
     * @param points n' points
     * @return Φ, n' × q
     * @throws InvalidSettingException if the feature map returns the wrong shape
     */
    public FeatureMatrix features(Points points) {
        FeatureMatrix phi = map.apply(points);
        if (phi.rows() != points.size() || phi.columns() != features) {
            throw InvalidSettingException.of("feature matrix", phi.rows() + "×" + phi.columns(),
                    "must be " + points.size() + "×" + features);
        }
        return phi;
    }

    /** @return true when M is the identity */
    public boolean isIdentity() {
        return matrix == null;
    }

    /** @return a copy of M (row-major), or null for the identity */
    public double[] matrix() {
        return matrix == null ? null : matrix.clone();
    }

    /**
     * @param a row
     * @param b column
     * @return {@code M[a][b]}
     */
    public double m(int a, int b) {
        if (matrix == null) {
            return a == b ? 1.0 : 0.0;
        }
        return matrix[a * features + b];
    }

    /**
     * @param phiZ      φ(z), q values
     * @param phiZPrime φ(z'), q values
     * @return {@code φ(z)ᵀ M φ(z')}
     */
    public double apply(double[] phiZ, double[] phiZPrime) {
        double sum = 0;
        if (matrix == null) {
            for (int a = 0; a < features; a++) {
                sum += phiZ[a] * phiZPrime[a];
            }
            return sum;
        }
        if (diagonalOnly) {
            // the dense sum of each row to the bit: its other terms are exact zeros, and 0.0 + x
            // gives the sign of zero that the dense sum starting from 0 would
            for (int a = 0; a < features; a++) {
                sum += phiZ[a] * (0.0 + matrix[a * features + a] * phiZPrime[a]);
            }
            return sum;
        }
        for (int a = 0; a < features; a++) {
            double row = 0;
            for (int b = 0; b < features; b++) {
                row += matrix[a * features + b] * phiZPrime[b];
            }
            sum += phiZ[a] * row;
        }
        return sum;
    }
}
