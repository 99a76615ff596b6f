/**
 * Shared test fixtures of calibrisk: QuickTheories generators of probability rows and labels
 * ({@link io.calibrisk.testsupport.Generators}), slow reference implementations written for
 * clarity rather than speed ({@link io.calibrisk.testsupport.ReferenceRisk},
 * {@link io.calibrisk.testsupport.ReferenceBinning}, {@link io.calibrisk.testsupport.ExpectedRisk}),
 * the simulation's true calibration functions ({@link io.calibrisk.testsupport.TrueCalibration}),
 * jars built during a test ({@link io.calibrisk.testsupport.PluginJars}) and assertion helpers
 * ({@link io.calibrisk.testsupport.Assertions}), raw samples with a reference notion mapping
 * ({@link io.calibrisk.testsupport.Samples}) and the paper's Dirichlet simulation drawn
 * independently of the pipeline ({@link io.calibrisk.testsupport.Simulations}), and the extension
 * that lets mutation testing find the tests without running them
 * ({@link io.calibrisk.testsupport.MutationTestDiscovery}).
 */
package io.calibrisk.testsupport;
