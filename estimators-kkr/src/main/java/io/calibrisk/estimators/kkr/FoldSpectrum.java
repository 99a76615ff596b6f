package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One training fold's spectrum, shared by every grid point, with the base features of the
 * point sets the pipeline evaluates on (the fold and the test split) cached by identity: they
 * do not depend on the regularisation, so the whole grid computes them once.
 */
final class FoldSpectrum {
    private static final int CACHED_SETS = 4;

    private final KernelSpectrum spectrum;
    private final Map<Points, double[]> cache = new IdentityHashMap<>();

    FoldSpectrum(KernelSpectrum spectrum) {
        this.spectrum = spectrum;
    }

    KernelSpectrum spectrum() {
        return spectrum;
    }

    /**
     * @param points n' points
     * @return the base features b, n' × r row-major; shared, must not be modified
     */
    double[] features(Points points) {
        synchronized (cache) {
            double[] cached = cache.get(points);
            if (cached != null) {
                return cached;
            }
        }
        double[] computed = spectrum.basis().features(TrainingKernel.rows(points));
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
     * @return its base features, r values
     */
    double[] features(double[] z) {
        return spectrum.basis().features(new double[][] {z});
    }
}
