package io.calibrisk.testsupport.toy;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code toy-smoothing}: a plug-in estimator with a Gaussian Nadaraya–Watson regression,
 * {@code t̂(z) = Σ_j w_j t_j / Σ_j w_j} with {@code w_j = exp(−(z − z_j)²/(2b²))},
 * {@code g(z) = z − t̂(z)} and {@code h(z, z') = g(z)·g(z')} (the kernel estimator of docs/method.md
 * with a Gaussian instead of a Beta kernel). Weights are scaled by the largest one, so t̂ is
 * defined at every bandwidth.
 *
 * <p>Axis {@code bandwidth}: positive reals on a log scale, default {1e-4, 1e-3, 1e-2}, which
 * is far too narrow for smooth miscalibration: the optimum lies beyond the grid. Bilinear form
 * φ(z) = g(z), M = 1. Cost: O(n·n') per fit and query set.
 */
public final class ToySmoothing implements EstimatorProvider {
    /** The estimator's name. */
    public static final String NAME = "toy-smoothing";
    /** The axis: the bandwidth b. */
    public static final String BANDWIDTH = "bandwidth";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Gaussian Nadaraya-Watson plug-in estimator for tests";
    }

    @Override
    public Set<Notion> notions() {
        return EnumSet.of(Notion.TOP_LABEL, Notion.CLASS_WISE);
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        return SearchSpace.of(Axis.log10(BANDWIDTH, -4, -2, 3));
    }

    @Override
    public CalibrationEstimator create(EstimatorContext context) {
        return fold -> {
            CalibrationSet training = fold.data();
            double[] z = training.points().toArray();
            double[] t = training.targets().toArray();
            return point -> new Smoothed(z, t, point.value(BANDWIDTH));
        };
    }

    /** h(z, z') = g(z)·g(z') with g(z) = z − t̂(z). */
    private static final class Smoothed implements CalibrationFunction {
        private final double[] z;
        private final double[] t;
        private final double bandwidth;

        Smoothed(double[] z, double[] t, double bandwidth) {
            this.z = z;
            this.t = t;
            this.bandwidth = bandwidth;
        }

        double expected(double x) {
            double nearest = Double.POSITIVE_INFINITY;
            for (double c : z) {
                nearest = Math.min(nearest, (x - c) * (x - c));
            }
            double weights = 0;
            double sum = 0;
            for (int j = 0; j < z.length; j++) {
                double w = Math.exp(-((x - z[j]) * (x - z[j]) - nearest) / (2 * bandwidth * bandwidth));
                weights += w;
                sum += w * t[j];
            }
            return sum / weights;
        }

        @Override
        public int dimension() {
            return 1;
        }

        @Override
        public double value(double[] a, double[] b) {
            return (a[0] - expected(a[0])) * (b[0] - expected(b[0]));
        }

        @Override
        public Optional<BilinearForm> bilinearForm() {
            return Optional.of(BilinearForm.identity(1, points -> {
                double[] phi = new double[points.size()];
                for (int i = 0; i < phi.length; i++) {
                    double x = points.get(i, 0);
                    phi[i] = x - expected(x);
                }
                return FeatureMatrix.of(phi.length, 1, phi);
            }));
        }

        @Override
        public Optional<Points> calibrationCurve(Points points) {
            double[] out = new double[points.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = expected(points.get(i, 0));
            }
            return Optional.of(Points.of(out.length, 1, out));
        }
    }
}
