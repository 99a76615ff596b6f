package io.calibrisk.testsupport.conformance;

import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the self-tests check that a kit check fails, and says why. */
final class KitFailures {

    private KitFailures() {
    }

    /**
     * @param check     a kit check run on a broken plugin
     * @param fragments what its message must say
     */
    static void assertFails(Executable check, String... fragments) {
        AssertionError error = assertThrows(AssertionError.class, check);
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), "expected \"" + fragment + "\" in: " + error.getMessage());
        }
    }
}
