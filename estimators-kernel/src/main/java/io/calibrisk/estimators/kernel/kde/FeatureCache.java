package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Features computed ahead for bandwidths not asked for yet, per query set. The pipeline fits
 * one bandwidth at a time and asks for the features of the same evaluation and test points each
 * time; computing the whole batch of bandwidths at the first request shares the bandwidth-free
 * work. Each feature matrix is handed out once and then dropped. Entries are keyed by the
 * points' values ({@link Points#equals}: features are a function of the values alone, so equal
 * points share them whoever holds them), and the least recently used beyond {@link #CAPACITY}
 * are dropped, which costs only recomputation: a feature matrix is bit-identical whichever
 * batch computed it. Local to one training fold's preparation.
 */
final class FeatureCache {
    private static final int CAPACITY = 4;

    private static final class Entry {
        private final Map<Double, FeatureMatrix> ready = new HashMap<>();
        private final Set<Double> computed = new HashSet<>();
    }

    private final LinkedHashMap<Points, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Points, Entry> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * @param points    query points
     * @param bandwidth a bandwidth
     * @return the features computed ahead for them, removed from the cache; null if none
     */
    synchronized FeatureMatrix take(Points points, double bandwidth) {
        Entry entry = entries.get(points);
        return entry == null ? null : entry.ready.remove(bandwidth);
    }

    /**
     * @param points query points
     * @return the bandwidths whose features were already computed for them
     */
    synchronized Set<Double> computed(Points points) {
        Entry entry = entries.get(points);
        return entry == null ? Set.of() : Set.copyOf(entry.computed);
    }

    /**
     * @param points   query points none of whose features is handed out yet
     * @param features bandwidth → features computed ahead, to hand out later
     */
    synchronized void offerAhead(Points points, Map<Double, FeatureMatrix> features) {
        keep(entries.computeIfAbsent(points, p -> new Entry()), features);
    }

    /**
     * @param points   query points
     * @param features bandwidth → features computed ahead, to hand out later
     * @param handed   the bandwidth computed in the same batch and handed out now
     */
    synchronized void offer(Points points, Map<Double, FeatureMatrix> features, double handed) {
        Entry entry = entries.computeIfAbsent(points, p -> new Entry());
        entry.computed.add(handed);
        keep(entry, features);
    }

    /** Keeps the features of bandwidths not computed for the entry's points before. */
    private static void keep(Entry entry, Map<Double, FeatureMatrix> features) {
        features.forEach((bandwidth, phi) -> {
            if (entry.computed.add(bandwidth)) {
                entry.ready.put(bandwidth, phi);
            }
        });
    }
}
