package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.data.Split;

/**
 * Which samples train, evaluate and test in every fold, with each component's points and
 * targets built only when a task asks for them. Holding every component of every fold at once
 * would cost k·d copies of the data for class-wise calibration of an ImageNet-size input.
 */
final class FoldPlan {
    private final Notion notion;
    private final Predictions predictions;
    private final Labels labels;
    private final int[][] training;
    private final int[][] evaluation;
    private final int[] test;

    FoldPlan(Notion notion, Predictions predictions, Labels labels, Split split) {
        this.notion = notion;
        this.predictions = predictions;
        this.labels = labels;
        int k = split.folds();
        this.training = new int[k][];
        this.evaluation = new int[k][];
        for (int f = 0; f < k; f++) {
            training[f] = split.trainingIndices(f);
            evaluation[f] = split.foldIndices(f);
        }
        this.test = split.testIndices();
    }

    int folds() {
        return training.length;
    }

    int components() {
        return notion.componentCount(predictions.classes());
    }

    int dimension() {
        return notion.dimension(predictions.classes());
    }

    int trainingSize(int fold) {
        return training[fold].length;
    }

    int largestTrainingSize() {
        int max = 0;
        for (int[] rows : training) {
            max = Math.max(max, rows.length);
        }
        return max;
    }

    int testSize() {
        return test.length;
    }

    Notion notion() {
        return notion;
    }

    int largestQuerySize() {
        int max = test.length;
        for (int[] rows : evaluation) {
            max = Math.max(max, rows.length);
        }
        return max;
    }

    CalibrationSet training(int fold, int component) {
        return NotionComponents.of(notion, component, predictions, labels, training[fold]);
    }

    CalibrationSet evaluation(int fold, int component) {
        return NotionComponents.of(notion, component, predictions, labels, evaluation[fold]);
    }

    CalibrationSet test(int component) {
        return NotionComponents.of(notion, component, predictions, labels, test);
    }
}
