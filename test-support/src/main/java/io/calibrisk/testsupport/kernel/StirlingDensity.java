package io.calibrisk.testsupport.kernel;

/**
 * The Dirichlet and Beta density kernels in log space, with a lnΓ of their own, so that a
 * reference for {@code kde} at small bandwidths shares nothing with the library's kernels:
 * {@link DirectDensity} needs Γ itself and so stops near b = 0.05, whereas here
 * {@code α = c/b + 1} may reach 10^5 (b = 1e−5) and beyond.
 *
 * <pre>  log Dir(x; α) = Σ_k (α_k − 1) log x_k − Σ_k lnΓ(α_k) + lnΓ(Σ_k α_k),   α = c/b + 1,</pre>
 *
 * <p>with 0·log 0 = 0 and log 0 = −∞ where a positive {@code α_k − 1} meets {@code x_k = 0}.
 * lnΓ is Stirling's series to the term in x^−9 for x ≥ 15 (truncation below 3e−16) and the
 * recurrence {@code lnΓ(x) = lnΓ(x + k) − ln(x(x + 1)…(x + k − 1))} below; the library uses
 * Hipparchus's Lanczos approximation instead.
 */
public final class StirlingDensity {
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
    private static final double SERIES_FROM = 15;

    private StirlingDensity() {
    }

    /**
     * @param x a positive argument
     * @return lnΓ(x)
     */
    public static double logGamma(double x) {
        if (!(x > 0)) {
            throw new IllegalArgumentException("lnΓ needs a positive argument, not " + x);
        }
        double product = 1;
        while (x < SERIES_FROM) {
            product *= x;
            x += 1;
        }
        double shift = Math.log(product);
        double inverse = 1 / x;
        double inverse2 = inverse * inverse;
        // 1/(12x) − 1/(360x³) + 1/(1260x⁵) − 1/(1680x⁷) + 1/(1188x⁹)
        double series = inverse * (1.0 / 12 - inverse2 * (1.0 / 360 - inverse2 * (1.0 / 1260
                - inverse2 * (1.0 / 1680 - inverse2 / 1188))));
        return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + series - shift;
    }

    /**
     * @param center    the centre c, D coordinates summing to 1
     * @param x         the evaluation point, D coordinates summing to 1
     * @param bandwidth the bandwidth b
     * @return {@code log Dir(x; c/b + 1)}, −∞ where the density is 0
     */
    public static double logDirichlet(double[] center, double[] x, double bandwidth) {
        double numerator = 0;
        double logNormaliser = 0;
        double sumAlpha = 0;
        for (int k = 0; k < x.length; k++) {
            double alpha = center[k] / bandwidth + 1;
            sumAlpha += alpha;
            logNormaliser += logGamma(alpha);
            if (center[k] > 0) {
                numerator = x[k] == 0 ? Double.NEGATIVE_INFINITY : numerator + center[k] / bandwidth * Math.log(x[k]);
            }
        }
        return numerator - logNormaliser + logGamma(sumAlpha);
    }

    /**
     * @param center    the centre c in [0, 1]
     * @param x         the evaluation point in [0, 1]
     * @param bandwidth the bandwidth b
     * @return the log density of Beta(c/b + 1, (1 − c)/b + 1) at x
     */
    public static double logBeta(double center, double x, double bandwidth) {
        return logDirichlet(new double[] {center, 1 - center}, new double[] {x, 1 - x}, bandwidth);
    }

    /**
     * The notion's default kernel as {@link LogSpaceKde} takes it: Dirichlet on canonical rows,
     * Beta on scalars.
     *
     * @param canonical true for the Dirichlet kernel
     * @param bandwidth the bandwidth b
     * @return {@code log k(c; x)}
     */
    public static LogSpaceKde.LogKernel kernel(boolean canonical, double bandwidth) {
        return canonical ? (c, x) -> logDirichlet(c, x, bandwidth) : (c, x) -> logBeta(c[0], x[0], bandwidth);
    }
}
