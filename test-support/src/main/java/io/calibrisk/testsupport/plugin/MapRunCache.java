package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.estimator.RunCache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A {@link RunCache} for tests: one computation per key, concurrent callers of one key wait for
 * it, and a value computed for a key may itself use the cache (a {@link FutureTask} per key
 * rather than {@link ConcurrentHashMap#computeIfAbsent}, which forbids that). It records the
 * keys, so that a test can see what an estimator shares.
 */
public final class MapRunCache implements RunCache {
    private final Map<Object, FutureTask<Object>> values = new ConcurrentHashMap<>();
    private final List<Object> keys = new ArrayList<>();

    @Override
    public <T> T computeIfAbsent(Object key, Class<T> type, java.util.function.Supplier<? extends T> compute) {
        FutureTask<Object> task = new FutureTask<>(compute::get);
        FutureTask<Object> existing = values.putIfAbsent(key, task);
        if (existing == null) {
            synchronized (keys) {
                keys.add(key);
            }
            task.run();
            existing = task;
        }
        try {
            return type.cast(existing.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the run cache's value of " + key, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** @return the keys computed so far, in the order first asked for */
    public List<Object> keys() {
        synchronized (keys) {
            return List.copyOf(keys);
        }
    }
}
