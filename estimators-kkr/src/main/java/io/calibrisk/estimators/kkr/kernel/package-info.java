/**
 * The positive-definite kernels of kernel ridge regression, contributed by this plugin so that
 * {@code kkr} and {@code ukkr} need no other jar: {@code rbf} (the default,
 * {@code exp(−γ ||x − y||²)}, with a rank bound for memory planning) and {@code laplacian}
 * ({@code exp(−γ ||x − y||₁)}). Any discovered positive-definite kernel can replace them with
 * the setting {@code kernel}.
 */
package io.calibrisk.estimators.kkr.kernel;
