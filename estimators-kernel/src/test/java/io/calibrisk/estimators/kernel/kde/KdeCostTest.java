package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.estimators.kernel.DirichletKernel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The time estimate of a kde run, by hand from the stated rates, and against runs measured whole. */
class KdeCostTest {
    private static final KdeKernel BETA = KdeKernel.of(new BetaKernel());
    private static final KdeKernel DIRICHLET = KdeKernel.of(new DirichletKernel());

    @Test
    void scalarWindowsCountEveryCentreAndQueryOncePerBandwidth() {
        // 6400 centres, 1600 held-out and 2000 test queries, 20 bandwidths
        assertEquals((6400.0 + 1600 + 2000) * 20 / KdeCost.SCALAR_UNITS,
                KdeCost.foldSeconds(BETA, 1, 6400, 2000, 5, 20), 1e-12);
        // the held-out fold is n/(k − 1), rounded up
        assertEquals((10.0 + 4 + 3) * 2 / KdeCost.SCALAR_UNITS, KdeCost.foldSeconds(BETA, 1, 10, 3, 4, 2), 1e-15);
    }

    @Test
    void anExponentialFormCountsTheHeldOutPointsAgainstTheCentresAndTheTestSplit() {
        double pairs = 8000.0 * (32_000 + 10_000);
        assertEquals(pairs * 100 / KdeCost.PRODUCTS + pairs * 20 / KdeCost.WEIGHTS,
                KdeCost.foldSeconds(DIRICHLET, 100, 32_000, 10_000, 5, 20), 1e-9);
    }

    @Test
    void aKernelWithoutAnExponentialFormIsEvaluatedPairByPair() {
        KdeKernel pairwise = KdeKernel.of(KdeFixture.pairwiseOnly(new DirichletKernel()));
        assertEquals(32_000.0 * (8000 + 10_000) * 20 * 11 / KdeCost.DENSITY_TERMS,
                KdeCost.foldSeconds(pairwise, 10, 32_000, 10_000, 5, 20), 1e-9);
        assertEquals(6400.0 * (1600 + 2000) * 20 * 2 / KdeCost.DENSITY_TERMS,
                KdeCost.foldSeconds(KdeKernel.of(KdeFixture.pairwiseOnly(new BetaKernel())), 1, 6400, 2000, 5, 20),
                1e-9);
    }

    /** Thread-seconds of runs of kde alone (docs/performance.md, 2026-11-30), against the model's. */
    @Test
    void theRatesPredictTheMeasuredRunsWithinAFifth() {
        // canonical n = 50 000 (training folds of 32 000, test split 10 000), d = 100 and d = 10
        within(163.9, 5 * KdeCost.foldSeconds(DIRICHLET, 100, 32_000, 10_000, 5, 20));
        within(90.7, 5 * KdeCost.foldSeconds(DIRICHLET, 10, 32_000, 10_000, 5, 20));
        // class-wise, d = 100: a hundred scalar problems per fold
        within(109.2, 500 * KdeCost.foldSeconds(BETA, 1, 32_000, 10_000, 5, 20));
        // top-label, n = 1 000 000
        within(20.8, 5 * KdeCost.foldSeconds(BETA, 1, 640_000, 200_000, 5, 20));
    }

    private static void within(double measured, double predicted) {
        assertTrue(Math.abs(predicted / measured - 1) < 0.2, "predicted " + predicted + " for " + measured);
    }
}
