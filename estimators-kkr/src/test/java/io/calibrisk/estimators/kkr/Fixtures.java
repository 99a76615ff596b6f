package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.kernel.Kernel;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.kernel.LaplacianKernel;
import io.calibrisk.estimators.kernel.RbfKernel;

import java.util.List;
import java.util.Map;

/** Builds kkr and ukkr outside the pipeline. */
final class Fixtures {
    static final Map<String, Kernel> KERNELS = Map.of("rbf", new RbfKernel(), "laplacian", new LaplacianKernel());

    private Fixtures() {
    }

    static EstimatorContext context(Notion notion, int classes, Map<String, String> settings, Parallelism pool) {
        return new EstimatorContext(notion, classes, settings, KERNELS, pool);
    }

    static PreparedTraining prepare(EstimatorProvider provider, Notion notion, CalibrationSet training,
                                    Map<String, String> settings) {
        return provider.create(context(notion, training.dimension(), settings, Parallelism.sequential()))
                .prepare(training);
    }

    /** The grid points of the provider's default space for this training size. */
    static List<Hyperparameters> grid(EstimatorProvider provider, Notion notion, int n) {
        return provider.defaultSearchSpace(notion).points(n);
    }

    static CalibrationFunction fit(PreparedTraining prepared, double mu) {
        return prepared.fit(Hyperparameters.of(Map.of("lambda", mu)));
    }
}
