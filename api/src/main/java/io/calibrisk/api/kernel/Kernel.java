package io.calibrisk.api.kernel;

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
}
