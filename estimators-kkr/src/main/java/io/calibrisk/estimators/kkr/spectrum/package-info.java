/**
 * The hyperparameter-free part of kernel ridge regression on one training fold: the spectrum
 * of the kernel matrix K, by a full eigendecomposition ({@link
 * io.calibrisk.estimators.kkr.spectrum.ExactFactorisation}) or by a pivoted Cholesky
 * (Nyström) factor ({@link io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation}),
 * both presented as a {@link io.calibrisk.estimators.kkr.spectrum.KernelSpectrum} that the
 * whole grid of regularisations reuses.
 */
package io.calibrisk.estimators.kkr.spectrum;
