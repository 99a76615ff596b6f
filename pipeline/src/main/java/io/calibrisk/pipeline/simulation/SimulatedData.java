package io.calibrisk.pipeline.simulation;

import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Predictions;

/**
 * Data drawn by {@link DirichletSimulation}.
 *
 * @param predictions       the predictions {@code p_i = softmax(T·log P_i)}
 * @param labels            the labels {@code y_i ~ Categorical(P_i)}
 * @param trueProbabilities the true class probabilities {@code P_i = E[e_y | p_i]}, n × d
 */
public record SimulatedData(Predictions predictions, Labels labels, Points trueProbabilities) {
}
