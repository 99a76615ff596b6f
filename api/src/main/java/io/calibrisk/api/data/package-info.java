/**
 * Validated input data: {@link io.calibrisk.api.data.Predictions},
 * {@link io.calibrisk.api.data.Labels} and {@link io.calibrisk.api.data.Split}, and the
 * {@link io.calibrisk.api.data.Notion notions} that turn them into points and targets.
 */
package io.calibrisk.api.data;
