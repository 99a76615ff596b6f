package io.calibrisk.api.estimator;

import java.util.function.Supplier;

/**
 * Values shared between the estimators of one run, owned by the run: for example the
 * factorisation of a training fold's kernel matrix, which {@code kkr} and {@code ukkr} both
 * need. The cache lives exactly as long as the run and is released with it; nothing is
 * shared between runs.
 *
 * <p>Keys are values: records whose equality is by content, that include the
 * {@link TrainingFold#id()} when the value depends on the fold, and every setting the value
 * depends on. Equal keys must mean interchangeable values.
 *
 * @since 1.0
 */
public interface RunCache {

    /**
     * Returns the value for a key, computing it once per run. Concurrent callers with equal
     * keys wait for one computation.
     *
     * @param key     the key, equal by content
     * @param type    the value's type
     * @param compute computes the value when absent
     * @param <T>     the value's type
     * @return the value
     */
    <T> T computeIfAbsent(Object key, Class<T> type, Supplier<? extends T> compute);

    /** @return a cache that computes every time and keeps nothing, for use outside a run */
    static RunCache none() {
        return new RunCache() {
            @Override
            public <T> T computeIfAbsent(Object key, Class<T> type, Supplier<? extends T> compute) {
                return type.cast(compute.get());
            }
        };
    }
}
