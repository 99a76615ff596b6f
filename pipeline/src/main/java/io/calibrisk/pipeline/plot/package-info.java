/**
 * Reliability diagrams: the fitted calibration curve of one estimator with a histogram of the
 * predictions, and every estimator's validation risk over its hyperparameter grid, written as
 * standalone SVG or as PNG. {@link io.calibrisk.pipeline.plot.ReliabilityDiagram} is the entry point.
 */
package io.calibrisk.pipeline.plot;
