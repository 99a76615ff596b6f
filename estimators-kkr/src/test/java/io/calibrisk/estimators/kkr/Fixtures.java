package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.api.setting.ValueType;
import io.calibrisk.estimators.kkr.kernel.LaplacianKernel;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.FeatureBasis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Builds kkr and ukkr outside the pipeline, with settings given as text and typed as calibrisk types them. */
final class Fixtures {
    static final Map<String, PositiveDefiniteKernel> KERNELS = Map.of("rbf", new RbfKernel(), "laplacian",
            new LaplacianKernel());

    private Fixtures() {
    }

    /**
     * @param given setting name → text; the others take their defaults
     * @return the typed values, kernel names resolved to the kernels
     */
    static SettingValues settings(Map<String, String> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Setting setting : KrrSettings.declared()) {
            Object value = setting.type().parse(setting.name(), given.getOrDefault(setting.name(),
                    setting.defaultValue()));
            values.put(setting.name(), setting.type() instanceof ValueType.KernelName ? KERNELS.get(value) : value);
        }
        if (!values.keySet().containsAll(given.keySet())) {
            throw new AssertionError("undeclared settings in " + given);
        }
        return new SettingValues(values);
    }

    static EstimatorContext context(Notion notion, int classes, Map<String, String> settings, Parallelism pool,
                                    RunCache cache) {
        return new EstimatorContext(notion, classes, settings(settings), pool, cache);
    }

    static PreparedTraining prepare(EstimatorProvider provider, Notion notion, CalibrationSet training,
                                    Map<String, String> settings) {
        return provider.create(context(notion, Math.max(2, training.dimension()), settings, Parallelism.sequential(),
                RunCache.none())).prepare(TrainingFold.of(training));
    }

    /** The grid points of the provider's default space for this training size. */
    static List<Hyperparameters> grid(EstimatorProvider provider, Notion notion, int n) {
        return provider.defaultSearchSpace(notion).points(n);
    }

    static CalibrationFunction fit(PreparedTraining prepared, double mu) {
        return prepared.fit(Hyperparameters.of(Map.of("lambda", mu)));
    }

    /**
     * A hand-made basis of r modes over p = 3 raw features: its map F random (fixed seed), its
     * raw features {@code κ_a(z) = z_0 + a}.
     */
    static FeatureBasis basis(int r) {
        SplittableRandom random = new SplittableRandom(r);
        double[][] map = new double[r][3];
        for (double[] row : map) {
            for (int a = 0; a < 3; a++) {
                row[a] = random.nextDouble();
            }
        }
        return new FeatureBasis() {
            @Override
            public int rawSize() {
                return 3;
            }

            @Override
            public double[] raw(double[][] points) {
                double[] out = new double[3 * points.length];
                for (int j = 0; j < points.length; j++) {
                    for (int a = 0; a < 3; a++) {
                        out[a * points.length + j] = points[j][0] + a;
                    }
                }
                return out;
            }

            @Override
            public double[][] map() {
                return map;
            }
        };
    }
}
