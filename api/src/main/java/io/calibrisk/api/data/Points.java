package io.calibrisk.api.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;

import java.util.Arrays;

/**
 * An immutable n × m matrix of finite doubles, stored row by row: the points {@code z_i} or
 * the targets {@code t_i} of one component of a notion.
 *
 * @since 1.0
 */
public final class Points {
    private final int size;
    private final int dimension;
    private final double[] values;

    private Points(int size, int dimension, double[] values) {
        this.size = size;
        this.dimension = dimension;
        this.values = values;
    }

    /**
     * Copies a row-major array into points.
     *
     * @param size      the number of rows n (at least 0)
     * @param dimension the number of columns m (at least 1)
     * @param values    n·m finite values, row i at {@code [i·m, (i+1)·m)}
     * @return the points
     * @throws InvalidSettingException if the shape does not match the array
     * @throws InvalidInputException   if a value is not finite
     */
    public static Points of(int size, int dimension, double[] values) {
        if (size < 0) {
            throw InvalidSettingException.of("size", size, "must be at least 0");
        }
        if (dimension < 1) {
            throw InvalidSettingException.of("dimension", dimension, "must be at least 1");
        }
        if (values.length != (long) size * dimension) {
            throw InvalidSettingException.of("values.length", values.length,
                    "must equal size × dimension = " + size + " × " + dimension);
        }
        double[] copy = values.clone();
        for (int i = 0; i < copy.length; i++) {
            if (!Double.isFinite(copy[i])) {
                throw new InvalidInputException("points: row " + (i / dimension) + ", column "
                        + (i % dimension) + ": value " + copy[i] + " is not finite");
            }
        }
        return new Points(size, dimension, copy);
    }

    /**
     * Copies rows into points.
     *
     * @param rows equally long rows of finite values (at least one column)
     * @return the points
     * @throws InvalidSettingException if the rows are ragged or empty
     */
    public static Points ofRows(double[][] rows) {
        int m = rows.length == 0 ? 1 : rows[0].length;
        double[] flat = new double[rows.length * m];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != m) {
                throw InvalidSettingException.of("rows[" + i + "].length", rows[i].length,
                        "must equal the length of row 0, " + m);
            }
            System.arraycopy(rows[i], 0, flat, i * m, m);
        }
        return of(rows.length, m, flat);
    }

    /** @return the number of rows n */
    public int size() {
        return size;
    }

    /** @return the number of columns m */
    public int dimension() {
        return dimension;
    }

    /**
     * @param row    the row, in [0, n)
     * @param column the column, in [0, m)
     * @return the value
     */
    public double get(int row, int column) {
        return values[row * dimension + column];
    }

    /**
     * @param row the row, in [0, n)
     * @return a copy of the row
     */
    public double[] row(int row) {
        return Arrays.copyOfRange(values, row * dimension, (row + 1) * dimension);
    }

    /**
     * Copies one row into a buffer.
     *
     * @param row    the row, in [0, n)
     * @param target an array of length at least m
     */
    public void copyRow(int row, double[] target) {
        System.arraycopy(values, row * dimension, target, 0, dimension);
    }

    /** @return a row-major copy of all values */
    public double[] toArray() {
        return values.clone();
    }

    /**
     * Selects rows, in the given order.
     *
     * @param rows the row indices, each in [0, n)
     * @return the selected rows as new points
     */
    public Points select(int[] rows) {
        double[] out = new double[rows.length * dimension];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(values, rows[i] * dimension, out, i * dimension, dimension);
        }
        return new Points(rows.length, dimension, out);
    }

    /**
     * The elementwise difference {@code this - other}, e.g. the residuals {@code z - t}.
     *
     * @param other points of the same shape
     * @return the difference
     */
    public Points minus(Points other) {
        if (other.size != size || other.dimension != dimension) {
            throw InvalidSettingException.of("other", other.size + "×" + other.dimension,
                    "must have the shape " + size + "×" + dimension);
        }
        double[] out = new double[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[i] - other.values[i];
        }
        return new Points(size, dimension, out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Points && ((Points) o).size == size && ((Points) o).dimension == dimension
                && Arrays.equals(((Points) o).values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * size + dimension) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "Points[" + size + "×" + dimension + "]";
    }
}
