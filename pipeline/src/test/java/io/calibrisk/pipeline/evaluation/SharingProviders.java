package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.TestPlugins;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two constant-shift estimators, {@code h(z, z') = c·s²} with s the training fold's mean
 * residual, that compute s once per fold through the run's cache, as kkr and ukkr share a
 * factorisation.
 */
final class SharingProviders {
    /** How often s was computed. */
    final AtomicInteger computations = new AtomicInteger();
    /** Every training fold the estimators were prepared on. */
    final Queue<TrainingFold> folds = new ConcurrentLinkedQueue<>();

    /** The cache key: the fold, and nothing else matters. */
    private record ShiftKey(TrainingFold.Id fold) {
    }

    CalibriskPlugin plugin() {
        return TestPlugins.of("sharing", new Shift("share-a"), new Shift("share-b"));
    }

    private final class Shift implements EstimatorProvider {
        private final String name;

        Shift(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "constant shift";
        }

        @Override
        public Set<Notion> notions() {
            return EnumSet.of(Notion.CLASS_WISE);
        }

        @Override
        public SearchSpace defaultSearchSpace(Notion notion) {
            return SearchSpace.of(Axis.list("c", 0.5, 1));
        }

        @Override
        public CalibrationEstimator create(EstimatorContext context) {
            return fold -> {
                folds.add(fold);
                double s = context.cache().computeIfAbsent(new ShiftKey(fold.id()), Double.class, () -> {
                    computations.incrementAndGet();
                    return Arrays.stream(fold.data().residuals().toArray()).average().orElseThrow();
                });
                return point -> constant(point.value("c") * s * s);
            };
        }
    }

    private static CalibrationFunction constant(double value) {
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return 1;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return value;
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.of(new BilinearForm(1, SharingProviders::ones, new double[] {value}));
            }
        };
    }

    private static FeatureMatrix ones(Points points) {
        double[] out = new double[points.size()];
        Arrays.fill(out, 1.0);
        return FeatureMatrix.of(points.size(), 1, out);
    }
}
