package io.calibrisk.testsupport;

import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MutationTestDiscoveryTest {
    private static final String FINDER = "org.pitest.junit5.JUnit5TestUnitFinder";
    private static final String MUTATION_MINION = "org.pitest.mutationtest.execute.MutationTestMinion";
    private static final String COVERAGE_MINION = "org.pitest.coverage.execute.CoverageMinion";
    private static final String UNIT = "org.pitest.junit5.JUnit5TestUnit";

    @Test
    void skipsOnlyWhileAMutationTestingJvmFindsItsTests() {
        assertTrue(MutationTestDiscovery.findingTestsForMutants(
                Stream.of("org.junit.Launcher", FINDER, "org.pitest.FindTestUnits", MUTATION_MINION)));
        // the coverage run finds the tests by running them, and records what they cover
        assertFalse(MutationTestDiscovery.findingTestsForMutants(
                Stream.of("org.junit.Launcher", FINDER, COVERAGE_MINION)));
        // a test run against a mutant
        assertFalse(MutationTestDiscovery.findingTestsForMutants(
                Stream.of("org.junit.Launcher", UNIT, MUTATION_MINION)));
        assertFalse(MutationTestDiscovery.findingTestsForMutants(Stream.of("org.junit.Launcher")));
    }

    @Test
    void runsEveryTestOutsidePit() {
        assertFalse(MutationTestDiscovery.findingTestsForMutants());
    }
}
