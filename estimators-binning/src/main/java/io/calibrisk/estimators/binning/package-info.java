/**
 * Binning estimators of the top-label and class-wise calibration errors: {@code bins-15},
 * {@code bins} (equal width, tuned) and {@code bins-mass} (equal mass, tuned).
 */
package io.calibrisk.estimators.binning;
