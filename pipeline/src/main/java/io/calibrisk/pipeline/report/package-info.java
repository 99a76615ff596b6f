/**
 * The report of a run: per estimator, the risk and estimate at every grid point and fold,
 * the chosen grid point, and the recommended estimator.
 */
package io.calibrisk.pipeline.report;
