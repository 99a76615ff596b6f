package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The plugins a test sees: every {@link CalibriskPlugin} listed in a
 * {@code META-INF/services/io.calibrisk.api.CalibriskPlugin} file on the test's class path, as
 * calibrisk would discover them. A plugin's own module puts its service file on its test class
 * path, so a conformance test finds the kernels the plugin ships without naming them.
 *
 * @param plugins the plugins, in class-path order
 */
public record ClassPathPlugins(List<CalibriskPlugin> plugins) {

    /** Copies the list. */
    public ClassPathPlugins {
        plugins = List.copyOf(plugins);
    }

    /**
     * @return the plugins on the class path of the current thread's context class loader
     * @throws java.util.ServiceConfigurationError if a listed plugin cannot be instantiated: in
     *     a test, that is a failure to show, not to skip
     */
    public static ClassPathPlugins discover() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<CalibriskPlugin> found = new ArrayList<>();
        ServiceLoader.load(CalibriskPlugin.class, loader == null ? ClassPathPlugins.class.getClassLoader() : loader)
                .forEach(found::add);
        return new ClassPathPlugins(found);
    }

    /** @return every density kernel of every plugin */
    public List<DensityKernel> densityKernels() {
        List<DensityKernel> out = new ArrayList<>();
        plugins.forEach(p -> out.addAll(p.densityKernels()));
        return out;
    }

    /** @return every positive-definite kernel of every plugin */
    public List<PositiveDefiniteKernel> positiveDefiniteKernels() {
        List<PositiveDefiniteKernel> out = new ArrayList<>();
        plugins.forEach(p -> out.addAll(p.positiveDefiniteKernels()));
        return out;
    }
}
