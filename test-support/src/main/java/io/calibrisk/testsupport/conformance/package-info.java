/**
 * The conformance kit for calibrisk plugins: abstract JUnit 5 tests that a plugin's own test
 * extends in a few lines, one per kind of contribution.
 *
 * <ul>
 *   <li>{@link io.calibrisk.testsupport.conformance.PluginConformance}: the discovery root
 *       (service file, names, versions, descriptions);</li>
 *   <li>{@link io.calibrisk.testsupport.conformance.EstimatorConformance}: a calibration
 *       estimator (symmetry, bilinear form and risk identities, thread-count independence,
 *       finiteness on awkward data, typed settings, memory planning);</li>
 *   <li>{@link io.calibrisk.testsupport.conformance.DensityKernelConformance}: a density kernel
 *       (integrates to one, never NaN, exponential form);</li>
 *   <li>{@link io.calibrisk.testsupport.conformance.PositiveDefiniteKernelConformance}: a
 *       positive-definite kernel (symmetric, positive semi-definite Gram matrices, rank bound);</li>
 *   <li>{@link io.calibrisk.testsupport.conformance.SearchStrategyConformance}: a search
 *       strategy (returns, stays in the space and the budget, deterministic, finds the grid
 *       minimum of a convex risk).</li>
 * </ul>
 *
 * <p>Add {@code io.calibrisk:calibrisk-test-support} at test scope; it brings JUnit 5's API and
 * QuickTheories. Data are drawn from the fixed seed of {@link io.calibrisk.testsupport.Seeds}, so
 * a failure reproduces, and every failure names the check and the data.
 */
package io.calibrisk.testsupport.conformance;
