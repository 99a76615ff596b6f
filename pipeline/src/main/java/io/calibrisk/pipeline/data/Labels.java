package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;

import java.util.Arrays;

/**
 * Validated class labels: n integers in [0, d).
 */
public final class Labels {
    private final int[] values;
    private final int classes;

    private Labels(int[] values, int classes) {
        this.values = values;
        this.classes = classes;
    }

    /**
     * @param values  the labels, 0-based; not modified
     * @param classes the number of classes d (at least 2)
     * @param source  the name of the source, for messages
     * @return the labels
     * @throws InvalidInputException if there are no labels or one is outside [0, d)
     */
    public static Labels of(int[] values, int classes, String source) {
        if (values.length == 0) {
            throw new InvalidInputException(source + ": no labels");
        }
        if (classes < 2) {
            throw new InvalidInputException(source + ": " + classes
                    + " class(es); calibration needs at least 2 classes");
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0 || values[i] >= classes) {
                throw new InvalidInputException(source + ": row " + (i + 1) + ": label " + values[i]
                        + " is outside [0, " + (classes - 1) + "] for " + classes + " classes"
                        + (values[i] == classes ? " (are the labels 1-based?)" : ""));
            }
        }
        return new Labels(values.clone(), classes);
    }

    /** @return the number of labels n */
    public int size() {
        return values.length;
    }

    /** @return the number of classes d */
    public int classes() {
        return classes;
    }

    /**
     * @param sample the sample, in [0, n)
     * @return its label
     */
    public int get(int sample) {
        return values[sample];
    }

    /** @return a copy of the labels */
    public int[] toArray() {
        return values.clone();
    }

    /** @return the number of distinct classes that occur among the labels */
    public int distinctClasses() {
        boolean[] seen = new boolean[classes];
        int count = 0;
        for (int v : values) {
            if (!seen[v]) {
                seen[v] = true;
                count++;
            }
        }
        return count;
    }

    /**
     * @param rows the samples to keep, in order
     * @return the selected labels
     */
    public Labels select(int[] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = values[rows[i]];
        }
        return new Labels(out, classes);
    }

    @Override
    public String toString() {
        return "Labels[n=" + values.length + ", d=" + classes + ", " + Arrays.toString(
                Arrays.copyOf(values, Math.min(5, values.length))) + (values.length > 5 ? "…]" : "]");
    }
}
