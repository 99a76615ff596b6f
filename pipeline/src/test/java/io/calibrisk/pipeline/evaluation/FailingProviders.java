package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.TestPlugins;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;

import java.util.EnumSet;
import java.util.Set;

/** Providers for tests of failure handling. */
final class FailingProviders {

    private FailingProviders() {
    }

    /**
     * @param providers estimators
     * @return a plugin contributing them
     */
    static CalibriskPlugin plugin(EstimatorProvider... providers) {
        return TestPlugins.of("failing", providers);
    }

    /** How a {@link Failing} estimator fails at its second grid point. */
    enum Failure {
        /** An unchecked exception. */
        THROWS,
        /** An unchecked exception without a message. */
        THROWS_SILENTLY,
        /** A NaN value. */
        NAN,
        /** A real {@link OutOfMemoryError}: an array beyond the VM's size limit. */
        OUT_OF_MEMORY,
        /** Fails when created. */
        CREATION
    }

    /** Fails at the second grid point, as its {@link Failure} says. */
    static final class Failing implements EstimatorProvider {
        private final String name;
        private final Failure failure;

        Failing(String name, Failure failure) {
            this.name = name;
            this.failure = failure;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "fails on purpose";
        }

        @Override
        public Set<Notion> notions() {
            return EnumSet.allOf(Notion.class);
        }

        @Override
        public SearchSpace defaultSearchSpace(Notion notion) {
            return SearchSpace.of(Axis.list("c", 0, 1));
        }

        @Override
        public CalibrationEstimator create(EstimatorContext context) {
            if (failure == Failure.CREATION) {
                throw new IllegalStateException("no licence");
            }
            return training -> hp -> {
                if (hp.value("c") == 1 && failure == Failure.THROWS) {
                    throw new IllegalStateException("broken on purpose");
                }
                if (hp.value("c") == 1 && failure == Failure.THROWS_SILENTLY) {
                    throw new UnsupportedOperationException();
                }
                if (hp.value("c") == 1 && failure == Failure.OUT_OF_MEMORY) {
                    // beyond the VM's array limit, so it fails at once whatever the heap, without allocating
                    long[] huge = new long[Integer.MAX_VALUE];
                    huge[0] = 1;
                }
                double c = hp.value("c") == 1 ? Double.NaN : 0;
                return new CalibrationFunction() {
                    @Override
                    public int dimension() {
                        return training.data().dimension();
                    }

                    @Override
                    public double value(double[] z, double[] zPrime) {
                        return c;
                    }
                };
            };
        }
    }
}
