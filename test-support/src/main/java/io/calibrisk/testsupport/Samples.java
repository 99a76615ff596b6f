package io.calibrisk.testsupport;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;

import java.util.ArrayList;
import java.util.List;

/**
 * Raw predictions and labels for tests, with no validation beyond the shapes: n rows of d
 * probabilities (row-major) and n labels in 0..d−1. {@link #components(Notion)} turns them into
 * a notion's points and targets by a reference implementation written from DESIGN.md, apart
 * from the pipeline's.
 *
 * @param classes       the number of classes d (at least 2)
 * @param probabilities n·d probabilities, row i at {@code [i·d, (i+1)·d)}
 * @param labels        n labels
 */
public record Samples(int classes, double[] probabilities, int[] labels) {

    /**
     * @throws IllegalArgumentException if the shapes disagree
     */
    public Samples {
        if (classes < 2 || probabilities.length != (long) labels.length * classes) {
            throw new IllegalArgumentException("samples: " + probabilities.length + " probabilities for "
                    + labels.length + " labels of " + classes + " classes");
        }
        for (int label : labels) {
            if (label < 0 || label >= classes) {
                throw new IllegalArgumentException("samples: label " + label + " outside 0.." + (classes - 1));
            }
        }
    }

    /** @return the number of samples n */
    public int size() {
        return labels.length;
    }

    /**
     * @param i a sample
     * @return a copy of its probabilities
     */
    public double[] row(int i) {
        double[] row = new double[classes];
        System.arraycopy(probabilities, i * classes, row, 0, classes);
        return row;
    }

    /** @return the probabilities as rows */
    public double[][] rows() {
        double[][] rows = new double[size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row(i);
        }
        return rows;
    }

    /**
     * @param from the first sample
     * @param to   one past the last sample
     * @return the samples in [from, to)
     */
    public Samples slice(int from, int to) {
        double[] p = new double[(to - from) * classes];
        System.arraycopy(probabilities, from * classes, p, 0, p.length);
        int[] y = new int[to - from];
        System.arraycopy(labels, from, y, 0, y.length);
        return new Samples(classes, p, y);
    }

    /**
     * The notion's components over all samples, in sample order: top-label
     * {@code (max_k p_k, 1[y = argmax_k p_k])} with ties to the lowest index; canonical
     * {@code (p, e_y)}; class-wise one component {@code (p_k, 1[y = k])} per class k.
     *
     * @param notion the notion
     * @return one component, or d for class-wise
     */
    public List<CalibrationSet> components(Notion notion) {
        int n = size();
        int d = classes;
        List<CalibrationSet> out = new ArrayList<>();
        if (notion == Notion.CANONICAL) {
            double[] t = new double[n * d];
            for (int i = 0; i < n; i++) {
                t[i * d + labels[i]] = 1;
            }
            out.add(new CalibrationSet(Points.of(n, d, probabilities), Points.of(n, d, t)));
            return out;
        }
        for (int component = 0; component < notion.componentCount(d); component++) {
            double[] z = new double[n];
            double[] t = new double[n];
            for (int i = 0; i < n; i++) {
                int chosen = component;
                if (notion == Notion.TOP_LABEL) {
                    chosen = 0;
                    for (int k = 1; k < d; k++) {
                        if (probabilities[i * d + k] > probabilities[i * d + chosen]) {
                            chosen = k;
                        }
                    }
                }
                z[i] = probabilities[i * d + chosen];
                t[i] = labels[i] == chosen ? 1 : 0;
            }
            out.add(new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t)));
        }
        return out;
    }

    /**
     * @param notion a notion with one component (top-label or canonical)
     * @return that component
     */
    public CalibrationSet component(Notion notion) {
        return components(notion).get(0);
    }
}
