package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;

import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * Factorisations shared between {@code kkr} and {@code ukkr}: both need the same spectrum of
 * the same training fold, and a run that evaluates both (as the published comparison does)
 * factors each fold once. Keys are the training sets, held weakly, so an entry lives as long
 * as the pipeline keeps the fold; equal training sets and equal settings give bit-identical
 * factorisations, so sharing never changes a result.
 */
final class SpectrumCache {
    private static final Map<CalibrationSet, Map<KrrSettings, KernelSpectrum>> CACHE = new WeakHashMap<>();

    private SpectrumCache() {
    }

    /**
     * @param training the training fold
     * @param settings the settings that determine the factorisation
     * @param factor   computes it when it is not cached
     * @return the spectrum
     */
    static KernelSpectrum get(CalibrationSet training, KrrSettings settings, Supplier<KernelSpectrum> factor) {
        synchronized (CACHE) {
            KernelSpectrum cached = CACHE.getOrDefault(training, Map.of()).get(settings);
            if (cached != null) {
                return cached;
            }
        }
        KernelSpectrum computed = factor.get();
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(training, key -> new HashMap<>()).merge(settings, computed, (old, fresh) -> old);
        }
    }
}
