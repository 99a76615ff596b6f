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

    /**
     * @return for each of the n values, its place among the distinct ones: the place
     *     {@link Arrays#binarySearch(double[], int, int, double)} finds (values are equal when their
     *     {@link Double#doubleToLongBits} are, as there), looked up in an open-addressing table
     *     keyed by those bits. A class-wise run makes a hundred of these for thousands of points
     *     each, and the binary searches' mispredicted branches took 5 % of its warm time
     */
    private static int[] groups(double[] values, int n, double[] distinct, int count) {
        if (count > 1 << 29) {
            // a table of 2^31 slots would not fit in an array
            return searched(values, n, distinct, count);
        }
        // at most half full, so that a lookup probes about 1.5 slots
        int bits = 33 - Integer.numberOfLeadingZeros(Math.max(1, count) - 1);
        long[] keys = new long[1 << bits];
        int[] places = new int[1 << bits];
        fill(distinct, count, keys, places, bits);
        return lookUp(values, n, keys, places, bits);
    }

    /** Enters each distinct value's bits with its place plus one (0 marks an empty slot). */
    private static void fill(double[] distinct, int count, long[] keys, int[] places, int bits) {
        int mask = keys.length - 1;
        for (int g = 0; g < count; g++) {
            long key = Double.doubleToLongBits(distinct[g]);
            int slot = slot(key, bits);
            while (places[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = key;
            places[slot] = g + 1;
        }
    }

    /** @return each value's place, from the table (every value is in it) */
    private static int[] lookUp(double[] values, int n, long[] keys, int[] places, int bits) {
        int mask = keys.length - 1;
        int[] groupOf = new int[n];
        for (int i = 0; i < n; i++) {
            long key = Double.doubleToLongBits(values[i]);
            int slot = slot(key, bits);
            while (keys[slot] != key || places[slot] == 0) {
                slot = (slot + 1) & mask;
            }
            groupOf[i] = places[slot] - 1;
        }
        return groupOf;
    }

    private static int[] searched(double[] values, int n, double[] distinct, int count) {
        int[] groupOf = new int[n];
        for (int i = 0; i < n; i++) {
            groupOf[i] = Arrays.binarySearch(distinct, 0, count, values[i]);
        }
        return groupOf;
    }

    /** @return the table's slot for a key: Fibonacci hashing, the product's top bits */
    private static int slot(long key, int bits) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - bits));
    }
}
