package io.calibrisk.testsupport;

/**
 * Assertion helpers for numbers that should agree to a relative tolerance.
 */
public final class Assertions {

    private Assertions() {
    }

    /**
     * Asserts {@code |actual − expected| ≤ relative·max(|expected|, |actual|) + absolute}.
     *
     * @param expected the reference value
     * @param actual   the value under test
     * @param relative the relative tolerance
     * @param absolute the absolute tolerance, for values near zero
     * @param what     what is compared, for the message
     */
    public static void assertClose(double expected, double actual, double relative, double absolute, String what) {
        if (!Double.isFinite(actual) || !Double.isFinite(expected)
                || Math.abs(actual - expected) > relative * Math.max(Math.abs(expected), Math.abs(actual)) + absolute) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual + " (relative difference "
                    + relativeDifference(expected, actual) + ", allowed " + relative + ")");
        }
    }

    /**
     * @param expected the reference value
     * @param actual   the value under test
     * @param relative the relative tolerance
     * @param what     what is compared, for the message
     */
    public static void assertClose(double expected, double actual, double relative, String what) {
        assertClose(expected, actual, relative, 0, what);
    }

    /**
     * @param a a value
     * @param b another
     * @return {@code |a − b| / max(|a|, |b|)}, 0 when both are 0
     */
    public static double relativeDifference(double a, double b) {
        double scale = Math.max(Math.abs(a), Math.abs(b));
        return scale == 0 ? 0 : Math.abs(a - b) / scale;
    }
}
