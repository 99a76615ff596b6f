/**
 * A toy estimator plugin for tests of the pipeline: {@link io.calibrisk.testsupport.toy.ToyPlugin}
 * with a binning ({@code toy-bins}) and a Gaussian smoothing ({@code toy-smoothing}), small,
 * exact and independent of calibrisk's estimator modules.
 */
package io.calibrisk.testsupport.toy;
