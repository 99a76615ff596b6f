/**
 * Calibration estimators as plugins: the {@link io.calibrisk.api.estimator.EstimatorProvider}
 * a plugin contributes through {@link io.calibrisk.api.CalibriskPlugin#estimators()} (only the
 * {@code CalibriskPlugin} is listed in a service file), the
 * {@link io.calibrisk.api.estimator.CalibrationEstimator}
 * it creates, one {@link io.calibrisk.api.estimator.PreparedTraining preparation} per training
 * fold reused across the grid, and the fitted
 * {@link io.calibrisk.api.estimator.CalibrationFunction calibration estimation function} with
 * its optional {@link io.calibrisk.api.estimator.BilinearForm bilinear form}.
 *
 * @since 1.0
 */
package io.calibrisk.api.estimator;
