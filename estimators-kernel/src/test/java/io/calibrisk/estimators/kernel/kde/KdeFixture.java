package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.setting.SettingValues;
import io.calibrisk.estimators.kernel.BetaKernel;
import io.calibrisk.estimators.kernel.DirichletKernel;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import io.calibrisk.testsupport.kernel.TruncatedLaplace;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/** Builds {@code kde} the way calibrisk does, with the kernel handed over as a setting, and plain arrays for the slow references. */
final class KdeFixture {

    private KdeFixture() {
    }

    /** @return the notion's default kernel: dirichlet for canonical, beta otherwise */
    static DensityKernel defaultKernel(Notion notion) {
        return notion == Notion.CANONICAL ? new DirichletKernel() : new BetaKernel();
    }

    static CalibrationEstimator estimator(Notion notion, int classes, Parallelism parallelism) {
        return estimator(notion, classes, defaultKernel(notion), parallelism);
    }

    static CalibrationEstimator estimator(Notion notion, int classes, DensityKernel kernel, Parallelism parallelism) {
        EstimatorContext context = new EstimatorContext(notion, classes,
                new SettingValues(Map.of(KdeProvider.KERNEL, kernel)), parallelism, RunCache.none());
        return new KdeProvider().create(context);
    }

    static PreparedTraining prepare(CalibrationEstimator kde, CalibrationSet training) {
        return kde.prepare(TrainingFold.of(training));
    }

    static CalibrationFunction fit(Notion notion, int classes, CalibrationSet training, double bandwidth) {
        return prepare(estimator(notion, classes, Parallelism.sequential()), training).fit(bandwidth(bandwidth));
    }

    static Hyperparameters bandwidth(double value) {
        return Hyperparameters.of(Map.of("bandwidth", value));
    }

    static FeatureMatrix features(CalibrationFunction h, Points points) {
        return h.bilinearForm().orElseThrow().features(points);
    }

    static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    /** The log kernel of the notion's default kernel, as the plain log-space reference takes it. */
    static LogSpaceKde.LogKernel logKernel(boolean canonical, double bandwidth) {
        DensityKernel kernel = canonical ? new DirichletKernel() : new BetaKernel();
        return (c, x) -> kernel.logDensity(c, x, bandwidth);
    }

    /** A sequential pool that counts its calls: the work kde does. */
    static Parallelism counting(AtomicInteger work) {
        return new Parallelism() {
            @Override
            public int threads() {
                return 1;
            }

            @Override
            public void forEach(int count, IntConsumer task) {
                work.incrementAndGet();
                Parallelism.sequential().forEach(count, task);
            }
        };
    }

    static CalibrationSet set(double[][] points, double[][] targets) {
        return new CalibrationSet(Points.ofRows(points), Points.ofRows(targets));
    }

    /**
     * A kernel that only forwards {@link DensityKernel#logDensity} to another: the same
     * densities, no exponential form, so kde evaluates it pair by pair.
     */
    static DensityKernel pairwiseOnly(DensityKernel kernel) {
        return delegate(kernel, "-pairwise", ", without its exponential form", null, new AtomicLong());
    }

    /** A kernel without exponential form that counts its log densities: kde's work, pair by pair. */
    static DensityKernel counting(DensityKernel kernel, AtomicLong calls) {
        return delegate(kernel, "-counted", ", counting its log densities", null, calls);
    }

    /** A kernel with another's domain and densities but the given exponential form. */
    static DensityKernel withForm(DensityKernel kernel, DensityKernel.ExponentialForm form) {
        return delegate(kernel, "-reformed", ", with another exponential form", form, new AtomicLong());
    }

    private static DensityKernel delegate(DensityKernel kernel, String suffix, String note,
                                          DensityKernel.ExponentialForm form, AtomicLong calls) {
        return new DensityKernel() {
            @Override
            public String name() {
                return kernel.name() + suffix;
            }

            @Override
            public String description() {
                return kernel.description() + note;
            }

            @Override
            public KernelDomain domain() {
                return kernel.domain();
            }

            @Override
            public double logDensity(double[] centre, double[] x, double bandwidth) {
                calls.incrementAndGet();
                return kernel.logDensity(centre, x, bandwidth);
            }

            @Override
            public Optional<ExponentialForm> exponentialForm() {
                return Optional.ofNullable(form);
            }
        };
    }

    /** The truncated Laplace kernel of test-support as a density kernel plugin: no exponential form. */
    static DensityKernel truncatedLaplace() {
        return new DensityKernel() {
            @Override
            public String name() {
                return "truncated-laplace";
            }

            @Override
            public String description() {
                return "Laplace density truncated to [0, 1]";
            }

            @Override
            public KernelDomain domain() {
                return KernelDomain.UNIT_INTERVAL;
            }

            @Override
            public double logDensity(double[] centre, double[] x, double bandwidth) {
                return TruncatedLaplace.logDensity(centre[0], x[0], bandwidth);
            }
        };
    }
}
