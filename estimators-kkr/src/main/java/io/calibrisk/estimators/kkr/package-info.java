/**
 * Kernel ridge regression estimators of squared calibration errors (Gruber and Bach, TMLR
 * 2025): {@link io.calibrisk.estimators.kkr.KroneckerKrr kkr} and
 * {@link io.calibrisk.estimators.kkr.TwoStepKrr ukkr}, with an exact and a fast (low-rank)
 * factorisation of each training fold's kernel matrix, bilinear forms for risks linear in the
 * evaluation-set size, and detection of grid points that rounding decides.
 */
package io.calibrisk.estimators.kkr;
