package io.calibrisk.estimators.kkr.kernel;

import io.calibrisk.api.kernel.PositiveDefiniteKernel;

/**
 * {@code laplacian}: the Laplacian kernel {@code k(x, y) = exp(−γ ||x − y||₁)}, symmetric and
 * positive definite on any R^m (as scikit-learn's {@code laplacian_kernel}).
 *
 * <p>Cost: O(m) per evaluation.
 */
public final class LaplacianKernel implements PositiveDefiniteKernel {

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
    public double value(double[] x, double[] y, double gamma) {
        double l1 = 0;
        for (int k = 0; k < x.length; k++) {
            l1 += Math.abs(x[k] - y[k]);
        }
        return Math.exp(-gamma * l1);
    }
}
