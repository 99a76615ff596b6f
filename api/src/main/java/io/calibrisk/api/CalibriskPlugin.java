package io.calibrisk.api;

import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.api.search.SearchStrategy;

import java.util.List;

/**
 * The one discovery root of a calibrisk plugin, found by {@link java.util.ServiceLoader}: list
 * the implementing class in {@code META-INF/services/io.calibrisk.api.CalibriskPlugin} and give
 * it a public no-argument constructor. One plugin may contribute estimators, kernels of both
 * kinds and search strategies together.
 *
 * <p>Discovery calls the constructor and the metadata methods of this interface, nothing else:
 * keep them cheap and free of side effects. A plugin runs inside calibrisk's JVM with all its
 * rights; it is trusted code.
 *
 * <p>A minimal plugin:
 * <pre>{@code
 * public final class MyPlugin implements CalibriskPlugin {
 *     public String name() { return "my-plugin"; }
 *     public String spiVersion() { return SPI_VERSION; }   // compiled in: the version you built against
 *     public List<EstimatorProvider> estimators() { return List.of(new MyEstimator()); }
 * }
 * }</pre>
 *
 * @since 1.0
 */
public interface CalibriskPlugin {

    /**
     * The version of this SPI, {@code MAJOR.MINOR}. It is a compile-time constant, so a plugin
     * whose {@link #spiVersion()} returns it carries the version it was compiled against, not
     * the one it runs with. See {@link SpiVersion} for compatibility.
     */
    String SPI_VERSION = "1.7";

    /** @return the plugin's name, following {@link PluginNames}, e.g. {@code calibrisk-binning} */
    String name();

    /**
     * @return the plugin's own version, free text, shown by {@code calibrisk list} and recorded
     *     in reports; by default the {@code Implementation-Version} of the jar's manifest (Maven's
     *     jar plugin writes it with {@code addDefaultImplementationEntries}), or
     *     {@code development} for classes outside a jar
     */
    default String version() {
        String version = getClass().getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    /**
     * @return the SPI version the plugin was compiled against: implement it as
     *     {@code return SPI_VERSION;}
     */
    String spiVersion();

    /** @return the estimators this plugin provides; none by default */
    default List<EstimatorProvider> estimators() {
        return List.of();
    }

    /** @return the density kernels k(c; x) this plugin provides, for kernel density ratio estimation; none by default */
    default List<DensityKernel> densityKernels() {
        return List.of();
    }

    /** @return the positive-definite kernels k(x, y) this plugin provides, for kernel ridge regression; none by default */
    default List<PositiveDefiniteKernel> positiveDefiniteKernels() {
        return List.of();
    }

    /** @return the hyperparameter search strategies this plugin provides; none by default */
    default List<SearchStrategy> searchStrategies() {
        return List.of();
    }
}
