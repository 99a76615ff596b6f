/**
 * The kernel density ratio calibration estimator {@code kde} (Popordanoska et al., 2022, as
 * used by Gruber and Bach, TMLR 2025): a Nadaraya–Watson regression of the targets on the
 * points with a Beta kernel (top-label, class-wise) or a Dirichlet kernel (canonical), evaluated
 * in log space, in blocks, for a whole bandwidth grid at once.
 */
package io.calibrisk.estimators.kernel.kde;
