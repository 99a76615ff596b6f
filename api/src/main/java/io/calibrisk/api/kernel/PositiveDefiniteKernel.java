package io.calibrisk.api.kernel;

import io.calibrisk.api.setting.ValueType;

import java.util.OptionalLong;

/**
 * A symmetric positive-definite kernel {@code k(x, y)} with one parameter (a scale γ), for
 * kernel ridge regression ({@code kkr}, {@code ukkr}): every Gram matrix
 * {@code [k(x_i, x_j)]} is positive semi-definite. Stateless.
 *
 * @since 1.0
 */
public interface PositiveDefiniteKernel {

    /** @return the kernel's name, following {@link io.calibrisk.api.PluginNames}, e.g. {@code rbf} */
    String name();

    /** @return one line for {@code calibrisk list}: the formula and its reference */
    String description();

    /** @return the name of the kernel's parameter, e.g. {@code gamma} */
    String parameterName();

    /** @return the parameter's domain; positive reals by default */
    default ValueType.Numeric parameterDomain() {
        return ValueType.positive();
    }

    /** @return where the arguments live; any real vectors by default */
    default KernelDomain domain() {
        return KernelDomain.EUCLIDEAN;
    }

    /**
     * @param x         a point
     * @param y         a point of the same dimension
     * @param parameter the parameter, in {@link #parameterDomain()}
     * @return {@code k(x, y) = k(y, x)}, finite
     */
    double value(double[] x, double[] y, double parameter);

    /**
     * A bound on the numerical rank of this kernel's Gram matrices, which kernel ridge
     * regression uses to plan its memory before a low-rank factorisation: a number r such that
     * for any points of Euclidean norm at most 1 (the points of every notion are) the Gram
     * matrix K is within {@code tolerance·tr K} in trace of a positive semi-definite matrix of
     * rank at most r.
     *
     * @param dimension the points' dimension, at least 1
     * @param parameter the parameter
     * @param tolerance the relative residual trace, in (0, 1)
     * @return the bound, or empty when the kernel knows none (the planner then assumes the rank cap)
     */
    default OptionalLong rankBound(int dimension, double parameter, double tolerance) {
        return OptionalLong.empty();
    }
}
