package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a {@link Notion} turns predictions {@code p_i} and labels {@code y_i} into the points
 * {@code z_i} and targets {@code t_i} of its components:
 * <ul>
 *   <li>top-label: {@code z = max_k p_k}, {@code t = 1[y = argmax_k p_k]}, ties to the lowest index;</li>
 *   <li>canonical: {@code z = p}, {@code t = e_y};</li>
 *   <li>class-wise: one component per class k, {@code z = p_k}, {@code t = 1[y = k]}.</li>
 * </ul>
 */
public final class NotionComponents {

    private NotionComponents() {
    }

    /**
     * Every component of a notion over all n samples, in sample order.
     *
     * @param notion      the notion
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @return one component for top-label and canonical, d components (class 0 first) for
     *     class-wise
     * @throws InvalidInputException if the numbers of samples or classes differ
     */
    public static List<CalibrationSet> all(Notion notion, Predictions predictions, Labels labels) {
        int[] rows = new int[predictions.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        List<CalibrationSet> sets = new ArrayList<>();
        for (int j = 0; j < notion.componentCount(predictions.classes()); j++) {
            sets.add(of(notion, j, predictions, labels, rows));
        }
        return Collections.unmodifiableList(sets);
    }

    /**
     * One component of a notion over some samples, built directly from the predictions so that
     * large inputs need not hold every component of every fold at once.
     *
     * @param notion      the notion
     * @param component   the component: 0, or the class for class-wise
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @param rows        the samples, in the order wanted
     * @return the points and targets of the component over those samples
     * @throws InvalidInputException if the numbers of samples or classes differ
     */
    public static CalibrationSet of(Notion notion, int component, Predictions predictions, Labels labels, int[] rows) {
        int n = predictions.size();
        int d = predictions.classes();
        if (labels.size() != n) {
            throw new InvalidInputException("labels: " + labels.size() + " labels for " + n
                    + " predictions; the numbers of samples must agree");
        }
        if (labels.classes() != d) {
            throw new InvalidInputException("labels: declared for " + labels.classes()
                    + " classes but the predictions have " + d);
        }
        if (component < 0 || component >= notion.componentCount(d)) {
            throw InvalidSettingException.of("component", component, "must lie in [0, " + notion.componentCount(d) + ")");
        }
        int size = rows.length;
        switch (notion) {
            case TOP_LABEL: {
                double[] z = new double[size];
                double[] t = new double[size];
                for (int r = 0; r < size; r++) {
                    int i = rows[r];
                    int best = 0;
                    double top = predictions.get(i, 0);
                    for (int k = 1; k < d; k++) {
                        double p = predictions.get(i, k);
                        if (p > top) {
                            top = p;
                            best = k;
                        }
                    }
                    z[r] = top;
                    t[r] = labels.get(i) == best ? 1.0 : 0.0;
                }
                return new CalibrationSet(Points.of(size, 1, z), Points.of(size, 1, t));
            }
            case CANONICAL: {
                double[] t = new double[size * d];
                for (int r = 0; r < size; r++) {
                    t[r * d + labels.get(rows[r])] = 1.0;
                }
                return new CalibrationSet(predictions.points().select(rows), Points.of(size, d, t));
            }
            case CLASS_WISE: {
                double[] z = new double[size];
                double[] t = new double[size];
                for (int r = 0; r < size; r++) {
                    z[r] = predictions.get(rows[r], component);
                    t[r] = labels.get(rows[r]) == component ? 1.0 : 0.0;
                }
                return new CalibrationSet(Points.of(size, 1, z), Points.of(size, 1, t));
            }
            default:
                throw new AssertionError(notion);
        }
    }
}
