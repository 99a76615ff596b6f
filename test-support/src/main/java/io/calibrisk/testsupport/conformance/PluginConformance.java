package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.PluginNames;
import io.calibrisk.api.SpiVersion;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;
import io.calibrisk.testsupport.plugin.ClassPathPlugins;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The conformance test of a plugin's discovery root, the {@link CalibriskPlugin}: what
 * calibrisk needs to find, load, list and version it. Extend it and name the plugin:
 *
 * <pre>{@code
 * class MyPluginConformanceTest extends PluginConformance {
 *     @Override
 *     protected CalibriskPlugin plugin() {
 *         return new MyPlugin();
 *     }
 * }
 * }</pre>
 *
 * <p>It checks that the class is public with a public no-argument constructor and is listed in
 * {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}; that the plugin states a version
 * and an SPI version this calibrisk loads (return {@link CalibriskPlugin#SPI_VERSION}); that it
 * contributes something; that every name follows {@link PluginNames} and is unique within its
 * kind; that metadata calls give the same answers every time; and that every description is
 * one line without a Java class name. The contributions themselves have their own tests:
 * {@link EstimatorConformance}, {@link DensityKernelConformance},
 * {@link PositiveDefiniteKernelConformance}, {@link SearchStrategyConformance}.
 */
public abstract class PluginConformance {

    /** @return the plugin under test, as its no-argument constructor makes it */
    protected abstract CalibriskPlugin plugin();

    /** The class can be instantiated by ServiceLoader and is listed in the service file. */
    @Test
    public void isDiscoverable() {
        Class<?> type = plugin().getClass();
        if (!Modifier.isPublic(type.getModifiers()) || Modifier.isAbstract(type.getModifiers())) {
            throw new AssertionError(type.getName() + " must be a public, concrete class for ServiceLoader to create it");
        }
        try {
            if (!Modifier.isPublic(type.getConstructor().getModifiers())) {
                throw new AssertionError(type.getName() + " needs a public no-argument constructor");
            }
        } catch (NoSuchMethodException e) {
            throw new AssertionError(type.getName() + " needs a public no-argument constructor", e);
        }
        boolean listed = ClassPathPlugins.discover().plugins().stream().anyMatch(p -> p.getClass() == type);
        if (!listed) {
            throw new AssertionError(type.getName() + " is not listed in META-INF/services/"
                    + CalibriskPlugin.class.getName() + " on the class path, so calibrisk will not find it;"
                    + " add a line with its name to that file under src/main/resources");
        }
    }

    /** Name, version and SPI version. */
    @Test
    public void statesNameAndVersions() {
        CalibriskPlugin plugin = plugin();
        UserTexts.assertName("plugin", plugin.name());
        String version = plugin.version();
        if (version == null || version.isBlank() || version.indexOf('\n') >= 0) {
            throw new AssertionError("plugin " + plugin.name() + " states no version (one line, e.g. 1.0.0): '" + version + "'");
        }
        SpiVersion spi;
        try {
            spi = SpiVersion.parse(plugin.spiVersion());
        } catch (InvalidSettingException e) {
            throw new AssertionError("plugin " + plugin.name() + ": " + e.getMessage() + "; implement spiVersion() as "
                    + "return SPI_VERSION;", e);
        }
        if (!SpiVersion.CURRENT.canLoad(spi)) {
            throw new AssertionError("plugin " + plugin.name() + " states SPI version " + spi + ", which calibrisk's SPI "
                    + SpiVersion.CURRENT + " cannot load; implement spiVersion() as return SPI_VERSION; and rebuild");
        }
    }

    /** Every contribution is named by the rule, uniquely, stably and described in one line. */
    @Test
    public void contributionsAreNamedAndDescribed() {
        CalibriskPlugin plugin = plugin();
        int total = 0;
        total += check(plugin.name(), "estimator", plugin.estimators(), plugin().estimators(),
                EstimatorProvider::name, EstimatorProvider::description);
        total += check(plugin.name(), "density kernel", plugin.densityKernels(), plugin().densityKernels(),
                DensityKernel::name, DensityKernel::description);
        total += check(plugin.name(), "positive-definite kernel", plugin.positiveDefiniteKernels(),
                plugin().positiveDefiniteKernels(), PositiveDefiniteKernel::name, PositiveDefiniteKernel::description);
        total += check(plugin.name(), "search strategy", plugin.searchStrategies(), plugin().searchStrategies(),
                SearchStrategy::name, SearchStrategy::description);
        if (total == 0) {
            throw new AssertionError("plugin " + plugin.name() + " contributes no estimator, kernel or search strategy");
        }
        for (DensityKernel kernel : plugin.densityKernels()) {
            if (kernel.domain() == null || kernel.domain() == io.calibrisk.api.kernel.KernelDomain.EUCLIDEAN) {
                throw new AssertionError("density kernel " + kernel.name() + " has domain " + kernel.domain()
                        + "; a density kernel lives on the unit interval or the simplex");
            }
        }
        for (PositiveDefiniteKernel kernel : plugin.positiveDefiniteKernels()) {
            UserTexts.assertFreeName("positive-definite kernel " + kernel.name() + " parameter", kernel.parameterName());
        }
    }

    private static <T> int check(String plugin, String kind, List<T> first, List<T> second, Function<T, String> name,
                                 Function<T, String> description) {
        if (first == null) {
            throw new AssertionError("plugin " + plugin + " returns null for its " + kind + "s; return List.of()");
        }
        Set<String> names = new HashSet<>();
        List<String> order = new ArrayList<>();
        for (T item : first) {
            String n = name.apply(item);
            UserTexts.assertName(kind, n);
            if (!names.add(n)) {
                throw new AssertionError("plugin " + plugin + " contributes two " + kind + "s named " + n);
            }
            order.add(n);
            UserTexts.assertDescription(kind + " " + n + " description", description.apply(item));
        }
        List<String> again = new ArrayList<>();
        second.forEach(item -> again.add(name.apply(item)));
        if (!order.equals(again)) {
            throw new AssertionError("plugin " + plugin + " names its " + kind + "s " + order + " on one call and " + again
                    + " on the next; discovery relies on stable metadata");
        }
        return first.size();
    }
}
