package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The raw features of the point sets a fold is evaluated on are computed once, for the last four
 * sets, and the spectrum at half the rank reads the full one's.
 */
class FoldSpectrumTest {

    private static Points points(int n, long seed) {
        return Points.of(n, 1, new SplittableRandom(seed).doubles(n).toArray());
    }

    @Test
    void rawFeaturesAreCachedByThePointsValuesForFourSets() {
        int n = 60;
        FoldSpectrum fold = new FoldSpectrum(LowRankFactorisation.of(TrainingKernel.of(new RbfKernel(), 1.0,
                points(n, 1)), points(n, 2), 1e-15, 3000, Parallelism.sequential()), Parallelism.sequential());
        Points first = points(10, 3);
        double[] raw = fold.raw(first);
        assertSame(raw, fold.raw(first));
        assertSame(raw, fold.raw(points(10, 3)), "equal points, another object");
        for (int set = 4; set < 7; set++) {
            fold.raw(points(10, set));
        }
        assertSame(raw, fold.raw(first), "four sets are kept");
        fold.raw(points(10, 7));
        double[] again = fold.raw(first);
        assertNotSame(raw, again, "a fifth set clears the cache");
        assertArrayEquals(raw, again);
        assertSame(again, fold.raw(first));
    }

    /**
     * A fold the rank cap stops carries its spectrum at half the rank, whose pivots are the
     * leading half of the full one's: its raw features are the full one's leading rows, the
     * same values its own basis gives, and are not computed or held again.
     */
    @Test
    void theSpectrumAtHalfTheRankReadsTheLeadingRowsOfTheFullOnes() {
        int n = 400;
        int d = 10;
        SplittableRandom random = new SplittableRandom(11);
        Points training = Points.of(n, d, random.doubles(n * d).toArray());
        Points residuals = Points.of(n, d, random.doubles(n * d).toArray());
        LowRankFactorisation.Truncated truncated = LowRankFactorisation.withCheck(
                TrainingKernel.of(new RbfKernel(), 1.0, training), residuals, 1e-15, 40, Parallelism.sequential());
        FoldSpectrum fold = new FoldSpectrum(truncated.spectrum(), truncated.coarser(), Parallelism.sequential());
        FoldSpectrum half = fold.coarser().orElseThrow();
        assertEquals(40, fold.spectrum().basis().rawSize());
        assertEquals(20, half.spectrum().basis().rawSize());
        Points queries = Points.of(30, d, random.doubles(30 * d).toArray());
        double[] full = fold.raw(queries);
        assertSame(full, half.raw(queries));
        double[] own = half.spectrum().basis().raw(TrainingKernel.rows(queries));
        assertEquals(20 * 30, own.length);
        assertArrayEquals(own, Arrays.copyOf(full, own.length));
        IllegalArgumentException wider = assertThrows(IllegalArgumentException.class, () -> new FoldSpectrum(
                truncated.coarser().orElseThrow(), Optional.of(truncated.spectrum()), Parallelism.sequential()));
        assertEquals("a coarser spectrum of 40 raw features for a finer one of 20", wider.getMessage());
    }

    /**
     * The rows a thread keeps for its products come back zeroed, whatever the last product left
     * in them, and are never lent twice: a product started while they are in use (a task the
     * thread runs while it waits for the pool) gets rows of its own.
     */
    @Test
    void keptProductRowsComeBackZeroedAndAreNeverLentTwice() {
        FoldSpectrum.ProductRows kept = new FoldSpectrum.ProductRows();
        double[][] first = kept.take(3, 5);
        for (double[] row : first) {
            Arrays.fill(row, 7.0);
        }
        double[][] nested = kept.take(3, 5);
        assertNotSame(first, nested);
        assertArrayEquals(new double[5], nested[0]);
        kept.release(nested);
        double[][] stillNested = kept.take(2, 4);
        assertNotSame(first, stillNested, "releasing the nested rows does not free the kept ones");
        kept.release(first);
        double[][] again = kept.take(2, 4);
        assertSame(first, again);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(0.0, again[i][j], "row " + i + ", column " + j);
            }
        }
        kept.release(again);
        double[][] wider = kept.take(3, 9);
        assertEquals(3, wider.length);
        assertEquals(9, wider[0].length);
    }
}
