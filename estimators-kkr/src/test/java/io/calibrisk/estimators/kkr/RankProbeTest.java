package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.plugin.MapRunCache;
import io.calibrisk.testsupport.plugin.ThreadPool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fast mode's rank estimated before a run from two samples of a training fold
 * ({@link RankProbe}), and the time estimate at that rank where the bound would warn of minutes
 * that the run does not take: 6400 CIFAR-10 predictions, a canonical training fold's size, reach
 * rank 871, not the cap 3000.
 */
class RankProbeTest {
    private static final KrrSettings SETTINGS = new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 3000);
    /** The first 6400 CIFAR-10 predictions, the size of a training fold of the default run. */
    private static double[] probabilities;
    private static Points fold;

    @BeforeAll
    static void load() {
        Samples cifar = CifarData.load();
        probabilities = cifar.probabilities();
        fold = Points.of(6400, 10, Arrays.copyOf(probabilities, 6400 * 10));
    }

    @Test
    void estimatesTheRankOfAFoldFromTwoSamplesOfIt() {
        int actual = LowRankFactorisation.rank(TrainingKernel.of(new RbfKernel(), 1.0, fold), 1e-15, 3000,
                Parallelism.sequential());
        assertEquals(871, actual);
        long estimate = RankProbe.estimate(SETTINGS, fold, 3000, Parallelism.sequential());
        // samples of 1024 and 2048 points: 864
        assertEquals(actual, estimate, 0.05 * actual);
        try (ThreadPool pool = new ThreadPool(2)) {
            assertEquals(estimate, RankProbe.estimate(SETTINGS, fold, 3000, pool), "the same on two threads");
        }
    }

    @Test
    void theBoundStandsWhereTheSamplesReachIt() {
        // the smaller sample (1024 points) reaches rank 200, so the samples cannot tell more
        assertEquals(200, RankProbe.estimate(SETTINGS, fold, 200, Parallelism.sequential()));
        // the larger one (2048 points) reaches 500: the bound again
        assertEquals(500, RankProbe.estimate(SETTINGS, fold, 500, Parallelism.sequential()));
        // random points, each row 4i + 2 a copy of row 4i, with a kernel so narrow that distinct
        // points are orthogonal (and a tolerance above the copies' rounding, 1e−12 each): the
        // smaller sample (rows 4i) is at its full rank, so the bound stands, although the larger
        // one (rows 2i: 1024 distinct of 2048) stops growing
        KrrSettings narrow = new KrrSettings(new RbfKernel(), 1e4, Mode.FAST, 1e-10, 3000);
        SplittableRandom random = new SplittableRandom(3);
        double[] twice = new double[4096 * 10];
        for (int j = 0; j < 4096; j++) {
            for (int k = 0; k < 10; k++) {
                twice[j * 10 + k] = j % 4 == 2 ? twice[(j - 2) * 10 + k] : random.nextDouble();
            }
        }
        Points doubled = Points.of(4096, 10, twice);
        assertEquals(1024, LowRankFactorisation.rank(TrainingKernel.of(new RbfKernel(), 1e4,
                doubled.select(IntStream.range(0, 1024).map(i -> 4 * i).toArray())), 1e-10, 3000,
                Parallelism.sequential()), "the smaller sample is at its full rank");
        assertEquals(1024, LowRankFactorisation.rank(TrainingKernel.of(new RbfKernel(), 1e4,
                doubled.select(IntStream.range(0, 2048).map(i -> 2 * i).toArray())), 1e-10, 3000,
                Parallelism.sequential()), "the larger sample holds each of them twice");
        assertEquals(3000, RankProbe.estimate(narrow, doubled, 3000, Parallelism.sequential()));
        // folds too small for a smaller sample of 64 points are not sampled: with a wide kernel
        // (γ = 0.01) 64 points are far from full rank, and 256 are sampled
        KrrSettings wide = new KrrSettings(new RbfKernel(), 0.01, Mode.FAST, 1e-15, 3000);
        Points small = Points.of(255, 10, Arrays.copyOf(probabilities, 2550));
        assertEquals(3000, RankProbe.estimate(wide, small, 3000, Parallelism.sequential()));
        Points enough = Points.of(256, 10, Arrays.copyOf(probabilities, 2560));
        long sampled = RankProbe.estimate(wide, enough, 3000, Parallelism.sequential());
        int whole = LowRankFactorisation.rank(TrainingKernel.of(new RbfKernel(), 0.01, enough), 1e-15, 3000,
                Parallelism.sequential());
        assertTrue(sampled < 256 && Math.abs(sampled - whole) <= 0.2 * whole, sampled + " against " + whole);
    }

    @Test
    void aLongBoundBecomesTheTimeAtTheEstimatedRank() {
        Workload workload = new Workload(5, 1, 6400, 2000, 10, 18, 2);
        CalibrationSet sample = new CalibrationSet(fold, Points.of(6400, 10, new double[6400 * 10]));
        try (ThreadPool pool = new ThreadPool(2)) {
            RunCache cache = new MapRunCache();
            CalibrationEstimator kkr = new KroneckerKrr().create(Fixtures.context(Notion.CANONICAL, 10, Map.of(), pool,
                    cache));
            TimeNeed bound = kkr.timeNeed(workload).orElseThrow();
            assertTrue(bound.upperBound() && bound.seconds() >= KernelRidgeProvider.PROBE_FROM, bound.toString());
            TimeNeed need = kkr.timeNeed(workload, sample).orElseThrow();
            assertFalse(need.upperBound(), "an estimate at the probed rank: " + need);
            long rank = RankProbe.estimate(SETTINGS, fold, 3000, Parallelism.sequential());
            CostModel.Machine machine = new CostModel.Machine(SymmetricEigen.nativeLapack(), Gemm.nativeBlas(),
                    LowRankFactorisation.kernelProducts(new RbfKernel(), 10));
            double factoring = CostModel.foldSeconds(Mode.FAST, 6400, rank, 10, machine);
            double fitting = 18 * CostModel.kroneckerFitSeconds(Mode.FAST, rank);
            assertEquals(3 * (factoring + fitting), need.seconds(), 1e-12 * need.seconds());
            assertEquals("fast mode, a pivoted Cholesky of rank about " + rank + " per training fold of 6400 points "
                    + "(about " + CostModel.words(factoring) + " each; the rank estimated from samples of the fold, the "
                    + "cap 3000) and the grid points' fits (about " + CostModel.words(fitting) + " a fold)",
                    need.account());

            // ukkr in the same run takes the probe's rank from the run's cache: a sample it would
            // probe differently (every point the same) changes nothing
            CalibrationSet same = new CalibrationSet(Points.of(6400, 10, new double[6400 * 10]),
                    Points.of(6400, 10, new double[6400 * 10]));
            CalibrationEstimator ukkr = new TwoStepKrr().create(Fixtures.context(Notion.CANONICAL, 10, Map.of(), pool,
                    cache));
            assertEquals(ukkr.timeNeed(new Workload(5, 1, 6400, 2000, 10, 180, 2), sample),
                    ukkr.timeNeed(new Workload(5, 1, 6400, 2000, 10, 180, 2), same));
            // exact mode, and a sample that is not the workload's fold, keep the answer without the data
            CalibrationEstimator exact = new KroneckerKrr().create(Fixtures.context(Notion.CANONICAL, 10,
                    Map.of("mode", "exact"), pool, new MapRunCache()));
            assertEquals(exact.timeNeed(workload), exact.timeNeed(workload, sample));
            CalibrationEstimator other = new KroneckerKrr().create(Fixtures.context(Notion.CANONICAL, 10, Map.of(),
                    pool, new MapRunCache()));
            assertEquals(other.timeNeed(new Workload(5, 1, 6401, 2000, 10, 18, 2)),
                    other.timeNeed(new Workload(5, 1, 6401, 2000, 10, 18, 2), sample));
        }
    }

    @Test
    void theProbesKeyHashesAsARecordWould() {
        KernelRidgeProvider.Announcement said = new KernelRidgeProvider.Announcement(
                KernelRidgeProvider.SpectrumKey.anyFold(SETTINGS), 6400L);
        KernelRidgeProvider.ProbedRank key = new KernelRidgeProvider.ProbedRank(said);
        assertEquals(said.hashCode(), key.hashCode());
        assertEquals(new KernelRidgeProvider.ProbedRank(new KernelRidgeProvider.Announcement(
                KernelRidgeProvider.SpectrumKey.anyFold(SETTINGS), 6400L)), key);
        assertFalse(key.equals(new KernelRidgeProvider.ProbedRank(new KernelRidgeProvider.Announcement(
                KernelRidgeProvider.SpectrumKey.anyFold(SETTINGS), 6401L))));
        assertFalse(key.equals(said));
    }
}
