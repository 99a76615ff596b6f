package io.calibrisk.testsupport.plugin;

import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A plugin's contributions by name, as calibrisk finds them, so that a test names what users
 * name ({@code kkr}, {@code rbf}) and not the classes behind them.
 */
public final class Contributions {

    private Contributions() {
    }

    /**
     * @param plugin a plugin
     * @param name   an estimator's name
     * @return the estimator
     * @throws AssertionError if the plugin contributes none of that name
     */
    public static EstimatorProvider estimator(CalibriskPlugin plugin, String name) {
        return find(plugin, "estimator", plugin.estimators(), EstimatorProvider::name, name);
    }

    /**
     * @param plugin a plugin
     * @param name   a density kernel's name
     * @return the kernel
     * @throws AssertionError if the plugin contributes none of that name
     */
    public static DensityKernel densityKernel(CalibriskPlugin plugin, String name) {
        return find(plugin, "density kernel", plugin.densityKernels(), DensityKernel::name, name);
    }

    /**
     * @param plugin a plugin
     * @param name   a positive-definite kernel's name
     * @return the kernel
     * @throws AssertionError if the plugin contributes none of that name
     */
    public static PositiveDefiniteKernel positiveDefiniteKernel(CalibriskPlugin plugin, String name) {
        return find(plugin, "positive-definite kernel", plugin.positiveDefiniteKernels(), PositiveDefiniteKernel::name, name);
    }

    /**
     * @param plugin a plugin
     * @param name   a search strategy's name
     * @return the strategy
     * @throws AssertionError if the plugin contributes none of that name
     */
    public static SearchStrategy searchStrategy(CalibriskPlugin plugin, String name) {
        return find(plugin, "search strategy", plugin.searchStrategies(), SearchStrategy::name, name);
    }

    private static <T> T find(CalibriskPlugin plugin, String kind, List<T> items, Function<T, String> nameOf, String name) {
        List<String> names = new ArrayList<>();
        for (T item : items) {
            if (nameOf.apply(item).equals(name)) {
                return item;
            }
            names.add(nameOf.apply(item));
        }
        throw new AssertionError("plugin " + plugin.name() + " contributes no " + kind + " named " + name + "; it has " + names);
    }
}
