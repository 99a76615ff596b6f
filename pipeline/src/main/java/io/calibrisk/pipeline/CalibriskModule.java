package io.calibrisk.pipeline;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.pipeline.discovery.Plugins;

/**
 * The Guice module of calibrisk: binds every discovered estimator provider and kernel into
 * maps keyed by name ({@code Map<String, EstimatorProvider>}, {@code Map<String, Kernel>}),
 * from which {@link io.calibrisk.pipeline.evaluation.CrossValidation} is built. Discovery
 * happens before, outside the module, so that the module does no I/O; install it into an
 * application's own injector with {@code new CalibriskModule(PluginDiscovery.discover(loader))}.
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
        MapBinder<String, EstimatorProvider> estimators =
                MapBinder.newMapBinder(binder(), String.class, EstimatorProvider.class);
        plugins.estimators().forEach((name, found) -> estimators.addBinding(name).toInstance(found.provider()));
        MapBinder<String, DensityKernel> densityKernels =
                MapBinder.newMapBinder(binder(), String.class, DensityKernel.class);
        plugins.densityKernels().forEach((name, found) -> densityKernels.addBinding(name).toInstance(found.provider()));
        MapBinder<String, PositiveDefiniteKernel> positiveDefiniteKernels =
                MapBinder.newMapBinder(binder(), String.class, PositiveDefiniteKernel.class);
        plugins.positiveDefiniteKernels().forEach(
                (name, found) -> positiveDefiniteKernels.addBinding(name).toInstance(found.provider()));
        bind(Plugins.class).toInstance(plugins);
    }
}
