package io.calibrisk.testsupport.kernel;

/**
 * The Dirichlet and Beta density kernels evaluated directly, without logarithms:
 * {@code Dir(x; α) = Γ(Σ α_k) / Π Γ(α_k) · Π x_k^(α_k − 1)} with {@code α = c / b + 1}, and 0⁰ = 1.
 * Γ is a Lanczos approximation (g = 7, 9 terms; relative error about 1e−15), independent of the
 * library's lnΓ. Only meaningful where every factor is a normal double: Γ overflows beyond 171,
 * so keep {@code Σ α_k = 1/b + D} below about 170 (b ≥ 0.05 for small D).
 */
public final class DirectDensity {
    private static final double G = 7;
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};

    private DirectDensity() {
    }

    /**
     * @param x a positive argument, at most about 171
     * @return Γ(x)
     */
    public static double gamma(double x) {
        if (x < 0.5) {
            return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
        }
        double z = x - 1;
        double series = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            series += LANCZOS[i] / (z + i);
        }
        double t = z + G + 0.5;
        // t^(z + 1/2) as a square, so that it does not overflow before e^−t brings it down
        double half = Math.pow(t, (z + 0.5) / 2);
        return Math.sqrt(2 * Math.PI) * half * (half * Math.exp(-t)) * series;
    }

    /**
     * @param center    the centre c, D coordinates
     * @param x         the evaluation point, D coordinates
     * @param bandwidth the bandwidth b
     * @return the Dirichlet density with concentration c/b + 1 at x
     */
    public static double dirichlet(double[] center, double[] x, double bandwidth) {
        double sumAlpha = 0;
        double value = 1;
        for (int k = 0; k < x.length; k++) {
            double alpha = center[k] / bandwidth + 1;
            sumAlpha += alpha;
            value /= gamma(alpha);
            value *= power(x[k], alpha - 1);
        }
        return value * gamma(sumAlpha);
    }

    /**
     * @param center    the centre c in [0, 1]
     * @param x         the evaluation point in [0, 1]
     * @param bandwidth the bandwidth b
     * @return the density of Beta(c/b + 1, (1 − c)/b + 1) at x
     */
    public static double beta(double center, double x, double bandwidth) {
        return dirichlet(new double[] {center, 1 - center}, new double[] {x, 1 - x}, bandwidth);
    }

    private static double power(double base, double exponent) {
        return exponent == 0 ? 1 : Math.pow(base, exponent);
    }
}
