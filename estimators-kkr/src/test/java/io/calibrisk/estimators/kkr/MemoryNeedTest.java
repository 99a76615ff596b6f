package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.MemoryNeed;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.testsupport.plugin.MapRunCache;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory a training fold's factorisation plans for, by hand from the formula of
 * {@code memoryNeed}: exact mode 8·(4n² + 2n'n) bytes; fast mode
 * 8·(3nr + 64n + 3r² + 2n'r) with r the smallest of n, the rank cap and twice the kernel's rank
 * bound.
 */
class MemoryNeedTest {

    private static CalibrationEstimator estimator(EstimatorProvider provider, Map<String, String> settings,
                                                  RunCache cache) {
        return provider.create(Fixtures.context(Notion.TOP_LABEL, 5, settings, Parallelism.sequential(), cache));
    }

    private static MemoryNeed need(EstimatorProvider provider, Map<String, String> settings, int n, int queries,
                                   int dimension) {
        return estimator(provider, settings, RunCache.none()).memoryNeed(n, queries, dimension);
    }

    @Test
    void exactModeHoldsFourMatricesOfTheFoldAndTheQueryRows() {
        MemoryNeed need = need(new KroneckerKrr(), Map.of("mode", "exact"), 1000, 200, 1);
        assertEquals(8L * (4 * 1000 * 1000 + 2 * 200 * 1000), need.bytes());
        assertEquals("--set kkr.mode=fast", need.advice());
        assertEquals(8L * (4L * 50_000 * 50_000 + 2L * 10_000 * 50_000),
                need(new TwoStepKrr(), Map.of("mode", "exact"), 50_000, 10_000, 10).bytes(), "no overflow");
        assertEquals("--set ukkr.mode=fast", need(new TwoStepKrr(), Map.of("mode", "exact"), 10, 10, 1).advice());
    }

    /** The factor, residuals, kernel rows of a block and base features the held-out correction holds. */
    private static long held(long n, long r, long q, long d) {
        return n * r + n * d + (long) HeldOutCorrection.POINT_BLOCK * n + r * q;
    }

    @Test
    void fastModePlansForTwiceTheRbfRankBound() {
        // rbf, γ = 1, tolerance 1e−15, one dimension: the bound is 23, so r = 46
        long r = 46;
        MemoryNeed need = need(new KroneckerKrr(), Map.of(), 1000, 200, 1);
        assertEquals(8 * (3 * 1000 * r + (2 * r + 1) * 1000 + 2 * 128 * r + 3 * r * r + 2 * 200 * r + held(1000, r, 200, 1)),
                need.bytes());
        assertEquals("a smaller --set kkr.max-rank", need.advice());
        // a smaller cap wins
        long cap = 20;
        // (with the spectrum at half the rank that a fold stopped by the cap is checked against)
        long half = 10;
        assertEquals(8 * (3 * 1000 * cap + (2 * cap + 1) * 1000 + 2 * 128 * cap + 3 * cap * cap + 2 * 200 * cap
                        + held(1000, cap, 200, 1)
                        + 3 * half * half),
                need(new TwoStepKrr(), Map.of("max-rank", "20"), 1000, 200, 1).bytes());
        // and so does a small fold
        long n = 30;
        assertEquals(8 * (3 * n * n + (2 * n + 1) * n + 2 * n * n + 3 * n * n + 2 * 10 * n + held(n, n, 10, 1)),
                need(new KroneckerKrr(), Map.of(), 30, 10, 1).bytes());
        // a factor beyond the correction's limit is not held
        long big = 100_000;
        assertEquals(8 * (3 * big * r + (2 * r + 1) * big + 2 * 128 * r + 3 * r * r + 2 * 200 * r),
                need(new KroneckerKrr(), Map.of(), (int) big, 200, 1).bytes());
    }

    /** The cap, with the spectrum at half of it that the fits of a fold stopped there are checked against. */
    @Test
    void fastModeWithoutARankBoundPlansForTheCap() {
        long n = 5000;
        long r = 3000;
        long half = 1500;
        assertEquals(8 * (3 * n * r + (129 + 128) * n + 2 * 128 * r + 3 * r * r + 2 * 100 * r + 3 * half * half),
                need(new KroneckerKrr(), Map.of("kernel", "laplacian"), 5000, 100, 1).bytes());
        // rbf in ten dimensions: the bound C(32, 10) is far above the cap
        assertEquals(8 * (3 * n * r + (129 + 128) * n + 2 * 128 * r + 3 * r * r + 2 * 100 * r + 3 * half * half),
                need(new TwoStepKrr(), Map.of(), 5000, 100, 10).bytes());
        // a cap of n leaves nothing to check
        assertEquals(8 * (3 * r * r + (129 + 128) * r + 2 * 128 * r + 3 * r * r + 2 * 100 * r),
                need(new TwoStepKrr(), Map.of(), 3000, 100, 10).bytes());
    }

    /**
     * The room, as the pipeline counts it, of the given folds at once with kkr at the given cap
     * on one thread: folds × what a fold holds + the thread's fit.
     */
    private static long room(int folds, int cap) {
        MemoryNeed need = need(new KroneckerKrr(), Map.of("max-rank", "" + cap), 6400, 2000, 10);
        return folds * need.bytes() + need.threadBytes();
    }

    /**
     * A fit's working space, once per thread: kkr's M and its compression, 7q² doubles at the
     * planned rank (the fold's size in exact mode); ukkr's ĝ and its combination, 2·m·q.
     */
    @Test
    void eachThreadsFitIsCountedApart() {
        assertEquals(8L * 7 * 3000 * 3000, need(new KroneckerKrr(), Map.of(), 6400, 2000, 10).threadBytes());
        assertEquals(8L * 7 * 46 * 46, need(new KroneckerKrr(), Map.of(), 6400, 2000, 1).threadBytes());
        assertEquals(8L * 7 * 1000 * 1000, need(new KroneckerKrr(), Map.of("mode", "exact"), 1000, 200, 1).threadBytes());
        assertEquals(8L * 2 * 10 * 3000, need(new TwoStepKrr(), Map.of(), 6400, 2000, 10).threadBytes());
        assertEquals(8L * 2 * 1000, need(new TwoStepKrr(), Map.of("mode", "exact"), 1000, 200, 1).threadBytes());
    }

    /**
     * The advice for the folds' room names the largest cap with which they fit, with each
     * thread's fit, rounded down to two significant digits where that fits too, by the same
     * formulas as the need; in exact mode the fast mode first, with a cap only where the default
     * one does not fit.
     */
    @Test
    void theAdviceNamesTheLargestRankCapThatFits() {
        CalibrationEstimator kkr = estimator(new KroneckerKrr(), Map.of(), RunCache.none());
        // one fold capped at 1234 (the half rank, 617, is counted) and one thread's fit at that
        // rank: 1200 fits in it
        long r = 1234;
        long n = 6400;
        long q = 2000;
        long fold = 8 * (3 * n * r + (129 + 128) * n + 2 * 128 * r + 3 * r * r + 2 * q * r + 3 * 617 * 617);
        assertEquals(fold + 8 * 7 * r * r, room(1, 1234));
        assertEquals("--set kkr.max-rank=1200", kkr.memoryAdvice(6400, 2000, 10, 1, room(1, 1234)));
        assertEquals("--set kkr.max-rank=1200", kkr.memoryAdvice(6400, 2000, 10, 1, room(1, 1234) - 1));
        // two folds at once need a smaller cap in the same room: the largest that fits is in
        // 750 to 759
        assertEquals("--set kkr.max-rank=750", kkr.memoryAdvice(6400, 2000, 10, 2, room(1, 1234)));
        assertTrue(room(2, 750) <= room(1, 1234) && room(2, 760) > room(1, 1234));
        // a byte less than a cap of 1 needs: nothing fits
        assertEquals("--set kkr.max-rank=1", kkr.memoryAdvice(6400, 2000, 10, 1, room(1, 1)));
        assertEquals("", kkr.memoryAdvice(6400, 2000, 10, 1, room(1, 1) - 1));
        // where the rounded cap does not fit, the exact one is named: at n = 6400 a factor of rank
        // 163 or less is held with its residuals (HELD_LIMIT, 2^20 doubles), so a cap of 160
        // needs more than one of 167
        assertTrue(room(1, 160) > room(1, 167));
        assertEquals("--set kkr.max-rank=167", kkr.memoryAdvice(6400, 2000, 10, 1, room(1, 167)));
        // exact mode: the fast mode where its cap fits, with a cap where it does not
        CalibrationEstimator exact = estimator(new KroneckerKrr(), Map.of("mode", "exact"), RunCache.none());
        assertEquals("--set kkr.mode=fast", exact.memoryAdvice(6400, 2000, 10, 1, room(1, 3000)));
        assertEquals("--set kkr.mode=fast --set kkr.max-rank=1200", exact.memoryAdvice(6400, 2000, 10, 1,
                room(1, 1234)));
    }

    /**
     * kkr and ukkr of one run share their factorisations: each advises the same setting for both,
     * for the hungrier fits (kkr's), so that following the advice keeps them sharing.
     */
    @Test
    void estimatorsThatShareAFactorisationAreAdvisedTheSameSetting() {
        MapRunCache cache = new MapRunCache();
        CalibrationEstimator kkr = estimator(new KroneckerKrr(), Map.of(), cache);
        CalibrationEstimator ukkr = estimator(new TwoStepKrr(), Map.of(), cache);
        assertEquals("--set kkr.max-rank=1200 --set ukkr.max-rank=1200", kkr.memoryAdvice(6400, 2000, 10, 1,
                room(1, 1234)));
        assertEquals("--set kkr.max-rank=1200 --set ukkr.max-rank=1200", ukkr.memoryAdvice(6400, 2000, 10, 1,
                room(1, 1234)));
        // alone, ukkr's own fits are far smaller: a larger cap fits in the same room
        String alone = estimator(new TwoStepKrr(), Map.of(), RunCache.none()).memoryAdvice(6400, 2000, 10, 1,
                room(1, 1234));
        assertTrue(Integer.parseInt(alone.substring("--set ukkr.max-rank=".length())) > 1400, alone);
        // other settings, other factorisations: not shared
        CalibrationEstimator other = estimator(new TwoStepKrr(), Map.of("gamma", "2"), cache);
        assertEquals(alone, other.memoryAdvice(6400, 2000, 10, 1, room(1, 1234)));
        MapRunCache exactCache = new MapRunCache();
        CalibrationEstimator exact = estimator(new KroneckerKrr(), Map.of("mode", "exact"), exactCache);
        estimator(new TwoStepKrr(), Map.of("mode", "exact"), exactCache);
        assertEquals("--set kkr.mode=fast --set ukkr.mode=fast", exact.memoryAdvice(6400, 2000, 10, 1, room(1, 3000)));
    }

    @Test
    void ranksAreRoundedDownToTwoSignificantDigits() {
        assertEquals(2600, KernelRidgeProvider.roundedDown(2699));
        assertEquals(12000, KernelRidgeProvider.roundedDown(12_345));
        assertEquals(100, KernelRidgeProvider.roundedDown(100));
        assertEquals(99, KernelRidgeProvider.roundedDown(99));
        assertEquals(1, KernelRidgeProvider.roundedDown(1));
    }

    /**
     * Planning memory computes and says nothing, and leaves the run's cache alone. The time
     * estimate counts a factorisation once per run, factorisation and training size: for the
     * first of kkr and ukkr asked, which keeps it when asked again.
     */
    @Test
    void theFactorisationsTimeIsCountedOncePerFactorisationAndTrainingSize() {
        for (String mode : new String[] {"fast", "exact"}) {
            MapRunCache cache = new MapRunCache();
            CalibrationEstimator planned = estimator(new KroneckerKrr(), Map.of("mode", mode), cache);
            // creating it counts it among the factorisation's sharers, and nothing more
            assertEquals(List.of(KernelRidgeProvider.SpectrumKey.anyFold(
                    KrrSettings.from("kkr", Fixtures.settings(Map.of("mode", mode))))), cache.keys(), mode);
            planned.memoryNeed(100, 10, 1);
            assertEquals(1, cache.keys().size(), mode + ": a memory plan leaves the cache alone");
            Workload small = new Workload(5, 1, 100, 20, 1, 9, 1);
            CalibrationEstimator kkr = estimator(new KroneckerKrr(), Map.of("mode", mode), cache);
            assertTrue(kkr.timeNeed(small).isPresent(), mode);
            assertEquals(2, cache.keys().size(), mode);
            assertEquals(kkr.timeNeed(small), kkr.timeNeed(small), mode + ": kkr keeps the factorisation");
            assertEquals(Optional.empty(), estimator(new TwoStepKrr(), Map.of("mode", mode), cache).timeNeed(small),
                    mode + ": ukkr shares kkr's, and its fits take no time to speak of");
            assertTrue(estimator(new TwoStepKrr(), Map.of("mode", mode), cache)
                    .timeNeed(new Workload(5, 1, 120, 20, 1, 9, 1)).isPresent(), mode + ": another training size");
            assertEquals(3, cache.keys().size(), mode);
        }
    }
}
