package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.Points;

/**
 * Validated class probabilities: n rows of d ≥ 2 finite, non-negative numbers that sum to one.
 *
 * <p>Rows are checked when they are built, and the first bad row is reported by its number (1
 * based) in the message of an {@link InvalidInputException} that also names the source:
 * <ul>
 *   <li>a value that is NaN or infinite, or negative, is an error;</li>
 *   <li>a row whose sum differs from 1 by at most {@value #AS_GIVEN_TOLERANCE} is used as
 *       given: that is the rounding of a float32 softmax, and dividing by the sum in double
 *       precision would only add noise of that size to every result;</li>
 *   <li>a row whose sum differs from 1 by at most {@value #SUM_TOLERANCE} is divided by its
 *       sum (renormalised), and counted in {@link #renormalisedRows()};</li>
 *   <li>a row whose sum is further from 1 is an error; when the data look like logits
 *       (negative values, or sums far from 1) the message says so.</li>
 * </ul>
 * Logits are turned into probabilities by {@link #ofLogits}, a softmax that subtracts the
 * row maximum first, so it neither overflows nor underflows to an all-zero row.
 */
public final class Predictions {
    /** Largest |row sum − 1| for which a row is used without renormalisation. */
    public static final double AS_GIVEN_TOLERANCE = 1e-6;
    /** Largest |row sum − 1| that is accepted at all (and then renormalised). */
    public static final double SUM_TOLERANCE = 1e-4;

    private final Points points;
    private final int renormalisedRows;

    private Predictions(Points points, int renormalisedRows) {
        this.points = points;
        this.renormalisedRows = renormalisedRows;
    }

    /**
     * Validates probabilities given row by row.
     *
     * @param rows   n rows of d probabilities
     * @param source the name of the source, for messages (e.g. a file name)
     * @return the predictions
     * @throws InvalidInputException if a row is invalid (see the class description)
     */
    public static Predictions ofProbabilities(double[][] rows, String source) {
        if (rows.length == 0) {
            throw new InvalidInputException(source + ": no samples");
        }
        int d = rows[0].length;
        double[] flat = new double[rows.length * d];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != d) {
                throw new InvalidInputException(source + ": row " + (i + 1) + " has " + rows[i].length
                        + " values but row 1 has " + d);
            }
            System.arraycopy(rows[i], 0, flat, i * d, d);
        }
        return ofProbabilities(rows.length, d, flat, source);
    }

    /**
     * Validates probabilities given as a row-major array.
     *
     * @param n      the number of samples (at least 1)
     * @param d      the number of classes (at least 2)
     * @param values n·d probabilities, row i at {@code [i·d, (i+1)·d)}; not modified
     * @param source the name of the source, for messages (e.g. a file name)
     * @return the predictions
     * @throws InvalidInputException if the shape or a row is invalid (see the class description)
     */
    public static Predictions ofProbabilities(int n, int d, double[] values, String source) {
        checkShape(n, d, values, source);
        double[] p = values.clone();
        int renormalised = 0;
        boolean looksLikeLogits = false;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int k = 0; k < d; k++) {
                double v = p[i * d + k];
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    throw new InvalidInputException(source + ": row " + (i + 1) + ", class " + k
                            + ": value " + v + " is not a finite number");
                }
                if (v < 0) {
                    looksLikeLogits = true;
                }
                sum += v;
            }
            for (int k = 0; k < d; k++) {
                double v = p[i * d + k];
                if (v < 0) {
                    throw new InvalidInputException(source + ": row " + (i + 1) + ", class " + k
                            + ": probability " + v + " is negative"
                            + (looksLikeLogits ? "; if these are logits, read them as logits (--logits)" : ""));
                }
            }
            double deviation = Math.abs(sum - 1.0);
            if (deviation > SUM_TOLERANCE) {
                boolean logits = looksLikeLogits || sum > 1.5 || sum < 0.5;
                throw new InvalidInputException(source + ": row " + (i + 1) + " sums to " + sum
                        + ", not to 1 within " + SUM_TOLERANCE
                        + (logits ? "; if these are logits, read them as logits (--logits)" : ""));
            }
            if (deviation > AS_GIVEN_TOLERANCE) {
                for (int k = 0; k < d; k++) {
                    p[i * d + k] /= sum;
                }
                renormalised++;
            }
        }
        return new Predictions(Points.of(n, d, p), renormalised);
    }

    /**
     * Turns logits into probabilities with a numerically stable softmax,
     * {@code p_k = exp(l_k - max l) / Σ_j exp(l_j - max l)}.
     *
     * @param n      the number of samples (at least 1)
     * @param d      the number of classes (at least 2)
     * @param logits n·d finite logits of any sign and scale, row-major; not modified
     * @param source the name of the source, for messages
     * @return the predictions
     * @throws InvalidInputException if the shape is invalid or a logit is not finite
     */
    public static Predictions ofLogits(int n, int d, double[] logits, String source) {
        checkShape(n, d, logits, source);
        double[] p = new double[n * d];
        for (int i = 0; i < n; i++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < d; k++) {
                double v = logits[i * d + k];
                if (!Double.isFinite(v)) {
                    throw new InvalidInputException(source + ": row " + (i + 1) + ", class " + k
                            + ": logit " + v + " is not a finite number");
                }
                max = Math.max(max, v);
            }
            double sum = 0;
            for (int k = 0; k < d; k++) {
                double e = Math.exp(logits[i * d + k] - max);
                p[i * d + k] = e;
                sum += e;
            }
            for (int k = 0; k < d; k++) {
                p[i * d + k] /= sum;
            }
        }
        return new Predictions(Points.of(n, d, p), 0);
    }

    private static void checkShape(int n, int d, double[] values, String source) {
        if (n < 1) {
            throw new InvalidInputException(source + ": no samples");
        }
        if (d < 2) {
            throw new InvalidInputException(source + ": " + d
                    + " class column(s); calibration needs at least 2 classes");
        }
        if (values.length != (long) n * d) {
            throw InvalidSettingException.of("values.length", values.length,
                    "must equal n × d = " + n + " × " + d);
        }
    }

    /** @return the number of samples n */
    public int size() {
        return points.size();
    }

    /** @return the number of classes d */
    public int classes() {
        return points.dimension();
    }

    /**
     * @param sample the sample, in [0, n)
     * @param label  the class, in [0, d)
     * @return the probability of the class
     */
    public double get(int sample, int label) {
        return points.get(sample, label);
    }

    /** @return the probabilities as an n × d matrix */
    public Points points() {
        return points;
    }

    /** @return how many rows were divided by their sum when validated */
    public int renormalisedRows() {
        return renormalisedRows;
    }

    /**
     * @param rows the samples to keep, in order
     * @return the selected predictions
     */
    public Predictions select(int[] rows) {
        return new Predictions(points.select(rows), 0);
    }

    @Override
    public String toString() {
        return "Predictions[n=" + size() + ", d=" + classes() + "]";
    }
}
