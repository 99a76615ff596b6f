package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.Arrays;
import java.util.Optional;

/**
 * The fitted {@code kde} function at one bandwidth:
 * {@code h(z, z') = ⟨z − t̂(z), z' − t̂(z')⟩}, a plug-in estimator whose bilinear form has
 * {@code φ(z) = z − t̂(z)} and M = I. Single evaluations ({@link #value}) cost O(n·q) each and
 * serve tests and the pairwise risk; sets of points go through {@link #bilinearForm()}.
 */
final class KdeFunction implements CalibrationFunction {
    private final KdeTraining training;
    private final double bandwidth;
    private final BilinearForm form;
    private volatile double[][] last;

    KdeFunction(KdeTraining training, double bandwidth) {
        this.training = training;
        this.bandwidth = bandwidth;
        this.form = BilinearForm.identity(training.dimension(), this::features);
    }

    /**
     * The last point set's features: the pipeline asks for a set's curve right after its
     * features. Compared by value, so any holder of equal points finds them.
     */
    private volatile Memo lastFeatures;

    private record Memo(Points points, FeatureMatrix features) {
    }

    private FeatureMatrix features(Points points) {
        Memo memo = lastFeatures;
        if (memo != null && memo.points().equals(points)) {
            return memo.features();
        }
        FeatureMatrix phi = training.features(points, bandwidth);
        lastFeatures = new Memo(points, phi);
        return phi;
    }

    /** The Nadaraya–Watson estimate itself: {@code t̂(z) = z − φ(z)}. */
    @Override
    public Optional<Points> calibrationCurve(Points points) {
        FeatureMatrix phi = features(points);
        double[] z = points.toArray();
        double[] f = phi.values();
        double[] out = new double[z.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = z[i] - f[i];
        }
        return Optional.of(Points.of(points.size(), points.dimension(), out));
    }

    @Override
    public int dimension() {
        return training.dimension();
    }

    @Override
    public double value(double[] z, double[] zPrime) {
        double[] c = residual(z);
        double[] cPrime = Arrays.equals(z, zPrime) ? c : residual(zPrime);
        double sum = 0;
        for (int k = 0; k < c.length; k++) {
            sum += c[k] * cPrime[k];
        }
        return sum;
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        return Optional.of(form);
    }

    /** Remembers the last point, since pairwise sums hold one argument fixed over an inner loop. */
    private double[] residual(double[] z) {
        double[][] memo = last;
        if (memo != null && Arrays.equals(memo[0], z)) {
            return memo[1];
        }
        double[] c = training.residual(z, bandwidth);
        last = new double[][] {z.clone(), c};
        return c;
    }
}
