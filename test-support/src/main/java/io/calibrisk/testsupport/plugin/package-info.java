/**
 * What a plugin's tests need to run its code as calibrisk would, without calibrisk's pipeline:
 * the {@link io.calibrisk.api.estimator.EstimatorContext} with settings parsed from text
 * ({@link io.calibrisk.testsupport.plugin.ContextBuilder}), the plugins on the class path
 * ({@link io.calibrisk.testsupport.plugin.ClassPathPlugins}), a real thread pool
 * ({@link io.calibrisk.testsupport.plugin.ThreadPool}), a run cache
 * ({@link io.calibrisk.testsupport.plugin.MapRunCache}) and a risk evaluator over a known risk
 * for search strategies ({@link io.calibrisk.testsupport.plugin.FunctionRiskEvaluator}).
 */
package io.calibrisk.testsupport.plugin;
