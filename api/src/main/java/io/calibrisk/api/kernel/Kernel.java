package io.calibrisk.api.kernel;

import java.util.OptionalLong;

/**
 * A kernel as a plugin, found by {@link java.util.ServiceLoader}: list the implementing class
 * in {@code META-INF/services/io.calibrisk.api.kernel.Kernel} and give it a public no-argument
 * constructor. Kernels are stateless; their one parameter (a bandwidth b or a scale γ) is
 * passed on every call.
 *
 * <p>Two kinds serve the estimators: density kernels {@code k(c; x)} centred at a training
 * point c (the Beta and Dirichlet kernels of kernel density ratio estimation, not symmetric),
 * and symmetric positive-definite kernels {@code k(x, y)} for kernel ridge regression (RBF,
 * Laplacian). Values are given in log space, so that densities far in the tails neither
 * underflow nor overflow.
 */
public interface Kernel {

    /** The set a kernel's arguments live in. */
    enum Domain {
        /** Scalars in [0, 1]. */
        UNIT_INTERVAL,
        /** Probability vectors: non-negative entries summing to one. */
        SIMPLEX,
        /** Any real vectors. */
        EUCLIDEAN
    }

    /** @return the kernel's name, unique across plugins, e.g. {@code rbf} */
    String name();

    /** @return one line for {@code calibrisk list}: the formula and its reference */
    String description();

    /** @return the name of the kernel's parameter, e.g. {@code bandwidth} or {@code gamma} */
    String parameterName();

    /** @return where the arguments live */
    Domain domain();

    /** @return true for a symmetric positive-definite kernel (usable by kernel ridge regression) */
    boolean positiveDefinite();

    /**
     * @param center    the kernel's centre c (for a symmetric kernel, its first argument)
     * @param x         the evaluation point
     * @param parameter the bandwidth or scale, positive
     * @return {@code log k(c; x)}; {@code -∞} where the kernel is zero, never NaN
     */
    double logValue(double[] center, double[] x, double parameter);

    /**
     * @param center    the kernel's centre c
     * @param x         the evaluation point
     * @param parameter the bandwidth or scale, positive
     * @return {@code k(c; x) = exp(logValue(c, x, parameter))}
     */
    default double value(double[] center, double[] x, double parameter) {
        return Math.exp(logValue(center, x, parameter));
    }

    /**
     * A bound on the numerical rank of this kernel's Gram matrices, which kernel ridge
     * regression uses to plan its memory before a low-rank factorisation: a number r such that
     * for any points of Euclidean norm at most 1 (the points of every notion are) the Gram
     * matrix K is within {@code tolerance·tr K} in trace of a positive semi-definite matrix of
     * rank at most r.
     *
     * @param dimension the points' dimension, at least 1
     * @param parameter the bandwidth or scale, positive
     * @param tolerance the relative residual trace, in (0, 1)
     * @return the bound, or empty when the kernel knows none (the planner then assumes the rank cap)
     */
    default OptionalLong rankBound(int dimension, double parameter, double tolerance) {
        return OptionalLong.empty();
    }
}
