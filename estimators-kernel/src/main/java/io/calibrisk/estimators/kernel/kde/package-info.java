/**
 * The kernel density ratio calibration estimator {@code kde} (Popordanoska et al., 2022, as
 * used by Gruber and Bach, TMLR 2025): a Nadaraya–Watson regression of the targets on the
 * points with a density kernel plugin chosen by the setting {@code kernel} (by default the Beta
 * kernel for top-label and class-wise, the Dirichlet kernel for canonical), evaluated in log
 * space: for scalar points and the Beta kernel's form over windows of sorted centres and
 * butterflies of Taylor expansions, for other kernels with an exponential form in blocks for a
 * whole bandwidth grid at once, and pair by pair otherwise.
 */
package io.calibrisk.estimators.kernel.kde;
