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
     * Turns predictions and labels into this notion's components, each a set of points and
     * targets over all n samples, in sample order.
     *
     * @param predictions the predictions
     * @param labels      the labels, one per prediction
     * @return one component for top-label and canonical, d components (class 0 first) for
     *     class-wise
     * @throws InvalidInputException if the numbers of samples differ
     */
    public List<CalibrationSet> components(Predictions predictions, Labels labels) {
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
        switch (this) {
            case TOP_LABEL: {
                double[] z = new double[n];
                double[] t = new double[n];
                for (int i = 0; i < n; i++) {
                    int best = 0;
                    double top = predictions.get(i, 0);
                    for (int k = 1; k < d; k++) {
                        double p = predictions.get(i, k);
                        if (p > top) {
                            top = p;
                            best = k;
                        }
                    }
                    z[i] = top;
                    t[i] = labels.get(i) == best ? 1.0 : 0.0;
                }
                return List.of(new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t)));
            }
            case CANONICAL: {
                double[] t = new double[n * d];
                for (int i = 0; i < n; i++) {
                    t[i * d + labels.get(i)] = 1.0;
                }
                return List.of(new CalibrationSet(predictions.points(), Points.of(n, d, t)));
            }
            case CLASS_WISE: {
                List<CalibrationSet> sets = new ArrayList<>(d);
                for (int k = 0; k < d; k++) {
                    double[] z = new double[n];
                    double[] t = new double[n];
                    for (int i = 0; i < n; i++) {
                        z[i] = predictions.get(i, k);
                        t[i] = labels.get(i) == k ? 1.0 : 0.0;
                    }
                    sets.add(new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t)));
                }
                return Collections.unmodifiableList(sets);
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
