/**
 * The calibrisk service provider interface (SPI) and its exceptions.
 *
 * <p>Sub-packages, by feature: {@link io.calibrisk.api.data} (notions, predictions, labels,
 * splits), {@link io.calibrisk.api.estimator} (estimator providers and calibration estimation
 * functions), {@link io.calibrisk.api.kernel} (kernels), {@link io.calibrisk.api.search}
 * (hyperparameter search spaces), {@link io.calibrisk.api.report} (reports) and
 * {@link io.calibrisk.api.simulation} (data with a known calibration error).
 *
 * <p>A plugin depends on this module only and lists its providers in
 * {@code META-INF/services/io.calibrisk.api.estimator.EstimatorProvider} or
 * {@code META-INF/services/io.calibrisk.api.kernel.KernelProvider}.
 */
package io.calibrisk.api;
