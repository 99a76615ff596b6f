package io.calibrisk.pipeline.io;

import io.calibrisk.api.InvalidInputException;

import java.util.Arrays;

/**
 * An array read from a NumPy {@code .npy} file, in C (row-major) order whatever the file's
 * order, with its values widened to double (every float and every integer up to 2^53 is exact).
 *
 * @param source   the file, for messages
 * @param dtype    the file's dtype descriptor, e.g. {@code <f4}
 * @param shape    the shape
 * @param values   the values, row-major
 * @param floating whether the dtype is a floating-point type
 */
public record NpyArray(String source, String dtype, int[] shape, double[] values, boolean floating) {

    /** @return the number of dimensions */
    public int rank() {
        return shape.length;
    }

    /**
     * @return the values as integers
     * @throws InvalidInputException if a value is not an integer (e.g. a float label 2.5)
     */
    public int[] integers() {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
                throw new InvalidInputException(source + ": row " + (i + 1) + ": value " + v
                        + " is not an integer" + (Double.isFinite(v) ? "" : " (not a finite number)"));
            }
            out[i] = (int) v;
        }
        return out;
    }

    @Override
    public String toString() {
        return source + " (" + dtype + ", shape " + Arrays.toString(shape) + ")";
    }
}
