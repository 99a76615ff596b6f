/**
 * Hyperparameter search spaces: explicit lists, linear and logarithmic grids, and grids scaled
 * by a power of the training-set size.
 */
package io.calibrisk.api.search;
