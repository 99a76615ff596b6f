package io.calibrisk.api.data;

import io.calibrisk.api.InvalidSettingException;

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
 *
 * @since 1.0
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
     * The number of components of this notion: class-wise calibration has one scalar component
     * per class, the others one component.
     *
     * @param classes the number of classes d
     * @return d for class-wise, 1 otherwise
     */
    public int componentCount(int classes) {
        return this == CLASS_WISE ? classes : 1;
    }

    @Override
    public String toString() {
        return id;
    }
}
