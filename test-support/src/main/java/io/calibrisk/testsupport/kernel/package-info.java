/**
 * Slow, plain reference implementations of kernel density ratio estimation for tests: densities
 * evaluated directly (no logarithms) where doubles can represent them, and a pairwise log-space
 * Nadaraya–Watson regression without blocks, merging or skipping.
 */
package io.calibrisk.testsupport.kernel;
