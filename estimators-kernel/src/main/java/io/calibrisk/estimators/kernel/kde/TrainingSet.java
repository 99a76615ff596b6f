package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.estimator.Parallelism;

/**
 * One training fold arranged for blocked kernel evaluation, everything that does not depend on
 * the bandwidth. Identical points are merged into one centre with a multiplicity and the sum of
 * their targets (a sum over the fold is then a sum over centres). Per centre: the point itself
 * (row-major), for the exponential form its statistics u per block of {@link #BLOCK} centres
 * transposed (so that the product with the queries' statistics runs along contiguous memory),
 * the multiplicity, and the summed targets as a sparse list of non-zero entries. Memory
 * O(n·(m + q)).
 */
final class TrainingSet {
    /**
     * Centres per block. The block structure fixes the order of every sum, so results depend on
     * it but not on the number of threads.
     */
    static final int BLOCK = 256;

    private final int size;
    private final int centres;
    private final int dimension;
    private final int statistics;
    private final double[] rows;
    private final double[][] blocks;
    private final double[] multiplicity;
    private final int[] targetStart;
    private final int[] targetIndex;
    private final double[] targetValue;
    private final double[] meanTarget;
    private final double[] scalarTargetSums;
    private final int[] singleTargets;
    /** For {@link #sortedScalar()}: 1 − c_j per centre, as the kernel's u_1; null otherwise. */
    private final double[] complement;

    private TrainingSet(int size, int dimension, KdeKernel kernel, DistinctRows distinct, double[] multiplicity,
                        int[] targetStart, int[] targetIndex, double[] targetValue, double[] meanTarget) {
        this.size = size;
        this.centres = distinct.count();
        this.dimension = dimension;
        this.statistics = kernel.width(dimension);
        this.rows = distinct.rows();
        this.multiplicity = multiplicity;
        this.targetStart = targetStart;
        this.targetIndex = targetIndex;
        this.targetValue = targetValue;
        this.meanTarget = meanTarget;
        this.scalarTargetSums = dimension == 1 ? denseSums(centres, targetStart, targetValue) : null;
        this.singleTargets = single(centres, targetStart) ? targetIndex : null;
        this.blocks = new double[(centres + BLOCK - 1) / BLOCK][];
        double[] u = kernel.exponential() ? kernel.centreStatistics(rows, centres, dimension) : null;
        this.complement = u != null && kernel.unitInterval() && dimension == 1 && statistics == 2
                && scalarForm(rows, u) ? complement(u) : null;
        if (u != null) {
            transpose(u);
        }
    }

    /** Fills the blocks with the centres' statistics u, transposed per block. */
    private void transpose(double[] u) {
        for (int b = 0; b < blocks.length; b++) {
            int start = b * BLOCK;
            int width = Math.min(BLOCK, centres - start);
            double[] block = new double[statistics * width];
            for (int j = 0; j < width; j++) {
                for (int k = 0; k < statistics; k++) {
                    block[k * width + j] = u[(start + j) * statistics + k];
                }
            }
            blocks[b] = block;
        }
    }

    /**
     * @param training the fold's points and targets, at least one sample
     * @param kernel   the density kernel
     * @return the arranged fold
     * @throws io.calibrisk.api.InvalidInputException if a point lies outside the kernel's domain
     */
    static TrainingSet of(CalibrationSet training, KdeKernel kernel) {
        int n = training.size();
        int m = training.dimension();
        kernel.checkDomain(training.points(), "training points");
        DistinctRows distinct = DistinctRows.of(training.points().toArray(), n, m);
        int centres = distinct.count();
        double[] t = training.targets().toArray();
        double[] multiplicity = new double[centres];
        double[] sums = new double[centres * m];
        double[] mean = new double[m];
        // each loop over the points in a method of its own: run a few dozen times over thousands
        // of points, a loop has the compiler compile its method from the loop's entry, and only
        // the loop should be compiled, not all of this method each time
        sum(distinct.groupOf(), t, m, multiplicity, sums, mean);
        for (int c = 0; c < m; c++) {
            mean[c] /= n;
        }
        int nonZero = nonZero(sums);
        int[] start = new int[centres + 1];
        int[] index = new int[nonZero];
        double[] value = new double[nonZero];
        sparse(sums, m, start, index, value);
        return new TrainingSet(n, m, kernel, distinct, multiplicity, start, index, value, mean);
    }

    /** Adds each point to its centre's multiplicity and summed targets, and its targets to the total. */
    private static void sum(int[] groupOf, double[] t, int m, double[] multiplicity, double[] sums, double[] total) {
        for (int j = 0; j < groupOf.length; j++) {
            int centre = groupOf[j];
            multiplicity[centre]++;
            for (int c = 0; c < m; c++) {
                sums[centre * m + c] += t[j * m + c];
                total[c] += t[j * m + c];
            }
        }
    }

    private static int nonZero(double[] values) {
        int count = 0;
        for (double v : values) {
            if (v != 0) {
                count++;
            }
        }
        return count;
    }

    /** Fills the sparse lists (start per centre, index and value per entry) of the non-zero summed targets. */
    private static void sparse(double[] sums, int m, int[] start, int[] index, double[] value) {
        int centres = start.length - 1;
        int at = 0;
        for (int j = 0; j < centres; j++) {
            start[j] = at;
            for (int c = 0; c < m; c++) {
                double v = sums[j * m + c];
                if (v != 0) {
                    index[at] = c;
                    value[at] = v;
                    at++;
                }
            }
        }
        start[centres] = at;
    }

    /** Whether u(c) = (c, 1 − c) at every centre, the form {@link ScalarRegression} needs. */
    private static boolean scalarForm(double[] rows, double[] u) {
        for (int j = 0; j < rows.length; j++) {
            if (Double.compare(u[2 * j], rows[j]) != 0 || u[2 * j + 1] != 1.0 - rows[j]) {
                return false;
            }
        }
        return true;
    }

    private static double[] complement(double[] u) {
        double[] out = new double[u.length / 2];
        for (int j = 0; j < out.length; j++) {
            out[j] = u[2 * j + 1];
        }
        return out;
    }

    /**
     * @return whether the centres are scalars c_j, ascending, whose exponential form has
     *     u(c) = (c, 1 − c) (the Beta kernel's): then {@link ScalarRegression} applies
     */
    boolean sortedScalar() {
        return complement != null;
    }

    /** @return for {@link #sortedScalar()} fits: the centres c_j, ascending (shared; do not modify) */
    double[] scalarCentres() {
        return rows;
    }

    /** @return for {@link #sortedScalar()} fits: u_1 = 1 − c_j per centre (shared; do not modify) */
    double[] scalarComplements() {
        return complement;
    }

    /** @return the number n of training points */
    int size() {
        return size;
    }

    /** @return the number of distinct training points (centres) */
    int centres() {
        return centres;
    }

    /** @return per centre, how many training points it stands for */
    double[] multiplicity() {
        return multiplicity;
    }

    /** @return the dimension m of a point and of a target */
    int dimension() {
        return dimension;
    }

    /**
     * @param centre a centre
     * @param out    receives its point, m values
     */
    void copyCentre(int centre, double[] out) {
        System.arraycopy(rows, centre * dimension, out, 0, dimension);
    }

    int blockCount() {
        return blocks.length;
    }

    int blockStart(int block) {
        return block * BLOCK;
    }

    int blockWidth(int block) {
        return Math.min(BLOCK, centres - block * BLOCK);
    }

    /**
     * @return block b's centre statistics, q × width, statistic k of centre j at
     *     {@code k·width + j}; null for the pairwise evaluation
     */
    double[] block(int block) {
        return blocks[block];
    }

    /** @return for scalar targets (m = 1), the sum of the targets of each centre's points */
    double[] scalarTargetSums() {
        return scalarTargetSums;
    }

    /**
     * @return when every centre has exactly one non-zero summed target, its index per centre
     *     (the value is {@link #targetValue()} at the centre's index); null otherwise
     */
    int[] singleTargets() {
        return singleTargets;
    }

    private static boolean single(int centres, int[] start) {
        for (int j = 0; j < centres; j++) {
            if (start[j + 1] - start[j] != 1) {
                return false;
            }
        }
        return true;
    }

    private static double[] denseSums(int centres, int[] start, double[] value) {
        double[] sums = new double[centres];
        for (int j = 0; j < centres; j++) {
            if (start[j + 1] > start[j]) {
                sums[j] = value[start[j]];
            }
        }
        return sums;
    }

    int[] targetStart() {
        return targetStart;
    }

    int[] targetIndex() {
        return targetIndex;
    }

    double[] targetValue() {
        return targetValue;
    }

    /** @return the mean target, where a query without kernel mass falls back to */
    double[] meanTarget() {
        return meanTarget.clone();
    }

    /**
     * The kernels' log normalising constants A(z_j, b) for one bandwidth (exponential form only).
     *
     * @param bandwidth   the bandwidth b
     * @param cache       the run's constants, shared with other folds
     * @param parallelism the pool to spread the evaluations over
     * @return one constant per centre
     */
    double[] logNormalisers(double bandwidth, NormaliserCache cache, Parallelism parallelism) {
        double[] out = new double[centres];
        parallelism.forEach(blocks.length, b -> {
            double[] centre = new double[dimension];
            int end = blockStart(b) + blockWidth(b);
            for (int j = blockStart(b); j < end; j++) {
                copyCentre(j, centre);
                out[j] = cache.logNormaliser(centre, bandwidth);
            }
        });
        return out;
    }
}
