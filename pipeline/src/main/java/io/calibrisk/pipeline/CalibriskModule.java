package io.calibrisk.pipeline;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import com.google.inject.multibindings.MapBinder;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.pipeline.discovery.Discovered;
import io.calibrisk.pipeline.discovery.Plugins;
import io.calibrisk.pipeline.evaluation.CalibrationPipeline;
import io.calibrisk.pipeline.evaluation.FoldRunner;
import io.calibrisk.pipeline.evaluation.ReportAssembly;
import io.calibrisk.pipeline.evaluation.RunPlanner;
import io.calibrisk.pipeline.evaluation.Selection;

import java.util.Map;

/**
 * The Guice module of calibrisk, which reads as its architecture: what discovery found, bound
 * by name, then the stages of Algorithm 1 that use it. Discovery happens before, outside the
 * module, so that the module does no I/O. Install it into an application's own injector with
 * {@code new CalibriskModule(PluginDiscovery.discover(loader))}; any class can then
 * {@code @Inject} {@code Map<String, EstimatorProvider>}, {@code Map<String, DensityKernel>},
 * {@code Map<String, PositiveDefiniteKernel>}, {@code Map<String, SearchStrategy>} or the
 * {@link CalibrationPipeline}.
 */
public final class CalibriskModule extends AbstractModule {
    private final Plugins plugins;

    /**
     * @param plugins what discovery found
     */
    public CalibriskModule(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    protected void configure() {
        bind(Plugins.class).toInstance(plugins);
        byName(EstimatorProvider.class, plugins.estimators());
        byName(DensityKernel.class, plugins.densityKernels());
        byName(PositiveDefiniteKernel.class, plugins.positiveDefiniteKernels());
        byName(SearchStrategy.class, plugins.strategies());

        // 1. the run plan: estimators, typed settings, kernels, search spaces and the strategy, checked before any work
        bind(RunPlanner.class).in(Singleton.class);
        // 2-3. the folds: each training fold prepared once, the strategy's points fitted, risk and estimate
        bind(FoldRunner.class).in(Singleton.class);
        // 4, 6. argmin over stable points, standard errors, paired differences, the recommendation
        bind(Selection.class).in(Singleton.class);
        // 5. the ensemble's estimate, bootstrap interval, curves and notes
        bind(ReportAssembly.class).in(Singleton.class);
        // the stages in order, per run
        bind(CalibrationPipeline.class).in(Singleton.class);
    }

    private <T> void byName(Class<T> kind, Map<String, Discovered<T>> found) {
        MapBinder<String, T> binder = MapBinder.newMapBinder(binder(), String.class, kind);
        found.forEach((name, contribution) -> binder.addBinding(name).toInstance(contribution.provider()));
    }
}
