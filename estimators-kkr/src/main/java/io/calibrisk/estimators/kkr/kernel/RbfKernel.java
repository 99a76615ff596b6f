package io.calibrisk.estimators.kkr.kernel;

import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import org.hipparchus.special.Gamma;

import java.util.OptionalLong;

/**
 * {@code rbf}: the Gaussian (radial basis function) kernel {@code k(x, y) = exp(−γ ||x − y||²)},
 * symmetric and positive definite on any R^m; γ = 1 is what the published experiments of
 * Gruber and Bach (TMLR 2025) used.
 *
 * <p>Cost: O(m) per evaluation.
 */
public final class RbfKernel implements PositiveDefiniteKernel {

    @Override
    public String name() {
        return "rbf";
    }

    @Override
    public String description() {
        return "Gaussian kernel exp(-gamma ||x - y||^2), positive definite";
    }

    @Override
    public String parameterName() {
        return "gamma";
    }

    @Override
    public double value(double[] x, double[] y, double gamma) {
        double sq = 0;
        for (int k = 0; k < x.length; k++) {
            double diff = x[k] - y[k];
            sq += diff * diff;
        }
        return Math.exp(-gamma * sq);
    }

    /**
     * From the Taylor expansion {@code k(x, y) = e^{−γ|x|²} e^{−γ|y|²} Σ_j (2γ x·y)^j / j!}: the
     * terms of degree below k span at most C(m + k − 1, m) dimensions (the monomials of degree
     * below k in m variables), and the rest is a positive semi-definite kernel whose diagonal,
     * for |x| ≤ 1, is at most (2γ)^k / k!. So the bound is C(m + k − 1, m) for the smallest k
     * with (2γ)^k / k! ≤ tolerance: for γ = 1 and 1e−15, k = 23, so the bound is 23 in one
     * dimension (top-label and class-wise points) and C(32, 10) ≈ 6·10⁷ in ten.
     */
    @Override
    public OptionalLong rankBound(int dimension, double gamma, double tolerance) {
        if (dimension < 1 || !(gamma > 0) || !(tolerance > 0 && tolerance < 1)) {
            return OptionalLong.empty();
        }
        double logTolerance = Math.log(tolerance);
        double logTwoGamma = Math.log(2 * gamma);
        int k = 1;
        while (k * logTwoGamma - Gamma.logGamma(k + 1.0) > logTolerance) {
            k++;
            if (k > 100_000) {
                return OptionalLong.empty();
            }
        }
        // C(m + k − 1, m) in log space, so that a huge count saturates instead of overflowing
        double logCount = Gamma.logGamma(dimension + k) - Gamma.logGamma(dimension + 1.0) - Gamma.logGamma(k);
        return logCount >= Math.log(Long.MAX_VALUE / 2.0) ? OptionalLong.of(Long.MAX_VALUE / 2)
                : OptionalLong.of(Math.round(Math.exp(logCount)));
    }
}
