/**
 * Input data, validated: {@link io.calibrisk.pipeline.data.Predictions},
 * {@link io.calibrisk.pipeline.data.Labels}, the {@link io.calibrisk.pipeline.data.Split} into
 * folds and a test split, and {@link io.calibrisk.pipeline.data.NotionComponents}, which turns
 * them into a notion's points and targets.
 */
package io.calibrisk.pipeline.data;
