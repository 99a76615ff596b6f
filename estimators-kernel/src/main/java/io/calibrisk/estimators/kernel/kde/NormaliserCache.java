package io.calibrisk.estimators.kernel.kde;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The log normalising constants A(z, b) of the exponential form of one run's kernel, keyed by
 * the centre's values and the bandwidth. With k folds every point is a centre in k − 1 training
 * folds, and its constant can be costly (the Dirichlet kernel's takes d + 1 evaluations of lnΓ,
 * about 8 µs at d = 100), so a run computes each once. A value depends only on its key, not on
 * which fold asked first, so sharing keeps results bit-identical. Memory: one copy of each
 * distinct centre plus about 80 bytes per centre and bandwidth; beyond {@link #CAPACITY}
 * centres, values are computed without being stored.
 */
final class NormaliserCache {
    private static final int CAPACITY = 1_000_000;

    private record Row(double[] values, int hash) {
        Row(double[] values) {
            this(values, Arrays.hashCode(values));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Row && ((Row) o).hash == hash && Arrays.equals(((Row) o).values, values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final Map<Row, Map<Double, Double>> rows = new ConcurrentHashMap<>();
    private final KdeKernel kernel;

    /**
     * @param kernel the run's kernel, with an exponential form
     */
    NormaliserCache(KdeKernel kernel) {
        this.kernel = kernel;
    }

    /**
     * @param centre    a centre (not modified; a copy is kept)
     * @param bandwidth the bandwidth b
     * @return A(centre, b)
     */
    double logNormaliser(double[] centre, double bandwidth) {
        Map<Double, Double> values = rows.get(new Row(centre));
        if (values == null) {
            if (rows.size() >= CAPACITY) {
                return kernel.logNormaliser(centre, bandwidth);
            }
            values = rows.computeIfAbsent(new Row(centre.clone()), row -> new ConcurrentHashMap<>());
        }
        Double known = values.get(bandwidth);
        if (known != null) {
            return known;
        }
        double value = kernel.logNormaliser(centre, bandwidth);
        values.putIfAbsent(bandwidth, value);
        return value;
    }
}
