package io.calibrisk.estimators.kernel.kde;

import java.util.Arrays;

/**
 * The distinct rows of a row-major matrix, in a fixed (lexicographic) order, and which distinct
 * row each original row is. Top-label confidences repeat a lot (float32 scores near 1), and a
 * kernel evaluated once per distinct centre and query gives the same sums with fewer
 * exponentials.
 *
 * @param rows     the distinct rows, row-major, in lexicographic order
 * @param count    the number of distinct rows
 * @param groupOf  for every original row, the index of its distinct row
 */
record DistinctRows(double[] rows, int count, int[] groupOf) {

    /**
     * @param values    n × width, row-major
     * @param n         the number of rows
     * @param width     the number of columns
     * @return the distinct rows
     */
    static DistinctRows of(double[] values, int n, int width) {
        if (width == 1) {
            return scalars(values, n);
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Arrays.compare(values, a * width, (a + 1) * width, values, b * width, (b + 1) * width);
            return c != 0 ? c : Integer.compare(a, b);
        });
        int[] groupOf = new int[n];
        double[] rows = new double[n * width];
        int count = 0;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            if (count == 0 || !Arrays.equals(values, i * width, (i + 1) * width,
                    rows, (count - 1) * width, count * width)) {
                System.arraycopy(values, i * width, rows, count * width, width);
                count++;
            }
            groupOf[i] = count - 1;
        }
        return new DistinctRows(Arrays.copyOf(rows, count * width), count, groupOf);
    }

    /** The same for one column, by a primitive sort (the order of {@link Double#compare}, as above). */
    private static DistinctRows scalars(double[] values, int n) {
        double[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        int count = distinct(sorted);
        return new DistinctRows(Arrays.copyOf(sorted, count), count, groups(values, n, sorted, count));
    }

    /**
     * Moves the distinct values of a sorted array to its front; each loop here is a method of its
     * own, so that the compiler compiles the loop alone, not the caller from the loop's entry.
     *
     * @return how many there are
     */
    private static int distinct(double[] sorted) {
        int count = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (count == 0 || Double.compare(sorted[i], sorted[count - 1]) != 0) {
                sorted[count++] = sorted[i];
            }
        }
        return count;
    }

    /** @return for each of the n values, its place among the distinct ones */
    private static int[] groups(double[] values, int n, double[] distinct, int count) {
        int[] groupOf = new int[n];
        for (int i = 0; i < n; i++) {
            groupOf[i] = Arrays.binarySearch(distinct, 0, count, values[i]);
        }
        return groupOf;
    }
}
