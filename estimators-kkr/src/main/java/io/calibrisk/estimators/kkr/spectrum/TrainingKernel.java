package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;

/**
 * A positive-definite kernel with its parameter, bound to the training points: evaluates
 * {@code k(x_j, z)} for the training points x_j.
 *
 * @param kernel    the kernel plugin, positive definite
 * @param parameter its parameter (γ for rbf and laplacian), in the kernel's parameter domain
 * @param rows      the training points, one array per point
 */
public record TrainingKernel(PositiveDefiniteKernel kernel, double parameter, double[][] rows) {

    /**
     * @throws InvalidSettingException if the parameter lies outside the kernel's parameter domain
     */
    public TrainingKernel {
        kernel.parameterDomain().check(kernel.name() + " " + kernel.parameterName(), parameter);
    }

    /**
     * @param kernel    the kernel
     * @param parameter its parameter
     * @param points    the training points
     * @return the bound kernel
     */
    public static TrainingKernel of(PositiveDefiniteKernel kernel, double parameter, Points points) {
        return new TrainingKernel(kernel, parameter, rows(points));
    }

    /**
     * @param points points
     * @return one array per point
     */
    public static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    /** @return the number of training points n */
    public int size() {
        return rows.length;
    }

    /**
     * @param x a point
     * @param y a point
     * @return {@code k(x, y)}, finite
     */
    public double value(double[] x, double[] y) {
        return kernel.value(x, y, parameter);
    }
}
