/**
 * Hyperparameter search: {@link io.calibrisk.api.search.SearchSpace search spaces} of typed
 * {@link io.calibrisk.api.search.Axis axes} (explicit lists, linear and logarithmic grids, and
 * grids scaled by a power of the training-set size), and
 * {@link io.calibrisk.api.search.SearchStrategy search strategies} as plugins.
 *
 * @since 1.0
 */
package io.calibrisk.api.search;
