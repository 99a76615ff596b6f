package io.calibrisk.api.kernel;

import java.util.Optional;

/**
 * A density kernel {@code k(c; x)}: for every centre c in the domain and bandwidth b &gt; 0, a
 * probability density in x over the {@link #domain()} (it integrates to 1). Kernel density
 * ratio estimation ({@code kde}) uses it in the Nadaraya–Watson regression
 * {@code t̂(x) = Σ_j k(z_j; x) t_j / Σ_j k(z_j; x)}. Stateless; values are given in log space so
 * that densities far in the tails neither underflow nor overflow.
 *
 * @since 1.0
 */
public interface DensityKernel {

    /** @return the kernel's name, following {@link io.calibrisk.api.PluginNames}, e.g. {@code beta} */
    String name();

    /** @return one line for {@code calibrisk list}: the formula and its reference */
    String description();

    /** @return where centres and points live; {@link KernelDomain#UNIT_INTERVAL} or {@link KernelDomain#SIMPLEX} */
    KernelDomain domain();

    /**
     * @param centre    the centre c, a point of the domain (length 1 on the unit interval)
     * @param x         the evaluation point, in the domain
     * @param bandwidth the bandwidth b, positive and finite
     * @return {@code log k(c; x)}; {@code −∞} where the density is zero, never NaN
     */
    double logDensity(double[] centre, double[] x, double bandwidth);

    /**
     * The kernel's structure as a scaled exponential family, when it has one, so that
     * {@code kde} evaluates all pairs as one matrix product shared by every bandwidth; without
     * it, {@code kde} evaluates {@link #logDensity} on every pair.
     *
     * @return the form, or empty
     */
    default Optional<ExponentialForm> exponentialForm() {
        return Optional.empty();
    }

    /**
     * {@code log k(c; x) = ⟨u(c), s(x)⟩ / b − A(c, b) + B(x)}, where B does not depend on the
     * centre or the bandwidth (so it cancels in the Nadaraya–Watson ratio and is not asked for).
     * Terms with {@code u_k(c) = 0} count as 0 even where {@code s_k(x) = −∞} (0·log 0 = 0).
     * The Beta kernel Beta(x; c/b + 1, (1 − c)/b + 1) has u(c) = (c, 1 − c),
     * s(x) = (log x, log(1 − x)) and A(c, b) = log B(c/b + 1, (1 − c)/b + 1).
     *
     * @since 1.0
     */
    interface ExponentialForm {

        /**
         * @param dimension the dimension m of a point
         * @return the number of statistics q of u and s
         */
        int statistics(int dimension);

        /**
         * @param centre the centre c
         * @param out    receives u(c), q values, finite and non-negative
         */
        void centreStatistics(double[] centre, double[] out);

        /**
         * @param x   a point
         * @param out receives s(x), q values, finite or −∞
         */
        void pointStatistics(double[] x, double[] out);

        /**
         * @param centre    the centre c
         * @param bandwidth the bandwidth b
         * @return A(c, b), finite
         */
        double logNormaliser(double[] centre, double bandwidth);
    }
}
