/**
 * The calibrisk service provider interface (SPI): what a plugin implements, and the few
 * unchecked exceptions every part of calibrisk throws.
 *
 * <p>A plugin is a jar that depends on this module only. It implements one
 * {@link io.calibrisk.api.CalibriskPlugin}, the single discovery root, and lists that class,
 * one fully qualified name per line, in
 * {@code META-INF/services/io.calibrisk.api.CalibriskPlugin}. From it calibrisk takes the
 * plugin's estimators ({@link io.calibrisk.api.estimator}), density and positive-definite
 * kernels ({@link io.calibrisk.api.kernel}) and search strategies
 * ({@link io.calibrisk.api.search}). The plugin states the SPI version it was compiled against
 * ({@link io.calibrisk.api.CalibriskPlugin#spiVersion()}); a plugin of an incompatible version
 * ({@link io.calibrisk.api.SpiVersion}) is skipped with a warning naming its jar and both
 * versions. Names of plugins, estimators, kernels and strategies follow one rule,
 * {@link io.calibrisk.api.PluginNames}.
 *
 * <p>Sub-packages, by feature: {@link io.calibrisk.api.data} (notions, points and calibration
 * sets), {@link io.calibrisk.api.estimator} (estimators and calibration estimation functions),
 * {@link io.calibrisk.api.kernel} (kernels of two kinds), {@link io.calibrisk.api.search}
 * (search spaces and strategies) and {@link io.calibrisk.api.setting} (typed settings).
 *
 * @since 1.0
 */
package io.calibrisk.api;
