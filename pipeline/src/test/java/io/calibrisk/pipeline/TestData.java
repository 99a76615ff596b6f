package io.calibrisk.pipeline;

import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.testsupport.Samples;

/** Test-support samples as the pipeline's validated inputs. */
public final class TestData {

    private TestData() {
    }

    /**
     * @param samples raw probabilities and labels
     * @return the probabilities, validated
     */
    public static Predictions predictions(Samples samples) {
        return Predictions.ofProbabilities(samples.size(), samples.classes(), samples.probabilities(), "test");
    }

    /**
     * @param samples raw probabilities and labels
     * @return the labels, validated
     */
    public static Labels labels(Samples samples) {
        return Labels.of(samples.labels(), samples.classes(), "test");
    }

    /**
     * @param points points
     * @return their rows
     */
    public static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    /**
     * @param from the first index
     * @param to   one past the last
     * @return from, from + 1, …, to − 1
     */
    public static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }

    /**
     * @param message a message shown to users
     * @return whether it holds a Java class name or an exception's type
     */
    public static boolean namesAJavaClass(String message) {
        return message.contains("java.") || message.contains("io.calibrisk.") || message.contains("Exception")
                || message.contains("Error:");
    }
}
