package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * Each fold's share of the Nadaraya–Watson sums at the test split, computed once per run and
 * combined by every training fold that holds that fold. The sums are additive over centres, so
 * training fold f's regression at a test point is the other k − 1 folds' shares rescaled to a
 * common maximum: k share computations instead of k·(k − 1) fold-sized ones, a (k − 1)-fold
 * saving on the estimate's side of every grid point.
 *
 * <p>A share is keyed by the values of its fold's points and targets, of the query points and
 * of the bandwidth, so equal keys mean interchangeable shares whoever asks. A share is dropped
 * once each of the k − 1 training folds that hold its fold has taken it; one asked for again
 * (a preparation that the JVM released and made again) is computed again, bit for bit the same.
 * Concurrent callers of one share wait for its one computation; a caller that comes as the last
 * share of a query set is dropped may compute it once more, which costs time, never a bit.
 */
final class FoldShares {
    /** A fold at a query set; compared by value. */
    record Pair(CalibrationSet fold, Points queries) {
        // written out as ScalarNormalisers.Key's are
        @Override
        public final boolean equals(Object o) {
            return o instanceof Pair other && fold.equals(other.fold) && queries.equals(other.queries);
        }

        @Override
        public final int hashCode() {
            return 31 * fold.hashCode() + queries.hashCode();
        }
    }

    /** One share for one bandwidth, and how many training folds are still to take it. */
    private static final class Entry {
        private final CompletableFuture<Share> value = new CompletableFuture<>();
        private final AtomicInteger uses;

        Entry(int uses) {
            this.uses = new AtomicInteger(uses);
        }
    }

    /**
     * One fold's sums at every distinct query for one bandwidth (see {@link NadarayaWatson.Sums}).
     *
     * @param max         the largest log weight per query, −∞ where no weight counts
     * @param denominator the denominator relative to exp(max)
     * @param numerators  the numerators relative to exp(max), row-major with m columns
     */
    record Share(double[] max, double[] denominator, double[] numerators) {
    }

    private final Map<Pair, Map<Double, Entry>> entries = new ConcurrentHashMap<>();

    /**
     * The shares of several folds at one query set. First every share no other caller has
     * claimed is claimed and computed, in the order given; only then are the others waited
     * for. A claimed share is computed by the claiming thread alone ({@code compute} must not
     * use the run's pool): so a computation never waits for anything, and whoever waits for it
     * (the pool compensating the blocked worker) is sure to be released. With the pool instead,
     * a worker joining its blocks could run another fold's task on top of its unfinished share
     * (work stealing), and that fold could wait for the share beneath it for ever.
     *
     * @param folds      each fold's points and targets, in the order to claim them
     * @param points     the query points
     * @param bandwidths the bandwidths wanted
     * @param consumers  how many training folds will take each share
     * @param compute    computes the sums of a fold at the queries for the bandwidths given, on
     *                   the calling thread
     * @return per fold, the shares, one per bandwidth in order
     */
    Share[][] shares(List<CalibrationSet> folds, Points points, double[] bandwidths, int consumers,
                     BiFunction<CalibrationSet, double[], NadarayaWatson.Sums> compute) {
        int count = folds.size();
        Pair[] pairs = new Pair[count];
        List<Map<Double, Entry>> maps = new ArrayList<>();
        Entry[][] wanted = new Entry[count][bandwidths.length];
        for (int f = 0; f < count; f++) {
            pairs[f] = new Pair(folds.get(f), points);
            Map<Double, Entry> byBandwidth = entries.computeIfAbsent(pairs[f], p -> new ConcurrentHashMap<>());
            maps.add(byBandwidth);
            List<Integer> mine = new ArrayList<>();
            for (int b = 0; b < bandwidths.length; b++) {
                Entry fresh = new Entry(consumers);
                Entry known = byBandwidth.putIfAbsent(bandwidths[b], fresh);
                wanted[f][b] = known == null ? fresh : known;
                if (known == null) {
                    mine.add(b);
                }
            }
            if (!mine.isEmpty()) {
                compute(byBandwidth, folds.get(f), bandwidths, wanted[f], mine, compute);
            }
        }
        Share[][] out = new Share[count][bandwidths.length];
        for (int f = 0; f < count; f++) {
            Map<Double, Entry> byBandwidth = maps.get(f);
            for (int b = 0; b < bandwidths.length; b++) {
                // a managed block inside the run's fork-join pool: the pool adds a worker meanwhile
                out[f][b] = join(wanted[f][b].value);
                if (wanted[f][b].uses.decrementAndGet() == 0) {
                    byBandwidth.remove(bandwidths[b], wanted[f][b]);
                }
            }
            if (byBandwidth.isEmpty()) {
                entries.remove(pairs[f], byBandwidth);
            }
        }
        return out;
    }

    private static Share join(CompletableFuture<Share> value) {
        try {
            return value.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw e;
        }
    }

    private static void compute(Map<Double, Entry> byBandwidth, CalibrationSet fold, double[] bandwidths,
                                Entry[] wanted, List<Integer> mine,
                                BiFunction<CalibrationSet, double[], NadarayaWatson.Sums> compute) {
        double[] batch = new double[mine.size()];
        for (int k = 0; k < batch.length; k++) {
            batch[k] = bandwidths[mine.get(k)];
        }
        NadarayaWatson.Sums sums;
        try {
            sums = compute.apply(fold, batch);
        } catch (RuntimeException | Error e) {
            // forgotten, so that a later caller tries again; those waiting now see the failure
            for (int b : mine) {
                byBandwidth.remove(bandwidths[b], wanted[b]);
                wanted[b].value.completeExceptionally(e);
            }
            throw e;
        }
        for (int k = 0; k < batch.length; k++) {
            wanted[mine.get(k)].value.complete(new Share(sums.max()[k], sums.denominator()[k], sums.numerators()[k]));
        }
    }

    /** @return the number of query sets with shares held; for tests */
    int held() {
        return entries.size();
    }
}
