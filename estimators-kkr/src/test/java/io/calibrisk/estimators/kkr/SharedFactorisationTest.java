package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kkr and ukkr share each training fold's factorisation through the run's cache, keyed by the
 * fold's id and the settings' values, never by the identity of an object.
 */
class SharedFactorisationTest {

    /** A run cache as a run keeps one: one computation per key, the factorisations' counted. */
    private static final class CountingCache implements RunCache {
        private final Map<Object, Object> values = new ConcurrentHashMap<>();
        private final AtomicInteger computations = new AtomicInteger();

        @Override
        public <T> T computeIfAbsent(Object key, Class<T> type, Supplier<? extends T> compute) {
            return type.cast(values.computeIfAbsent(key, k -> {
                computations.addAndGet(type == KernelRidgeProvider.SharedSpectrum.class ? 1 : 0);
                return compute.get();
            }));
        }
    }

    private static final Notion NOTION = Notion.TOP_LABEL;

    private static CalibrationEstimator create(EstimatorProvider provider, Map<String, String> settings, RunCache cache) {
        return provider.create(Fixtures.context(NOTION, 5, settings, Parallelism.sequential(), cache));
    }

    /** Training fold f of k = 3 over 300 simulated samples: the samples outside block f. */
    private static TrainingFold fold(CalibrationSet all, int f, EstimatorProvider provider) {
        int[] rows = IntStream.range(0, 300).filter(i -> i / 100 != f).toArray();
        CalibrationSet training = all.select(rows);
        List<Hyperparameters> grid = provider.defaultSearchSpace(NOTION).points(training.size());
        return new TrainingFold(new TrainingFold.Id(f, 0), training, grid);
    }

    /** @return training fold f prepared by an estimator of the provider that shares nothing with another */
    private static PreparedTraining unshared(KernelRidgeProvider provider, CalibrationSet all, int f) {
        return create(provider, Map.of(), RunCache.none()).prepare(fold(all, f, provider));
    }

    @Test
    void kkrAndUkkrOfOneRunFactorEachFoldOnce() {
        CalibrationSet all = Simulations.paper(3).samples().component(NOTION);
        Points queries = all.select(IntStream.range(300, 400).toArray()).points();
        CountingCache cache = new CountingCache();
        CalibrationEstimator kkr = create(new KroneckerKrr(), Map.of(), cache);
        CalibrationEstimator ukkr = create(new TwoStepKrr(), Map.of(), cache);
        // a third estimator of the run with the same settings, created with the others (a run
        // creates all before it prepares any fold)
        CalibrationEstimator third = create(new TwoStepKrr(), Map.of(), cache);
        for (int f = 0; f < 3; f++) {
            PreparedTraining sharedKkr = kkr.prepare(fold(all, f, new KroneckerKrr()));
            PreparedTraining sharedUkkr = ukkr.prepare(fold(all, f, new TwoStepKrr()));
            assertEquals(f + 1, cache.computations.get(), "one factorisation per fold, shared by kkr and ukkr");
            // sharing changes nothing: the same features as estimators that share nothing
            PreparedTraining aloneKkr = unshared(new KroneckerKrr(), all, f);
            PreparedTraining aloneUkkr = unshared(new TwoStepKrr(), all, f);
            assertArrayEquals(features(aloneKkr, 1e-3, queries), features(sharedKkr, 1e-3, queries));
            assertArrayEquals(features(aloneUkkr, 1e-3, queries), features(sharedUkkr, 1e-3, queries));
        }
        // a fold prepared by another estimator of the run finds its factorisation
        third.prepare(fold(all, 1, new TwoStepKrr()));
        assertEquals(3, cache.computations.get());
        // other settings need their own
        create(new TwoStepKrr(), Map.of("gamma", "0.5"), cache).prepare(fold(all, 0, new TwoStepKrr()));
        assertEquals(4, cache.computations.get());
        create(new KroneckerKrr(), Map.of("mode", "exact"), cache).prepare(fold(all, 0, new KroneckerKrr()));
        assertEquals(5, cache.computations.get());
    }

    /**
     * The cache holds a fold's factorisation until every estimator of the run that shares it has
     * taken it, and no longer: kkr alone in a run does not keep its earlier folds' to the end.
     */
    @Test
    void theCacheLetsAFactorisationGoOnceEverySharerTookIt() {
        CalibrationSet all = Simulations.paper(3).samples().component(NOTION);
        CountingCache alone = new CountingCache();
        CalibrationEstimator kkr = create(new KroneckerKrr(), Map.of(), alone);
        kkr.prepare(fold(all, 0, new KroneckerKrr()));
        assertFalse(held(alone, 0), "kkr alone: nothing later asks for fold 0's factorisation");
        // prepared again (a search strategy may ask): factored again, with the same result
        Points queries = all.select(IntStream.range(300, 400).toArray()).points();
        assertArrayEquals(features(kkr.prepare(fold(all, 0, new KroneckerKrr())), 1e-3, queries),
                features(unshared(new KroneckerKrr(), all, 0), 1e-3, queries));

        CountingCache both = new CountingCache();
        CalibrationEstimator sharingKkr = create(new KroneckerKrr(), Map.of(), both);
        CalibrationEstimator sharingUkkr = create(new TwoStepKrr(), Map.of(), both);
        CalibrationEstimator otherSettings = create(new TwoStepKrr(), Map.of("gamma", "0.5"), both);
        sharingKkr.prepare(fold(all, 0, new KroneckerKrr()));
        assertTrue(held(both, 0), "ukkr has yet to take it");
        // the same estimator preparing the fold again counts once
        sharingKkr.prepare(fold(all, 0, new KroneckerKrr()));
        assertTrue(held(both, 0), "ukkr has yet to take it");
        sharingUkkr.prepare(fold(all, 0, new TwoStepKrr()));
        assertFalse(held(both, 0), "both took it");
        assertEquals(1, both.computations.get());
        // an estimator with other settings shares nothing and holds nothing back
        otherSettings.prepare(fold(all, 0, new TwoStepKrr()));
        assertEquals(2, both.computations.get());
    }

    /**
     * Between kkr's turn and ukkr's the cache holds a fold's factorisation softly: when the
     * collector lets it go for room, ukkr factors the fold again, with the same result as the
     * factorisation it would have shared.
     */
    @Test
    void aFactorisationTheCollectorLetGoIsFactoredAgainWithTheSameResult() {
        CalibrationSet all = Simulations.paper(3).samples().component(NOTION);
        Points queries = all.select(IntStream.range(300, 400).toArray()).points();
        CountingCache cache = new CountingCache();
        CalibrationEstimator kkr = create(new KroneckerKrr(), Map.of(), cache);
        CalibrationEstimator ukkr = create(new TwoStepKrr(), Map.of(), cache);
        for (int f = 0; f < 2; f++) {
            kkr.prepare(fold(all, f, new KroneckerKrr()));
        }
        assertTrue(held(cache, 0) && held(cache, 1), "held for ukkr");
        shared(cache, 0).collect();
        assertFalse(held(cache, 0), "the collector let fold 0's go");
        assertTrue(held(cache, 1));
        for (int f = 0; f < 2; f++) {
            PreparedTraining prepared = ukkr.prepare(fold(all, f, new TwoStepKrr()));
            PreparedTraining alone = unshared(new TwoStepKrr(), all, f);
            assertArrayEquals(features(alone, 1e-3, queries), features(prepared, 1e-3, queries), "fold " + f);
        }
        assertEquals(2, cache.computations.get(), "fold 0 factored again outside the cache, fold 1 shared");
        assertFalse(held(cache, 0) || held(cache, 1), "both took both");
    }

    /**
     * kkr fits a round's points ahead, in parallel, and holds them softly: a fit the collector
     * let go is fitted again, with the same result.
     */
    @Test
    void aFitAheadTheCollectorLetGoIsFittedAgainWithTheSameResult() {
        CalibrationSet all = Simulations.paper(3).samples().component(NOTION);
        Points queries = all.select(IntStream.range(300, 400).toArray()).points();
        List<Hyperparameters> grid = fold(all, 0, new KroneckerKrr()).planned();
        KernelRidgeProvider.Prepared ahead = (KernelRidgeProvider.Prepared) unshared(new KroneckerKrr(), all, 0);
        KernelRidgeProvider.Prepared collected = (KernelRidgeProvider.Prepared) unshared(new KroneckerKrr(), all, 0);
        assertEquals(grid.size(), ahead.held(), "the whole grid fitted ahead");
        collected.collect();
        assertEquals(0, collected.held());
        for (int i = 0; i < grid.size(); i++) {
            double[] expected = ahead.fit(grid.get(i)).bilinearForm().orElseThrow().features(queries).values();
            assertArrayEquals(expected, collected.fit(grid.get(i)).bilinearForm().orElseThrow().features(queries)
                    .values(), grid.get(i).toString());
        }
    }

    private static KernelRidgeProvider.SharedSpectrum shared(CountingCache cache, int f) {
        KrrSettings settings = new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 3000);
        return (KernelRidgeProvider.SharedSpectrum) cache.values.get(
                new KernelRidgeProvider.SpectrumKey(new TrainingFold.Id(f, 0), settings));
    }

    /** @return whether the cache holds fold f's factorisation for the default settings */
    private static boolean held(CountingCache cache, int f) {
        return shared(cache, f).held();
    }

    private static double[] features(PreparedTraining prepared, double c, Points queries) {
        Hyperparameters point = Hyperparameters.of(Map.of("lambda", c));
        return prepared.fit(point).bilinearForm().orElseThrow().features(queries).values();
    }

    @Test
    void theKeyIsTheFoldAndTheSettingsByValue() {
        TrainingFold.Id fold = new TrainingFold.Id(2, 1);
        KrrSettings settings = new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 3000);
        KernelRidgeProvider.SpectrumKey key = new KernelRidgeProvider.SpectrumKey(fold, settings);
        assertEquals(key, new KernelRidgeProvider.SpectrumKey(new TrainingFold.Id(2, 1),
                new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 3000)), "another kernel object of the same name");
        assertEquals(key.hashCode(), new KernelRidgeProvider.SpectrumKey(fold,
                new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 3000)).hashCode());
        for (KernelRidgeProvider.SpectrumKey other : List.of(
                new KernelRidgeProvider.SpectrumKey(new TrainingFold.Id(1, 1), settings),
                new KernelRidgeProvider.SpectrumKey(new TrainingFold.Id(2, 0), settings),
                new KernelRidgeProvider.SpectrumKey(fold, new KrrSettings(Fixtures.KERNELS.get("laplacian"), 1.0,
                        Mode.FAST, 1e-15, 3000)),
                new KernelRidgeProvider.SpectrumKey(fold, new KrrSettings(new RbfKernel(), 2.0, Mode.FAST, 1e-15, 3000)),
                new KernelRidgeProvider.SpectrumKey(fold, new KrrSettings(new RbfKernel(), 1.0, Mode.EXACT, 1e-15, 3000)),
                new KernelRidgeProvider.SpectrumKey(fold, new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-12, 3000)),
                new KernelRidgeProvider.SpectrumKey(fold, new KrrSettings(new RbfKernel(), 1.0, Mode.FAST, 1e-15, 30)))) {
            assertNotEquals(key, other);
        }
    }

    /**
     * The run's cache keys hash as records would, so maps keyed by them iterate as before (their
     * methods are written out: docs/performance.md, "Records' own methods").
     */
    @Test
    void theKeysHashAsRecordsWould() {
        TrainingFold.Id fold = new TrainingFold.Id(2, 1);
        KrrSettings settings = new KrrSettings(new RbfKernel(), 1.5, Mode.FAST, 1e-15, 3000);
        KernelRidgeProvider.SpectrumKey key = new KernelRidgeProvider.SpectrumKey(fold, settings);
        int h = fold.hashCode();
        h = 31 * h + new RbfKernel().name().hashCode();
        h = 31 * h + Double.hashCode(1.5);
        h = 31 * h + Mode.FAST.hashCode();
        h = 31 * h + Double.hashCode(1e-15);
        h = 31 * h + 3000;
        assertEquals(h, key.hashCode());
        KernelRidgeProvider.Announcement said = new KernelRidgeProvider.Announcement(key, 32_000L);
        assertEquals(31 * h + Long.hashCode(32_000L), said.hashCode());
        assertEquals(new KernelRidgeProvider.Announcement(new KernelRidgeProvider.SpectrumKey(fold, settings), 32_000L),
                said);
        assertNotEquals(new KernelRidgeProvider.Announcement(key, 32_001L), said);
        assertNotEquals(new KernelRidgeProvider.Announcement(KernelRidgeProvider.SpectrumKey.anyFold(settings), 32_000L),
                said);
        assertNotEquals(key, said);
        assertNotEquals(said, key);
        assertNotEquals(key, null);
    }
}
