package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.PluginException;
import io.calibrisk.api.estimator.RunCache;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The {@link RunCache} of one run: each key is computed once, by the first caller, while
 * concurrent callers with an equal key wait for that computation (a future per key). A
 * computation that fails is forgotten, so that a later caller tries again, and its failure is
 * rethrown to the callers that waited for it. Everything is released when the run closes the
 * cache.
 *
 * <p>A computation must not ask for its own key (that is refused). Waiting inside the run's fork-join pool is a managed block, so a worker that waits does
 * not starve the computation it waits for of threads.
 */
final class RunScopedCache implements RunCache, AutoCloseable {
    private final ConcurrentHashMap<Object, Pending> values = new ConcurrentHashMap<>();

    /** A value being computed, or computed, by one thread. */
    private record Pending(Thread owner, CompletableFuture<Object> value) {
    }

    @Override
    public <T> T computeIfAbsent(Object key, Class<T> type, Supplier<? extends T> compute) {
        if (key == null || type == null || compute == null) {
            throw new PluginException("run cache: the key, the type and the computation must be given");
        }
        Pending mine = new Pending(Thread.currentThread(), new CompletableFuture<>());
        Pending known = values.putIfAbsent(key, mine);
        if (known == null) {
            T value;
            try {
                value = compute.get();
                if (value == null) {
                    throw new PluginException("run cache: the computation for " + key + " returned nothing");
                }
            } catch (RuntimeException | Error e) {
                values.remove(key, mine);
                mine.value().completeExceptionally(e);
                throw e;
            }
            mine.value().complete(value);
            return cast(key, type, value);
        }
        if (known.owner() == Thread.currentThread() && !known.value().isDone()) {
            throw new PluginException("run cache: the computation for " + key + " was asked for again by the thread computing it; a computation must not ask for its own key");
        }
        try {
            return cast(key, type, known.value().join());
        } catch (CompletionException | CancellationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw e;
        }
    }

    private static <T> T cast(Object key, Class<T> type, Object value) {
        if (!type.isInstance(value)) {
            throw new PluginException("run cache: " + key + " holds a " + value.getClass().getSimpleName()
                    + ", not a " + type.getSimpleName() + "; use distinct keys for distinct values");
        }
        return type.cast(value);
    }

    /** @return the number of values held */
    int size() {
        return values.size();
    }

    /** Releases every value: the run is over. */
    @Override
    public void close() {
        values.clear();
    }
}
