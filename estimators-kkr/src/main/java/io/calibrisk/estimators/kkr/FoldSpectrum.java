package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;

import java.util.HashMap;
import java.util.Map;

/**
 * One training fold's spectrum, shared by every grid point, with what does not depend on the
 * regularisation computed once for the whole grid: the base features of the point sets the
 * pipeline evaluates on (the fold and the test split), cached by the points' values (features
 * depend on nothing else), and the products {@code w_i·w_j} of the weights.
 */
final class FoldSpectrum {
    private static final int CACHED_SETS = 4;

    private final KernelSpectrum spectrum;
    private final Parallelism pool;
    private final Map<Points, double[][]> cache = new HashMap<>();
    private double[][] weightGram;

    FoldSpectrum(KernelSpectrum spectrum, Parallelism pool) {
        this.spectrum = spectrum;
        this.pool = pool;
    }

    KernelSpectrum spectrum() {
        return spectrum;
    }

    /** @return the run's pool */
    Parallelism pool() {
        return pool;
    }

    /**
     * @param points n' points
     * @return the base features B, r rows of n' (one column per point); shared, must not be modified
     */
    double[][] features(Points points) {
        synchronized (cache) {
            double[][] cached = cache.get(points);
            if (cached != null) {
                return cached;
            }
        }
        double[][] computed = spectrum.basis().features(TrainingKernel.rows(points));
        synchronized (cache) {
            if (cache.size() >= CACHED_SETS) {
                cache.clear();
            }
            cache.putIfAbsent(points, computed);
            return cache.get(points);
        }
    }

    /**
     * @param z one point
     * @return its base features, r rows of one value
     */
    double[][] features(double[] z) {
        return spectrum.basis().features(new double[][] {z});
    }

    /**
     * @return {@code WWᵀ}, r × r: entry (i, j) is {@code w_i·w_j} (exactly symmetric); shared,
     *     must not be modified
     */
    synchronized double[][] weightGram() {
        if (weightGram == null) {
            int r = spectrum.rank();
            int m = spectrum.dimension();
            double[] w = spectrum.weights();
            double[][] wt = new double[m][r];
            for (int i = 0; i < r; i++) {
                for (int c = 0; c < m; c++) {
                    wt[c][i] = w[i * m + c];
                }
            }
            double[][] g = new double[r][r];
            Gemm.multiplyAdd(pool, r, 0, r, m, w, 0, m, wt, 0, g, 0);
            weightGram = g;
        }
        return weightGram;
    }
}
