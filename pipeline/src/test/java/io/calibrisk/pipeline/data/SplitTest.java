package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SplitTest {

    @Test
    void shuffledSplitHasTheSizesOfAlgorithmOne() {
        Split split = Split.shuffled(10_003, 5, 0.2, 0);
        // ⌊0.8 · 10003⌋ = 8002 optimisation samples: 8002 = 5·1600 + 2, so folds 0 and 1 get 1601.
        assertEquals(10_003 - 8002, split.testIndices().length);
        int[] sizes = new int[5];
        for (int f = 0; f < 5; f++) {
            sizes[f] = split.foldIndices(f).length;
        }
        assertArrayEquals(new int[] {1601, 1601, 1600, 1600, 1600}, sizes);
        assertEquals(8002 - 1601, split.trainingIndices(0).length);
    }

    @Test
    void foldsAreContiguousBlocksOfTheShuffledOrder() {
        int[] order = Split.permutation(103, 7);
        Split split = Split.shuffled(103, 4, 0.25, 7);
        int optimisation = (int) Math.floor(0.75 * 103);
        int position = 0;
        for (int f = 0; f < 4; f++) {
            int size = optimisation / 4 + (f < optimisation % 4 ? 1 : 0);
            for (int j = 0; j < size; j++) {
                assertEquals(f, split.foldOf(order[position++]), "position " + position);
            }
        }
        for (; position < 103; position++) {
            assertEquals(Split.TEST, split.foldOf(order[position]));
        }
    }

    @Test
    void theSeedDecidesTheShuffle() {
        assertArrayEquals(Split.shuffled(500, 5, 0.2, 3).toArray(), Split.shuffled(500, 5, 0.2, 3).toArray());
        assertNotEquals(Arrays.toString(Split.shuffled(500, 5, 0.2, 3).toArray()),
                Arrays.toString(Split.shuffled(500, 5, 0.2, 4).toArray()));
        int[] p = Split.permutation(1000, 42);
        int[] sorted = p.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertEquals(i, sorted[i]);
        }
    }

    @Test
    void theSplitIsPinnedAcrossPlatforms() {
        // SplitMix64 with rejection sampling is specified in the javadoc; these values come from an
        // independent Python implementation of that specification.
        assertArrayEquals(new int[] {9, 8, 1, 4, 6, 7, 2, 0, 5, 3}, Split.permutation(10, 0));
    }

    @Test
    void indexSetsAreSortedAndPartitionTheSamples() {
        Split split = Split.shuffled(57, 3, 0.3, 11);
        int total = split.testIndices().length;
        for (int f = 0; f < 3; f++) {
            int[] fold = split.foldIndices(f);
            int[] train = split.trainingIndices(f);
            assertTrue(isSorted(fold) && isSorted(train));
            assertEquals(split.optimisationIndices().length, fold.length + train.length);
            total += fold.length;
        }
        assertEquals(57, total);
    }

    @Test
    void userSplitsAreValidated() {
        assertEquals(2, Split.of(new int[] {0, 0, 1, 1, -1, -1}, "s").folds());
        assertThrows(InvalidInputException.class, () -> Split.of(new int[] {0, 0, 1, -1, -1}, "s"));
        assertThrows(InvalidInputException.class, () -> Split.of(new int[] {0, 0, 1, 1, -1}, "s"));
        assertThrows(InvalidInputException.class, () -> Split.of(new int[] {0, 0, 2, 2, -1, -1}, "s"));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Split.of(new int[] {0, 0, 1, 1, -2, -1}, "split.txt"));
        assertTrue(e.getMessage().startsWith("split.txt: line 5"), e.getMessage());
    }

    @Test
    void aFoldNumberTheSamplesCannotFillIsRefusedByLine() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Split.of(new int[] {0, 0, 1, 1, -1, -1, 2_000_000_000}, "split.txt"));
        assertEquals("split.txt: line 7: fold 2000000000 is invalid; every fold needs at least 2 of the 7 samples, "
                + "so folds are 0..2 at most", e.getMessage());
        // fold 3 of 7 samples would hold one sample even if it were the only one
        InvalidInputException small = assertThrows(InvalidInputException.class,
                () -> Split.of(new int[] {0, 0, 1, 1, 2, 2, 3}, "split.txt"));
        assertEquals("split.txt: line 7: fold 3 is invalid; every fold needs at least 2 of the 7 samples, "
                + "so folds are 0..2 at most", small.getMessage());
    }

    @Test
    void tooFewSamplesForTheFoldsIsAnError() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Split.shuffled(9, 5, 0.2, 0));
        assertTrue(e.getMessage().contains("too few"), e.getMessage());
        assertThrows(InvalidSettingException.class, () -> Split.shuffled(100, 1, 0.2, 0));
        assertThrows(InvalidSettingException.class, () -> Split.shuffled(100, 5, 1.0, 0));
    }

    /** The fewest samples the message asks for split, and one fewer does not, small test fractions included. */
    @Test
    void theMessageNamesTheFewestSamplesThatSplit() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Split.shuffled(12, 5, 0.2, 0));
        assertEquals("split: 12 samples are too few for 5 folds of at least 2 samples and a test split (fraction 0.2) "
                + "of at least 2; need at least 13 samples", e.getMessage());
        assertEquals("1001", Split.minimumSamples(5, 0.001));
        assertEquals("more than 2147483647", Split.minimumSamples(5, 1e-12));
        int[] folds = {2, 3, 5, 10};
        double[] fractions = {0.001, 0.013, 0.1, 0.2, 0.25, 1.0 / 3, 0.5, 0.9, 0.97};
        for (int k : folds) {
            for (double t : fractions) {
                int n = Integer.parseInt(Split.minimumSamples(k, t));
                assertEquals(n, Split.shuffled(n, k, t, 0).size(), k + " folds, fraction " + t);
                assertThrows(InvalidInputException.class, () -> Split.shuffled(n - 1, k, t, 0), k + " folds, " + t);
            }
        }
    }

    private static boolean isSorted(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] >= a[i]) {
                return false;
            }
        }
        return true;
    }
}
