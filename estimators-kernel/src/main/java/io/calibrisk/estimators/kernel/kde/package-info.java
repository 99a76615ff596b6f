/**
 * The kernel density ratio calibration estimator {@code kde} (Popordanoska et al., 2022, as
 * used by Gruber and Bach, TMLR 2025): a Nadaraya–Watson regression of the targets on the
 * points with a density kernel plugin chosen by the setting {@code kernel} (by default the Beta
 * kernel for top-label and class-wise, the Dirichlet kernel for canonical), evaluated in log
 * space, in blocks, for a whole bandwidth grid at once when the kernel has an exponential form,
 * and pair by pair otherwise.
 */
package io.calibrisk.estimators.kernel.kde;
