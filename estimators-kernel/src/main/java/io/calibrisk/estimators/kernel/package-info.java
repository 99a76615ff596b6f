/**
 * Kernels as plugins: the density kernels {@code dirichlet} and {@code beta} of kernel density
 * ratio estimation, and the positive-definite kernels {@code rbf} and {@code laplacian} of
 * kernel ridge regression. The estimator {@code kde} lives in
 * {@link io.calibrisk.estimators.kernel.kde}.
 */
package io.calibrisk.estimators.kernel;
