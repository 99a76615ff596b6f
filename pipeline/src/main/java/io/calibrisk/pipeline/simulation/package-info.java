/**
 * Data with a known calibration error, for examples and for testing estimators.
 */
package io.calibrisk.pipeline.simulation;
