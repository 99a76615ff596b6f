package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The log normalising constants A(c, b) of a run's scalar centres, per bandwidth and component
 * of the notion, as one sorted table of the centres seen so far: a fold's sorted centres find theirs in one merging pass
 * (at its next bandwidth, if that table holds the same keys, through the places the pass found: {@link Lookup}), and
 * only the centres new to the run are computed (with k folds, each point is a centre in k − 1 of
 * them, and the Beta kernel's constant costs three lnΓ). A value depends only on its centre and
 * bandwidth, not on which fold asked first, so sharing keeps results bit-identical. Memory: 16
 * bytes per distinct centre and bandwidth, at most {@value #CAPACITY} entries in all; beyond,
 * constants are computed without being kept.
 */
final class ScalarNormalisers {
    /** The most (centre, bandwidth) entries kept: 256 MB. */
    static final long CAPACITY = 1L << 24;
    private static final int BLOCK = 1024;

    record Table(double[] keys, double[] values) {
    }

    /**
     * Where a fold's centres were found in a table: {@code at[j]} is centre j's index among the
     * keys, −1 if it was missing.
     */
    private record Places(double[] keys, double[] centres, int[] at) {
    }

    /**
     * The places of one fold's centres in the last table they were looked up in, for the next
     * bandwidth: a fold asks for all the bandwidths of a batch at once, and their tables
     * usually hold the same centres (those of the folds done so far), so that one merging pass
     * serves them all and the others are a comparison of the keys. Owned by one fold's training.
     */
    static final class Lookup {
        private final AtomicReference<Places> last = new AtomicReference<>();
    }

    private final KdeKernel kernel;
    record Key(int component, double bandwidth) {
        // Written out, with the values the record's own methods give: those are bootstrapped at
        // their first call, which costs a run's start-up tens of milliseconds (docs/performance.md,
        // "Records' own methods").
        @Override
        public final boolean equals(Object o) {
            return o instanceof Key other && component == other.component
                    && Double.compare(bandwidth, other.bandwidth) == 0;
        }

        @Override
        public final int hashCode() {
            return 31 * component + Double.hashCode(bandwidth);
        }
    }

    private final Map<Key, Table[]> tables = new ConcurrentHashMap<>();
    private long entries;

    /** @param kernel the run's kernel, with an exponential form */
    ScalarNormalisers(KdeKernel kernel) {
        this.kernel = kernel;
    }

    /**
     * @param component   the notion's component, whose centres have a table of their own (the
     *     classes' scores of class-wise calibration seldom coincide)
     * @param centres     distinct centres c_j, ascending in {@link Double#compare} order
     * @param bandwidth   the bandwidth b
     * @param parallelism the pool to spread new evaluations over
     * @return A(c_j, b) for every centre
     */
    double[] logNormalisers(int component, double[] centres, double bandwidth, Parallelism parallelism, Lookup lookup) {
        Table[] holder = tables.computeIfAbsent(new Key(component, bandwidth),
                key -> new Table[] {new Table(new double[0], new double[0])});
        Table table;
        synchronized (holder) {
            table = holder[0];
        }
        int n = centres.length;
        double[] out = new double[n];
        int[] missing = new int[n];
        Places places = lookup.last.get();
        int fresh;
        if (places != null && places.centres() == centres && Arrays.equals(places.keys(), table.keys())) {
            fresh = known(places.at(), table.values(), out, missing);
        } else {
            int[] at = new int[n];
            fresh = known(table, centres, out, missing, at);
            lookup.last.set(new Places(table.keys(), centres, at));
        }
        parallelism.forEach((fresh + BLOCK - 1) / BLOCK, block -> {
            double[] centre = new double[1];
            int end = Math.min(fresh, (block + 1) * BLOCK);
            for (int m = block * BLOCK; m < end; m++) {
                centre[0] = centres[missing[m]];
                out[missing[m]] = kernel.logNormaliser(centre, bandwidth);
            }
        });
        if (fresh > 0) {
            keep(holder, centres, out, missing, fresh);
        }
        return out;
    }

    /**
     * The table's constants of the centres it has, in one merging pass; a method of its own, so
     * that the compiler compiles this loop alone, not all of {@link #logNormalisers} for it.
     *
     * @param out     receives the constants found
     * @param missing receives the positions of the centres not found
     * @param at      receives each centre's index among the keys, −1 if missing
     * @return how many were not found
     */
    private static int known(Table table, double[] centres, double[] out, int[] missing, int[] at) {
        double[] keys = table.keys();
        double[] values = table.values();
        int count = 0;
        int k = 0;
        int j = 0;
        // one loop stepping through either array (no loop nested in another, whose compiled
        // form the compiler kept giving up on as the tables grew)
        while (j < centres.length) {
            int order = k < keys.length ? Double.compare(keys[k], centres[j]) : 1;
            if (order < 0) {
                k++;
            } else {
                if (order == 0) {
                    out[j] = values[k];
                    at[j] = k;
                } else {
                    missing[count++] = j;
                    at[j] = -1;
                }
                j++;
            }
        }
        return count;
    }

    /** The same from the places a merging pass found in a table with the same keys. */
    private static int known(int[] at, double[] values, double[] out, int[] missing) {
        int count = 0;
        for (int j = 0; j < at.length; j++) {
            int k = at[j];
            if (k >= 0) {
                out[j] = values[k];
            } else {
                missing[count++] = j;
            }
        }
        return count;
    }

    /** @return the table with the fresh centres' constants merged in, in order */
    static Table merge(Table old, double[] centres, double[] values, int[] missing, int fresh) {
        double[] oldKeys = old.keys();
        double[] oldValues = old.values();
        int size = oldKeys.length;
        double[] keys = new double[size + fresh];
        double[] merged = new double[size + fresh];
        int a = 0;
        int b = 0;
        int at = 0;
        while (a < size && b < fresh) {
            int c = Double.compare(oldKeys[a], centres[missing[b]]);
            if (c > 0) {
                keys[at] = centres[missing[b]];
                merged[at++] = values[missing[b++]];
            } else {
                // on a tie, another fold kept it meanwhile: the same value
                b += c == 0 ? 1 : 0;
                keys[at] = oldKeys[a];
                merged[at++] = oldValues[a++];
            }
        }
        System.arraycopy(oldKeys, a, keys, at, size - a);
        System.arraycopy(oldValues, a, merged, at, size - a);
        at += size - a;
        for (; b < fresh; b++) {
            keys[at] = centres[missing[b]];
            merged[at++] = values[missing[b]];
        }
        // shorter only where another fold kept some of the same centres meanwhile
        return at == keys.length ? new Table(keys, merged) : new Table(Arrays.copyOf(keys, at), Arrays.copyOf(merged, at));
    }

    private void keep(Table[] holder, double[] centres, double[] values, int[] missing, int fresh) {
        synchronized (this) {
            if (entries + fresh > CAPACITY) {
                return;
            }
            entries += fresh;
        }
        synchronized (holder) {
            holder[0] = merge(holder[0], centres, values, missing, fresh);
        }
    }
}
