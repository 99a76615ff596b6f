package io.calibrisk.testsupport;

import org.quicktheories.QuickTheory;

/**
 * Fixed seeds for property tests, so that CI is reproducible. The seed comes from the system
 * property {@code calibrisk.seed} (set by the build) and defaults to a constant.
 */
public final class Seeds {
    /** The default seed of property tests. */
    public static final long DEFAULT = 20251126L;

    private Seeds() {
    }

    /** @return the seed property tests use */
    public static long seed() {
        return Long.getLong("calibrisk.seed", DEFAULT);
    }

    /**
     * @param examples how many examples to try
     * @return a QuickTheories entry point with the fixed seed and that many examples
     */
    public static QuickTheory qt(int examples) {
        return QuickTheory.qt().withFixedSeed(seed()).withExamples(examples);
    }

    /** @return a QuickTheories entry point with the fixed seed and 100 examples */
    public static QuickTheory qt() {
        return qt(100);
    }
}
