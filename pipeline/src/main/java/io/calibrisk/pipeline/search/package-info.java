/**
 * The built-in hyperparameter search strategies, a plugin like any other
 * ({@link io.calibrisk.pipeline.search.SearchPlugin}): {@link io.calibrisk.pipeline.search.GridSearch
 * grid}, the published grids as they are, and {@link io.calibrisk.pipeline.search.RefineSearch
 * refine}, which extends a grid whose best point lies at an edge and narrows in around the minimum.
 */
package io.calibrisk.pipeline.search;
