/**
 * The kernel density ratio plugin: the density kernels {@code dirichlet} (simplex) and
 * {@code beta} (unit interval), each with its exponential form, and the estimator {@code kde},
 * which lives in {@link io.calibrisk.estimators.kernel.kde} and reaches its kernel only through
 * the kernel SPI.
 */
package io.calibrisk.estimators.kernel;
