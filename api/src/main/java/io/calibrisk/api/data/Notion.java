package io.calibrisk.api.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A notion of calibration: how a prediction {@code p_i} and a label {@code y_i} become a point
 * {@code z_i} and a target {@code t_i}, whose residual is {@code r_i = z_i - t_i}. The squared
 * calibration error of the notion is {@code CE² = E ||z - E[t | z]||²}.
 *
 * <table>
 *   <caption>Notions</caption>
 *   <tr><th>notion</th><th>z</th><th>t</th><th>components × dimension</th></tr>
 *   <tr><td>{@link #TOP_LABEL}</td><td>{@code max_k p_k}</td>
 *       <td>{@code 1[y = argmax_k p_k]}, ties to the lowest index</td><td>1 × 1</td></tr>
 *   <tr><td>{@link #CANONICAL}</td><td>{@code p}</td><td>{@code e_y}</td><td>1 × d</td></tr>
 *   <tr><td>{@link #CLASS_WISE}</td><td>{@code p_k} for each class k</td><td>{@code 1[y = k]}</td>
 *       <td>d × 1</td></tr>
 * </table>
 *
 * <p>Class-wise calibration has one scalar <em>component</em> per class. Its squared error is
 * the sum over classes, {@code CWCE² = Σ_k CE_k²}, and so is its risk: each class's
 * U-statistic is unbiased for that class's risk, so their sum is unbiased for the sum and is
 * minimised by the per-class minimisers together.
 */
public enum Notion {
    /** Top-label confidence calibration (TCE). */
    TOP_LABEL("top-label"),
    /** Canonical (full vector) calibration (CCE). */
    CANONICAL("canonical"),
    /** Class-wise calibration (CWCE), one scalar component per class. */
    CLASS_WISE("class-wise");

    private final String id;

    Notion(String id) {
        this.id = id;
    }

    /**
     * @return the notion's name on the command line and in reports, e.g. {@code top-label}
     */
    public String id() {
        return id;
    }

    /**
     * Parses a notion's name ({@code top-label}, {@code canonical}, {@code class-wise}),
     * ignoring case and accepting underscores for hyphens.
     *
     * @param text the name
     * @return the notion
     * @throws InvalidSettingException if the name is not a notion
     */
    public static Notion parse(String text) {
        String key = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (Notion notion : values()) {
            if (notion.id.equals(key)) {
                return notion;
            }
        }
        throw InvalidSettingException.of("notion", text, "expected one of top-label, canonical, class-wise");
    }

    /**
     * The dimension m of a point of one component under this notion.
     *
     * @param classes the number of classes d
     * @return 1 for the scalar notions, d for canonical
     */
    public int dimension(int classes) {
        return this == CANONICAL ? classes : 1;
    }

    /**
     * The number of components of this notion.
     *
     * @param classes the number of classes d
     * @return d for class-wise, 1 otherwise
     */
    public int components(int classes) {
        return this == CLASS_WISE ? classes : 1;
    }

    /**
     * Turns predictions and labels into this notion's components, each a set of points and
     * targets over all n samples, in sample order.
     *
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @return one component for top-label and canonical, d components (class 0 first) for
     *     class-wise
     * @throws InvalidInputException if the numbers of samples or classes differ
     */
    public List<CalibrationSet> components(Predictions predictions, Labels labels) {
        int[] all = new int[predictions.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        List<CalibrationSet> sets = new ArrayList<>();
        for (int j = 0; j < components(predictions.classes()); j++) {
            sets.add(component(j, predictions, labels, all));
        }
        return Collections.unmodifiableList(sets);
    }

    /**
     * One component of this notion over some samples, built directly from the predictions so
     * that large inputs need not hold every component of every fold at once.
     *
     * @param component   the component: 0, or the class for class-wise
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @param rows        the samples, in the order wanted
     * @return the points and targets of the component over those samples
     * @throws InvalidInputException if the numbers of samples or classes differ
     */
    public CalibrationSet component(int component, Predictions predictions, Labels labels, int[] rows) {
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
        if (component < 0 || component >= components(d)) {
            throw InvalidSettingException.of("component", component, "must lie in [0, " + components(d) + ")");
        }
        int size = rows.length;
        switch (this) {
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
                throw new AssertionError(this);
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
