package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.Plugins;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Providers for tests of failure handling. */
final class FailingProviders {

    private FailingProviders() {
    }

    static Plugins plugins(EstimatorProvider... providers) {
        Map<String, Discovered<EstimatorProvider>> map = new LinkedHashMap<>();
        for (EstimatorProvider p : providers) {
            map.put(p.name(), new Discovered<>(p.name(), p, "test"));
        }
        return new Plugins(map, Map.of(), List.of());
    }

    /** Throws at the second grid point, or returns NaN there. */
    static final class Failing implements EstimatorProvider {
        private final String name;
        private final boolean nan;

        Failing(String name, boolean nan) {
            this.name = name;
            this.nan = nan;
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
            return training -> hp -> {
                if (hp.value("c") == 1 && !nan) {
                    throw new IllegalStateException("broken on purpose");
                }
                double c = hp.value("c") == 1 ? Double.NaN : 0;
                return new CalibrationFunction() {
                    @Override
                    public int dimension() {
                        return training.dimension();
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
