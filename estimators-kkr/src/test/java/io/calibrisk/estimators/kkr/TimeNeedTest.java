package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.testsupport.plugin.MapRunCache;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time a run of kkr or ukkr says it will take, by hand from the {@link CostModel}: each
 * training fold's factorisation (counted by the first of the two the run asks) and its fits at
 * the run's grid points, times the rounds in which the run's threads take the folds.
 */
class TimeNeedTest {
    /** Canonical n = 50 000, d = 100, the default folds and grid, two threads: three rounds. */
    private static final Workload CANONICAL_50K = new Workload(5, 1, 32_000, 10_000, 100, 18, 2);

    private static CalibrationEstimator estimator(EstimatorProvider provider, Map<String, String> settings,
                                                  RunCache cache) {
        return provider.create(Fixtures.context(Notion.CANONICAL, 100, settings, Parallelism.sequential(), cache));
    }

    private static CostModel.Machine machine() {
        return new CostModel.Machine(SymmetricEigen.nativeLapack(), Gemm.nativeBlas(),
                LowRankFactorisation.kernelProducts(new RbfKernel(), 100));
    }

    @Test
    void fastModeBoundsTheFactorisationAtThePlannedRankAndTheFitsOfTheRunsGrid() {
        TimeNeed need = estimator(new KroneckerKrr(), Map.of(), new MapRunCache()).timeNeed(CANONICAL_50K).orElseThrow();
        double factoring = CostModel.foldSeconds(Mode.FAST, 32_000, 3000, 100, machine());
        double fitting = 18 * CostModel.kroneckerFitSeconds(Mode.FAST, 3000);
        assertEquals(3 * (factoring + fitting), need.seconds(), 1e-12 * need.seconds());
        assertTrue(need.upperBound());
        assertEquals("fast mode, a pivoted Cholesky of rank up to 3000 per training fold of 32000 points (up to about "
                + CostModel.words(factoring) + " each, less where its tolerance stops it first) and the grid points' "
                + "fits (up to about " + CostModel.words(fitting) + " a fold)", need.account());
    }

    @Test
    void exactModeEstimatesTheEigendecompositionAndSaysWhichLapack() {
        Workload workload = new Workload(8, 1, 3500, 700, 100, 18, 2);
        TimeNeed need = estimator(new KroneckerKrr(), Map.of("mode", "exact"), new MapRunCache()).timeNeed(workload)
                .orElseThrow();
        double factoring = CostModel.foldSeconds(Mode.EXACT, 3500, 3500, 100, machine());
        double fitting = 18 * CostModel.kroneckerFitSeconds(Mode.EXACT, 3500);
        assertEquals(4 * (factoring + fitting), need.seconds(), 1e-12 * need.seconds());
        assertFalse(need.upperBound());
        assertEquals("exact mode, the eigendecomposition of the kernel matrix of each training fold of 3500 points "
                + "(about " + CostModel.words(factoring) + " each, " + (SymmetricEigen.nativeLapack() ? "native" : "Java")
                + " LAPACK) and the grid points' fits (about " + CostModel.words(fitting) + " a fold)", need.account());
    }

    @Test
    void theFactorisationIsCountedByTheFirstAskedAndNamedByTheOther() {
        MapRunCache cache = new MapRunCache();
        TimeNeed ukkr = estimator(new TwoStepKrr(), Map.of("mode", "exact"), cache)
                .timeNeed(new Workload(5, 1, 6400, 2000, 100, 18, 2)).orElseThrow();
        assertEquals(3 * CostModel.foldSeconds(Mode.EXACT, 6400, 6400, 100, machine()), ukkr.seconds(),
                1e-12 * ukkr.seconds(), "ukkr's fits are not counted");
        TimeNeed kkr = estimator(new KroneckerKrr(), Map.of("mode", "exact"), cache)
                .timeNeed(new Workload(5, 1, 6400, 2000, 100, 18, 2)).orElseThrow();
        double fitting = 18 * CostModel.kroneckerFitSeconds(Mode.EXACT, 6400);
        assertEquals(3 * fitting, kkr.seconds(), 1e-12 * kkr.seconds());
        assertEquals("exact mode, the grid points' fits (about " + CostModel.words(fitting)
                + " a fold); the factorisation is ukkr's", kkr.account());
        // fits under a second a fold are counted, not named; with the factorisation another's, nothing is said
        MapRunCache small = new MapRunCache();
        Workload tiny = new Workload(5, 1, 1000, 250, 100, 18, 2);
        TimeNeed first = estimator(new KroneckerKrr(), Map.of("mode", "exact"), small).timeNeed(tiny).orElseThrow();
        assertEquals(3 * (CostModel.foldSeconds(Mode.EXACT, 1000, 1000, 100, machine())
                + 18 * CostModel.kroneckerFitSeconds(Mode.EXACT, 1000)), first.seconds(), 1e-12 * first.seconds());
        assertFalse(first.account().contains("fits"), first.account());
        assertEquals(Optional.empty(), estimator(new TwoStepKrr(), Map.of("mode", "exact"), small).timeNeed(tiny));
    }
}
