package io.calibrisk.estimators.kkr.linalg;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The threads OpenBLAS runs per call, read from the environment as OpenBLAS reads it. */
class NativeLibrariesTest {

    @Test
    void openBlasTakesTheFirstPositiveSettingInItsOrderAndAtMostTheProcessors() {
        assertEquals(8, NativeLibraries.openBlasThreads(Map.of(), 8), "unset: every processor");
        assertEquals(1, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "1"), 8), "the launchers'");
        assertEquals(1, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "1", "OMP_NUM_THREADS", "4"),
                8));
        assertEquals(4, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "0", "OMP_NUM_THREADS", "4"),
                8), "0 is unset");
        assertEquals(3, NativeLibraries.openBlasThreads(Map.of("GOTO_NUM_THREADS", "3", "OMP_NUM_THREADS", "1"), 8),
                "GOTO before OMP");
        assertEquals(2, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "16"), 2), "at most the processors");
        assertEquals(8, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "many"), 8), "not a number");
        assertEquals(2, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", " 2x"), 8), "read as atoi would");
        assertEquals(1, NativeLibraries.openBlasThreads(Map.of("OPENBLAS_NUM_THREADS", "-3"), 1), "one processor");
    }
}
