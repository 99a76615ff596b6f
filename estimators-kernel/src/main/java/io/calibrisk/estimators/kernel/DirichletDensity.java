package io.calibrisk.estimators.kernel;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.setting.ValueType;
import org.hipparchus.special.Gamma;

/**
 * The Dirichlet density kernel of kernel density ratio estimation (Ouimet and Tolosana-Delgado,
 * 2022; Popordanoska et al., 2022), in log space: the density of {@code Dir(α)} with
 * {@code α = c / b + 1} at x,
 *
 * <pre>  log k(c; x) = Σ_k (α_k − 1) log x_k − log B(α),   log B(α) = Σ_k lnΓ(α_k) − lnΓ(Σ_k α_k).</pre>
 *
 * <p>The Beta kernel is the case of two coordinates, {@code (z, 1 − z)}. Edge cases: a term with
 * {@code α_k − 1 = 0} is 0 even where {@code x_k = 0} (0·log 0 = 0); a term with
 * {@code α_k − 1 > 0} and {@code x_k = 0} makes the density 0 (log −∞). lnΓ is {@link #logGamma}:
 * Hipparchus's {@link Gamma#logGamma} above 8, and below it the same reduction to lnΓ(1 + t)
 * with the JDK's logarithms. The result is never NaN.
 *
 * <p>Cost: O(D) for D coordinates, dominated by D + 1 evaluations of lnΓ.
 */
final class DirichletDensity {
    /**
     * The smallest bandwidth accepted. Below it, {@code α = c/b + 1} and lnΓ(α) approach the
     * overflow threshold of a double; the published grids stop at 1e−5.
     */
    static final double MIN_BANDWIDTH = 1e-100;

    private DirichletDensity() {
    }

    /** The bandwidths the Beta and Dirichlet kernels accept. */
    static final ValueType.RealRange BANDWIDTHS = ValueType.real(MIN_BANDWIDTH, true, Double.POSITIVE_INFINITY, false);

    /**
     * @param parameter the bandwidth's name for the message, a constant (the constants of every
     *     centre pass here: no message is built unless it refuses)
     * @param bandwidth a bandwidth b
     * @return b, if it is finite and at least {@link #MIN_BANDWIDTH}
     * @throws InvalidSettingException otherwise
     */
    static double checkBandwidth(String parameter, double bandwidth) {
        return BANDWIDTHS.check(parameter, bandwidth);
    }

    /**
     * The concentration {@code α = c / b + 1} of one coordinate, computed as the published
     * implementations do.
     *
     * @param center    a coordinate c of the centre, in [0, 1]
     * @param bandwidth the bandwidth b
     * @return α
     */
    static double concentration(double center, double bandwidth) {
        return center / bandwidth + 1.0;
    }

    /**
     * {@code log B(α)} for {@code α = c / b + 1}: the log normalising constant of the kernel
     * centred at c.
     *
     * @param center    the centre's D coordinates, each in [0, 1]
     * @param bandwidth the bandwidth b
     * @return {@code Σ_k lnΓ(α_k) − lnΓ(Σ_k α_k)}, finite
     */
    static double logNormaliser(double[] center, double bandwidth) {
        double sumLogGamma = 0;
        double sumAlpha = 0;
        for (double c : center) {
            double alpha = concentration(c, bandwidth);
            sumLogGamma += logGamma(alpha);
            sumAlpha += alpha;
        }
        return sumLogGamma - totalLogGamma(sumAlpha);
    }

    /**
     * {@link #logNormaliser(double[], double)} of the two coordinates {@code (c_0, c_1)}, by the
     * same operations in the same order (so bit for bit its value) without an array: the Beta
     * kernel's constants are computed for every distinct centre and bandwidth of a run, millions
     * of them class-wise, and each pair's array made the run's largest allocation site (85 MB).
     *
     * @param c0        the centre's first coordinate, in [0, 1]
     * @param c1        its second coordinate, in [0, 1]
     * @param bandwidth the bandwidth b
     * @return {@code lnΓ(α_0) + lnΓ(α_1) − lnΓ(α_0 + α_1)}, finite
     */
    static double logNormaliser(double c0, double c1, double bandwidth) {
        double alpha0 = concentration(c0, bandwidth);
        double alpha1 = concentration(c1, bandwidth);
        double sumLogGamma = 0.0 + logGamma(alpha0);
        sumLogGamma += logGamma(alpha1);
        double sumAlpha = 0.0 + alpha0;
        sumAlpha += alpha1;
        return sumLogGamma - totalLogGamma(sumAlpha);
    }

    /** One remembered value of lnΓ(Σ_k α_k). */
    private record Total(double argument, double logGamma) {
    }

    /**
     * Remembered values of lnΓ(Σ_k α_k): the sum is 1/b + D up to the rounding of its terms, so a
     * bandwidth's constants need only a few distinct values of it. Entries are immutable and
     * replaced whole, so a racing reader sees a consistent entry or recomputes.
     */
    private static final Total[] TOTALS = new Total[64];

    /** @return {@link #logGamma} of the argument, bit for bit, remembered for the arguments seen last */
    private static double totalLogGamma(double argument) {
        long bits = Double.doubleToRawLongBits(argument);
        int slot = (int) (bits ^ bits >>> 29 ^ bits >>> 47) & (TOTALS.length - 1);
        Total known = TOTALS[slot];
        if (known != null && Double.doubleToRawLongBits(known.argument()) == bits) {
            return known.logGamma();
        }
        double value = logGamma(argument);
        TOTALS[slot] = new Total(argument, value);
        return value;
    }

    /** Below this, {@link #logGamma} reduces to lnΓ(1 + t); from it on, Hipparchus's Lanczos sum. */
    static final double REDUCED_BELOW = 8;

    /**
     * lnΓ(x) for x ≥ 1, the arguments of the kernels' constants ({@code α = c/b + 1 ≥ 1}).
     * Below {@value #REDUCED_BELOW}, {@code Γ(x) = (x − 1)(x − 2)···(x − k) Γ(1 + t)} with
     * {@code t = x − k − 1} in [−½, 1½], and {@code lnΓ(1 + t) = −log1p(1/Γ(1 + t) − 1)} with
     * 1/Γ(1 + t) − 1 from Hipparchus's {@link Gamma#invGamma1pm1} (the reduction of DiDonato and
     * Morris, ACM TOMS 18, 1992, which Hipparchus's own {@link Gamma#logGamma} makes there too);
     * the logarithms are the JDK's, {@link Math#log1p} and {@link Math#log}, rather than
     * Hipparchus's {@code FastMath}, whose {@code log1p} allocates and took most of a class-wise
     * run's lnΓ time (class-wise scores sit near 0, so half of the run's α are below 2.5). Both
     * logarithms are within an ulp, so the two lnΓ differ by at most a few ulps of values below
     * ln Γ(8) ≈ 8.5 (5.6e−17 on [1, 2.5], measured, where lnΓ ≤ 0.29). From 8 on, where lnΓ(x)
     * grows as x log x and the constants of small bandwidths are differences of such values,
     * Hipparchus's value is kept as it is.
     *
     * @param x the argument, at least 1 (below it, Hipparchus's value)
     * @return lnΓ(x)
     */
    static double logGamma(double x) {
        if (!(x >= 1 && x < REDUCED_BELOW)) {
            return Gamma.logGamma(x);
        }
        if (x <= 2.5) {
            return -Math.log1p(Gamma.invGamma1pm1(x - 1));
        }
        int k = (int) Math.floor(x - 1.5);
        double product = 1;
        for (int i = 1; i <= k; i++) {
            product *= x - i;
        }
        return Math.log(product) - Math.log1p(Gamma.invGamma1pm1(x - (k + 1)));
    }

    /**
     * @param coordinate a coordinate x_k in [0, 1]
     * @return {@code log x_k}, −∞ for 0 (of either sign)
     */
    static double logCoordinate(double coordinate) {
        return coordinate == 0 ? Double.NEGATIVE_INFINITY : Math.log(coordinate);
    }

    /**
     * {@code Σ_k (α_k − 1) log x_k} with {@code α_k − 1 = c_k / b}, and the conventions of the
     * class description for zeros.
     *
     * @param center    the centre's D coordinates
     * @param x         the evaluation point's D coordinates
     * @param bandwidth the bandwidth b
     * @return the sum; −∞ where the density is zero
     */
    static double logNumerator(double[] center, double[] x, double bandwidth) {
        double sum = 0;
        for (int k = 0; k < x.length; k++) {
            if (center[k] == 0) {
                continue;
            }
            if (x[k] == 0) {
                return Double.NEGATIVE_INFINITY;
            }
            sum += center[k] * Math.log(x[k]);
        }
        // multiplying by 1/b, as the estimator's blocked evaluation does, keeps both bit-identical
        return sum * (1.0 / bandwidth);
    }

    /**
     * @param center    the centre c, D coordinates in [0, 1]
     * @param x         the evaluation point, D coordinates in [0, 1]
     * @param bandwidth the bandwidth b
     * @return {@code log Dir(x; c/b + 1)}; −∞ where the density is zero, never NaN
     * @throws InvalidInputException   if a coordinate is outside [0, 1] or the lengths differ
     * @throws InvalidSettingException if the bandwidth is invalid
     */
    static double logDensity(double[] center, double[] x, double bandwidth) {
        checkBandwidth(DirichletKernel.BANDWIDTH, bandwidth);
        if (center.length != x.length || x.length == 0) {
            throw new InvalidInputException("kernel arguments: centre of dimension " + center.length
                    + " and point of dimension " + x.length + " must have one equal, positive dimension");
        }
        checkCoordinates("centre", center);
        checkCoordinates("point", x);
        return logNumerator(center, x, bandwidth) - logNormaliser(center, bandwidth);
    }

    private static void checkCoordinates(String what, double[] values) {
        for (int k = 0; k < values.length; k++) {
            if (!(values[k] >= 0 && values[k] <= 1)) {
                throw new InvalidInputException("kernel " + what + ": coordinate " + k + " = " + values[k]
                        + " is outside [0, 1]");
            }
        }
    }
}
