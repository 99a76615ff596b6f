package io.calibrisk.estimators.kernel;

import io.calibrisk.api.kernel.Kernel;

/**
 * {@code rbf}: the Gaussian (radial basis function) kernel {@code k(x, y) = exp(−γ ||x − y||²)},
 * symmetric and positive definite on any R^m; γ = 1 is what the published experiments of
 * Gruber and Bach (TMLR 2025) used.
 *
 * <p>Cost: O(m) per evaluation.
 */
public final class RbfKernel implements Kernel {

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
    public Domain domain() {
        return Domain.EUCLIDEAN;
    }

    @Override
    public boolean positiveDefinite() {
        return true;
    }

    @Override
    public double logValue(double[] center, double[] x, double gamma) {
        double sq = 0;
        for (int k = 0; k < x.length; k++) {
            double diff = center[k] - x[k];
            sq += diff * diff;
        }
        return -gamma * sq;
    }
}
