/**
 * Typed settings: every estimator setting and every hyperparameter axis has a
 * {@link io.calibrisk.api.setting.ValueType} (an integer range, a real interval, one of a list
 * of names, or the name of a kernel plugin), so that calibrisk checks every value before any
 * work and names what is allowed when one is refused.
 *
 * @since 1.0
 */
package io.calibrisk.api.setting;
