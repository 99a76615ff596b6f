package io.calibrisk.estimators.binning;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The calibration estimation function of a binning: {@code h(z, z') = g(z)·g(z')} with
 * {@code g(z) = conf_b − acc_b} for the bin b that holds z, where conf_b and acc_b are the
 * means of the training points and targets in bin b. Bin b holds {@code (e_b, e_{b+1}]}; the
 * first bin also holds everything at or below e_1 (so 0) and the last everything above
 * e_{M−1}. A bin that is empty in training uses the global training means of z and t.
 *
 * <p>Bilinear form: {@code φ(z) = g(z)} (q = 1), M = 1. Cost: O(M) to set up the bins'
 * {@link BinLookup}, then O(1) expected per point (O(log M) at worst); for the fold's evaluation
 * and test sets of an estimator with {@link QueryOrders}, O(n + M) per set once they are sorted.
 */
final class BinnedCalibration implements CalibrationFunction {
    /** The M − 1 inner edges e_1..e_{M−1}, increasing (ties allowed). */
    private final double[] innerEdges;
    private final BinLookup lookup;
    /** g per bin, M values. */
    private final double[] gap;
    private final int emptyBins;
    /** The fold's sorted evaluation and test sets, or null where the lookup is O(1) per point. */
    private final QueryOrders orders;

    private BinnedCalibration(double[] innerEdges, BinLookup lookup, double[] gap, int emptyBins,
                              QueryOrders orders) {
        this.innerEdges = innerEdges;
        this.lookup = lookup;
        this.gap = gap;
        this.emptyBins = emptyBins;
        this.orders = orders;
    }

    /**
     * The gap of a bin that is empty in training: the global training means' difference, the
     * same for every number of bins, so computed once per fold.
     *
     * @param z training points
     * @param t training targets
     * @return {@code mean z − mean t}
     */
    static double emptyBinGap(double[] z, double[] t) {
        double allZ = 0;
        double allT = 0;
        for (int i = 0; i < z.length; i++) {
            allZ += z[i];
            allT += t[i];
        }
        return allZ / z.length - allT / z.length;
    }

    /**
     * Fits the bins on training points.
     *
     * @param innerEdges e_1..e_{M−1}
     * @param lookup     their lookup
     * @param bins       the bin of every training point, {@link BinLookup#bin}'s
     * @param z          training points
     * @param t          training targets
     * @param fallback   {@link #emptyBinGap} of the training points
     * @param orders     the fold's {@link QueryOrders}, or null to look every point up
     * @return the fitted function
     */
    static BinnedCalibration fit(double[] innerEdges, BinLookup lookup, int[] bins, double[] z, double[] t,
                                 double fallback, QueryOrders orders) {
        int m = innerEdges.length + 1;
        double[] sumZ = new double[m];
        double[] sumT = new double[m];
        int[] count = new int[m];
        for (int i = 0; i < z.length; i++) {
            int b = bins[i];
            sumZ[b] += z[i];
            sumT[b] += t[i];
            count[b]++;
        }
        double[] gap = new double[m];
        int empty = 0;
        for (int b = 0; b < m; b++) {
            if (count[b] == 0) {
                gap[b] = fallback;
                empty++;
            } else {
                gap[b] = sumZ[b] / count[b] - sumT[b] / count[b];
            }
        }
        return new BinnedCalibration(innerEdges, lookup, gap, empty, orders);
    }

    /**
     * @param z a point
     * @return {@code g(z) = conf_b − acc_b}
     */
    double gap(double z) {
        return gap[lookup.bin(z)];
    }

    /** @return the fold's sorted evaluation and test sets, or null where every point is looked up */
    QueryOrders orders() {
        return orders;
    }

    @Override
    public int dimension() {
        return 1;
    }

    @Override
    public double value(double[] z, double[] zPrime) {
        return gap(z[0]) * gap(zPrime[0]);
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        return Optional.of(BilinearForm.identity(1, this::features));
    }

    private FeatureMatrix features(Points points) {
        double[] phi = new double[points.size()];
        if (orders != null && phi.length >= QueryOrders.SMALL) {
            int[] bins = orders.of(points).bins(innerEdges);
            for (int i = 0; i < phi.length; i++) {
                phi[i] = gap[bins[i]];
            }
        } else {
            for (int i = 0; i < phi.length; i++) {
                phi[i] = gap(points.get(i, 0));
            }
        }
        return FeatureMatrix.of(phi.length, 1, phi);
    }

    /** The binned estimate of E[t | z]: {@code z − g(z)} (acc_b plus z − conf_b within the bin). */
    @Override
    public Optional<Points> calibrationCurve(Points points) {
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            double z = points.get(i, 0);
            out[i] = z - gap(z);
        }
        return Optional.of(Points.of(out.length, 1, out));
    }

    @Override
    public Optional<double[]> binEdges() {
        return Optional.of(innerEdges.clone());
    }

    @Override
    public Map<String, Double> diagnostics() {
        return Map.of("emptyBins", (double) emptyBins);
    }

    @Override
    public String toString() {
        return "BinnedCalibration[bins=" + gap.length + ", edges=" + Arrays.toString(innerEdges) + "]";
    }
}
