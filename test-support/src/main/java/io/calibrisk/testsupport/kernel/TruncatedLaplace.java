package io.calibrisk.testsupport.kernel;

/**
 * A density kernel on [0, 1] without an exponential form, for tests of estimators that take any
 * density kernel: the Laplace density centred at c, truncated to [0, 1] and renormalised,
 *
 * <pre>  k(c; x) = exp(−|x − c| / b) / Z(c, b),   Z(c, b) = b (2 − e^{−c/b} − e^{−(1−c)/b}),</pre>
 *
 * since {@code ∫_0^1 e^{−|x−c|/b} dx = b(1 − e^{−c/b}) + b(1 − e^{−(1−c)/b})}. Positive
 * everywhere on [0, 1], so a regression with it never falls back. Z is computed with expm1, so
 * that it keeps its precision for large b.
 */
public final class TruncatedLaplace {

    private TruncatedLaplace() {
    }

    /**
     * @param centre    the centre c in [0, 1]
     * @param x         the point x in [0, 1]
     * @param bandwidth the bandwidth b, positive
     * @return {@code log k(c; x)}
     */
    public static double logDensity(double centre, double x, double bandwidth) {
        double z = bandwidth * (-Math.expm1(-centre / bandwidth) - Math.expm1(-(1 - centre) / bandwidth));
        return -Math.abs(x - centre) / bandwidth - Math.log(z);
    }
}
