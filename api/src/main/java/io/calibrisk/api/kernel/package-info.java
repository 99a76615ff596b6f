/**
 * Kernels as plugins, of two kinds: {@link io.calibrisk.api.kernel.DensityKernel density
 * kernels} {@code k(c; x)} for kernel density ratio estimation, and
 * {@link io.calibrisk.api.kernel.PositiveDefiniteKernel positive-definite kernels}
 * {@code k(x, y)} for kernel ridge regression. A plugin contributes them through
 * {@link io.calibrisk.api.CalibriskPlugin#densityKernels()} and
 * {@link io.calibrisk.api.CalibriskPlugin#positiveDefiniteKernels()}; an estimator receives the
 * one a user chose through a setting of type
 * {@link io.calibrisk.api.setting.ValueType#densityKernel()} or
 * {@link io.calibrisk.api.setting.ValueType#positiveDefiniteKernel()}.
 *
 * @since 1.0
 */
package io.calibrisk.api.kernel;
