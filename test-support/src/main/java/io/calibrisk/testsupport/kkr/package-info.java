/**
 * Slow reference implementations of kernel ridge regression estimators for tests: the naive
 * n² × n² Kronecker system of {@code kkr} and the n × n system of {@code ukkr}, solved by
 * Gaussian elimination without any eigendecomposition.
 */
package io.calibrisk.testsupport.kkr;
