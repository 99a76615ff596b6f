package io.calibrisk.estimators.kernel;

import io.calibrisk.api.kernel.Kernel;

/**
 * {@code laplacian}: the Laplacian kernel {@code k(x, y) = exp(−γ ||x − y||₁)}, symmetric and
 * positive definite on any R^m (as scikit-learn's {@code laplacian_kernel}).
 *
 * <p>Cost: O(m) per evaluation.
 */
public final class LaplacianKernel implements Kernel {

    @Override
    public String name() {
        return "laplacian";
    }

    @Override
    public String description() {
        return "Laplacian kernel exp(-gamma ||x - y||_1), positive definite";
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
        double l1 = 0;
        for (int k = 0; k < x.length; k++) {
            l1 += Math.abs(center[k] - x[k]);
        }
        return -gamma * l1;
    }
}
