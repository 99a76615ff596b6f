package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The raw features of the point sets a fold is evaluated on are computed once, for the last four sets. */
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
}
