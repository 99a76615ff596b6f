/**
 * What a plugin sees of the data: the {@link io.calibrisk.api.data.Notion notions} of
 * calibration, and the {@link io.calibrisk.api.data.Points points} and
 * {@link io.calibrisk.api.data.CalibrationSet calibration sets} (points z and targets t of one
 * component of a notion) that estimators are prepared on and evaluated with.
 *
 * @since 1.0
 */
package io.calibrisk.api.data;
