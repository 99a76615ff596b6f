/**
 * Kernels as plugins: density kernels for kernel density ratio estimation and
 * positive-definite kernels for kernel ridge regression.
 */
package io.calibrisk.api.kernel;
