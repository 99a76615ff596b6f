package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;

import java.util.Map;

/**
 * The features Φ of a set of points under a {@link BilinearForm}: rows × columns, row-major,
 * together with counts of notable events while computing them (for example
 * {@code fallbacks}: query points with no kernel mass that fell back to the training mean).
 *
 * @param rows    the number of points n'
 * @param columns the number of features q
 * @param values  the features, row i at {@code [i·q, (i+1)·q)}; owned by this record
 * @param counts  name → count of notable events; summed over folds in reports
 *
 * @since 1.0
 */
public record FeatureMatrix(int rows, int columns, double[] values, Map<String, Long> counts) {

    /**
     * @throws InvalidSettingException if the shape and the array disagree
     */
    public FeatureMatrix {
        if (rows < 0 || columns < 1 || values.length != (long) rows * columns) {
            throw InvalidSettingException.of("feature matrix", rows + "×" + columns,
                    "does not match " + values.length + " values");
        }
        counts = Map.copyOf(counts);
    }

    /**
     * @param rows    n'
     * @param columns q
     * @param values  the features, row-major
     * @return the matrix, with no counts
     */
    public static FeatureMatrix of(int rows, int columns, double[] values) {
        return new FeatureMatrix(rows, columns, values, Map.of());
    }

    /**
     * @param row    in [0, rows)
     * @param column in [0, columns)
     * @return the feature
     */
    public double get(int row, int column) {
        return values[row * columns + column];
    }
}
