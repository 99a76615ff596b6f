package io.calibrisk.estimators.kernel.kde;

/**
 * {@code exp(x)} for the kernel weights, {@code x ≤ 0}, about twice as fast as
 * {@link Math#exp} and within 2 ulp of the exact value (Math.exp: 1 ulp).
 *
 * <p>Tang's method: {@code x = (64k + i)·ln2/64 + r} with {@code |r| ≤ ln2/128}, so
 * {@code exp(x) = 2^k · 2^(i/64) · exp(r)}; 2^(i/64) comes from a table, exp(r) from its Taylor
 * polynomial of degree 5 (truncation below 4e−17 relative), 2^k from the exponent bits.
 * ln2/64 is split in a high part with trailing zero bits and a low part, so that
 * {@code x − n·ln2/64} is exact to about 2^−75. Below −700 (where 2^k would leave the normal
 * range) it defers to Math.exp.
 */
final class FastExp {
    private static final double[] TABLE = new double[64];
    private static final double SCALE = 64 / Math.log(2);
    /** ln2/64 high part: fdlibm's ln2_hi (low 32 bits zero), divided by 64 exactly. */
    private static final double STEP_HIGH = 6.93147180369123816490e-01 / 64;
    /** ln2/64 low part: fdlibm's ln2_lo divided by 64. */
    private static final double STEP_LOW = 1.90821492927058770002e-10 / 64;
    private static final double LOWER = -700;

    static {
        for (int i = 0; i < 64; i++) {
            TABLE[i] = StrictMath.pow(2.0, i / 64.0);
        }
    }

    private FastExp() {
    }

    /**
     * @param x at most 0
     * @return exp(x), within 2 ulp
     */
    static double exp(double x) {
        if (x < LOWER) {
            return Math.exp(x);
        }
        double n = Math.rint(x * SCALE);
        long k = (long) n;
        double r = (x - n * STEP_HIGH) - n * STEP_LOW;
        double p = r * (1 + r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120)))));
        double scale = Double.longBitsToDouble(((k >> 6) + 1023) << 52);
        double t = TABLE[(int) (k & 63)];
        return (t + t * p) * scale;
    }
}
