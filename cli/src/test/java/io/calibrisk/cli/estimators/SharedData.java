package io.calibrisk.cli.estimators;

import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.io.Npy;
import io.calibrisk.pipeline.io.NpyArray;
import io.calibrisk.testsupport.Samples;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The shared cifar10-vgg16 predictions (VGG-16 on the CIFAR-10 test set, n = 10 000, d = 10),
 * and test samples as the pipeline takes them. Tests that need the shared data are skipped,
 * with a message, when the folder is absent, and fail instead where CI requires the data
 * ({@link io.calibrisk.testsupport.SharedData}).
 */
final class SharedData {

    private SharedData() {
    }

    /**
     * The first n samples, as calibrisk reads them.
     *
     * @param n how many samples
     * @return the predictions and labels
     */
    static Run cifar(int n) {
        Path folder = io.calibrisk.testsupport.SharedData.dataset("cifar10-vgg16", "probs.npy", "labels.npy");
        NpyArray probs = Npy.read(folder.resolve("probs.npy"));
        NpyArray labels = Npy.read(folder.resolve("labels.npy"));
        int d = probs.shape()[1];
        return new Run(Predictions.ofProbabilities(n, d, Arrays.copyOf(probs.values(), n * d), "probs.npy"),
                Labels.of(Arrays.copyOf(labels.integers(), n), d, "labels.npy"));
    }

    /**
     * @param samples test samples
     * @return the same samples as the pipeline takes them
     */
    static Run of(Samples samples) {
        return new Run(Predictions.ofProbabilities(samples.size(), samples.classes(), samples.probabilities(), "samples"),
                Labels.of(samples.labels(), samples.classes(), "samples"));
    }

    /**
     * @param predictions the predictions
     * @param labels      their labels
     */
    record Run(Predictions predictions, Labels labels) {
    }
}
