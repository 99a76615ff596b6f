package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;

import java.util.Arrays;

/**
 * The assignment of every sample either to the held-out test split ({@value #TEST}) or to one
 * of k cross-validation folds (0..k−1) of the optimisation set.
 *
 * <p>Every fold and the test split must hold at least 2 samples: the risk is a U-statistic
 * over pairs of distinct samples, and a fold's training set is the other folds.
 *
 * <p>Index sets are returned in increasing sample order, so that results depend only on
 * which samples are in which set, not on how they were listed.
 */
public final class Split {
    /** The label of the held-out test split in an assignment. */
    public static final int TEST = -1;

    private final int[] assignment;
    private final int folds;

    private Split(int[] assignment, int folds) {
        this.assignment = assignment;
        this.folds = folds;
    }

    /**
     * Validates a user-supplied assignment.
     *
     * @param assignment one entry per sample: {@value #TEST} for the test split, 0..k−1 for the
     *                   fold, where k is the largest entry plus one; not modified
     * @param source     the name of the source, for messages (e.g. a file name)
     * @return the split
     * @throws InvalidInputException if an entry is below −1, a fold in 0..k−1 has fewer than 2
     *     samples, or the test split has fewer than 2 samples
     */
    public static Split of(int[] assignment, String source) {
        if (assignment.length == 0) {
            throw new InvalidInputException(source + ": empty split");
        }
        int max = TEST;
        for (int i = 0; i < assignment.length; i++) {
            if (assignment[i] < TEST) {
                throw new InvalidInputException(source + ": line " + (i + 1) + ": fold "
                        + assignment[i] + " is invalid; use -1 for the test split and 0..k-1 for folds");
            }
            if (assignment[i] >= assignment.length / 2) {
                throw new InvalidInputException(source + ": line " + (i + 1) + ": fold " + assignment[i]
                        + " is invalid; every fold needs at least 2 of the " + assignment.length
                        + " samples, so folds are 0.." + Math.max(0, assignment.length / 2 - 1) + " at most");
            }
            max = Math.max(max, assignment[i]);
        }
        int k = max + 1;
        if (k < 2) {
            throw new InvalidInputException(source + ": " + k
                    + " fold(s); cross-validation needs at least 2 folds (0 and 1)");
        }
        int[] counts = new int[k];
        int test = 0;
        for (int a : assignment) {
            if (a == TEST) {
                test++;
            } else {
                counts[a]++;
            }
        }
        for (int f = 0; f < k; f++) {
            if (counts[f] < 2) {
                throw new InvalidInputException(source + ": fold " + f + " has " + counts[f]
                        + " sample(s); every fold 0.." + (k - 1) + " needs at least 2");
            }
        }
        if (test < 2) {
            throw new InvalidInputException(source + ": the test split (-1) has " + test
                    + " sample(s); it needs at least 2");
        }
        return new Split(assignment.clone(), k);
    }

    /**
     * The fewest samples that {@link #shuffled} splits: floor((1 − t)·n) ≥ 2k for the folds, and
     * the rest, about t·n, at least 2 for the test split, so n ≥ 2k/(1 − t) and n·t > 1; found
     * from those bounds and confirmed with the split's own arithmetic.
     */
    static String minimumSamples(int folds, double testFraction) {
        double bound = Math.max(2.0 * folds / (1.0 - testFraction), 1.0 / testFraction);
        if (bound >= Integer.MAX_VALUE) {
            return "more than " + Integer.MAX_VALUE;
        }
        long n = Math.max(2L * folds + 2, (long) Math.floor(bound) - 2);
        while (!splits(n, folds, testFraction)) {
            n++;
        }
        return Long.toString(n);
    }

    private static boolean splits(long n, int folds, double testFraction) {
        long optimisation = (long) Math.floor((1.0 - testFraction) * n);
        return optimisation >= 2L * folds && n - optimisation >= 2;
    }

    /**
     * Step 1 and 2 of the pipeline (Algorithm 1 of Gruber and Bach): shuffle the n samples with
     * the seed, let the first ⌊(1 − testFraction)·n⌋ of the shuffled order form the
     * optimisation set and the rest the test split, and cut the optimisation set, in shuffled
     * order, into k contiguous folds, the first (size mod k) of them one sample larger.
     *
     * <p>The shuffle is a Fisher–Yates shuffle (from the last position down) driven by
     * SplitMix64 seeded with {@code seed}, with bounded integers drawn by rejection, so the
     * same seed gives the same split on every platform.
     *
     * @param n            the number of samples
     * @param folds        the number of folds k (at least 2)
     * @param testFraction the fraction of samples held out, in (0, 1)
     * @param seed         the seed of the shuffle
     * @return the split
     * @throws InvalidSettingException if folds or testFraction are out of range
     * @throws InvalidInputException   if a fold or the test split would get fewer than 2 samples
     */
    public static Split shuffled(int n, int folds, double testFraction, long seed) {
        if (folds < 2) {
            throw InvalidSettingException.of("folds", folds, "must be at least 2");
        }
        if (!(testFraction > 0 && testFraction < 1)) {
            throw InvalidSettingException.of("test-fraction", testFraction, "must lie strictly between 0 and 1");
        }
        if (!splits(n, folds, testFraction)) {
            throw new InvalidInputException("split: " + n + " samples are too few for " + folds
                    + " folds of at least 2 samples and a test split (fraction " + testFraction
                    + ") of at least 2; need at least " + minimumSamples(folds, testFraction) + " samples");
        }
        int optimisation = (int) Math.floor((1.0 - testFraction) * n);
        int[] order = permutation(n, seed);
        int[] assignment = new int[n];
        Arrays.fill(assignment, TEST);
        int base = optimisation / folds;
        int larger = optimisation % folds;
        int position = 0;
        for (int f = 0; f < folds; f++) {
            int size = base + (f < larger ? 1 : 0);
            for (int j = 0; j < size; j++) {
                assignment[order[position++]] = f;
            }
        }
        return new Split(assignment, folds);
    }

    /**
     * The permutation used by {@link #shuffled}: entry j is the sample at position j of the
     * shuffled order.
     *
     * @param n    the number of samples
     * @param seed the seed
     * @return a permutation of 0..n−1
     */
    public static int[] permutation(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] state = {seed};
        for (int i = n - 1; i > 0; i--) {
            int j = bounded(state, i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        return order;
    }

    private static int bounded(long[] state, int bound) {
        // Rejection keeps every index equally likely; the threshold is 2^32 mod bound.
        long limit = (1L << 32) - ((1L << 32) % bound);
        while (true) {
            long r = splitMix64(state) >>> 32;
            if (r < limit) {
                return (int) (r % bound);
            }
        }
    }

    private static long splitMix64(long[] state) {
        long z = (state[0] += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return the number of samples n */
    public int size() {
        return assignment.length;
    }

    /** @return the number of folds k */
    public int folds() {
        return folds;
    }

    /**
     * @param sample the sample, in [0, n)
     * @return its fold, or {@value #TEST} for the test split
     */
    public int foldOf(int sample) {
        return assignment[sample];
    }

    /** @return a copy of the assignment */
    public int[] toArray() {
        return assignment.clone();
    }

    /** @return the samples of the test split, in increasing order */
    public int[] testIndices() {
        return indicesWhere(TEST, false);
    }

    /**
     * @param fold the fold, in [0, k)
     * @return the samples of the fold (its evaluation set), in increasing order
     */
    public int[] foldIndices(int fold) {
        checkFold(fold);
        return indicesWhere(fold, false);
    }

    /**
     * @param fold the held-out fold, in [0, k)
     * @return the samples of every other fold (its training set), in increasing order
     */
    public int[] trainingIndices(int fold) {
        checkFold(fold);
        return indicesWhere(fold, true);
    }

    /** @return the samples of all folds (the optimisation set), in increasing order */
    public int[] optimisationIndices() {
        return indicesWhere(TEST, true);
    }

    private void checkFold(int fold) {
        if (fold < 0 || fold >= folds) {
            throw InvalidSettingException.of("fold", fold, "must lie in [0, " + (folds - 1) + "]");
        }
    }

    private int[] indicesWhere(int value, boolean exclude) {
        int count = 0;
        for (int a : assignment) {
            if ((a == value) != exclude && !(exclude && a == TEST)) {
                count++;
            }
        }
        int[] out = new int[count];
        int j = 0;
        for (int i = 0; i < assignment.length; i++) {
            int a = assignment[i];
            if ((a == value) != exclude && !(exclude && a == TEST)) {
                out[j++] = i;
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Split && Arrays.equals(((Split) o).assignment, assignment);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(assignment);
    }

    @Override
    public String toString() {
        return "Split[n=" + assignment.length + ", folds=" + folds + ", test=" + testIndices().length + "]";
    }
}
