package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.report.EstimateInterval;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap interval of CE over the test split. The ensemble's CE² is the mean
 * over test samples of {@code d_i = (1/k) Σ_f h_f(z_i, z_i)} (summed over the notion's
 * components), so a resample costs O(n_test): draw n_test indices with replacement, average
 * their d_i, take {@code √max(0, ·)}. The interval is the pair of percentiles
 * {@code (1 − level)/2} and {@code (1 + level)/2} of the resampled CE, interpolated linearly
 * between order statistics. Resampling uses {@link SplittableRandom} seeded with the run's seed.
 */
final class Bootstrap {

    private Bootstrap() {
    }

    /**
     * @param chosen   the chosen point, with its fold models' values on the test split
     * @param interval the number of resamples and the coverage
     * @param seed     the run's seed
     * @return the interval, or null when no resamples were asked for
     */
    static EstimateInterval interval(EvaluatedPoint chosen, EvaluationSettings.Interval interval, long seed) {
        int resamples = interval.resamples();
        if (resamples == 0) {
            return null;
        }
        int k = chosen.folds();
        int n = chosen.foldTestDiagonal(0).length;
        double[] d = new double[n];
        for (int f = 0; f < k; f++) {
            double[] values = chosen.foldTestDiagonal(f);
            for (int i = 0; i < n; i++) {
                d[i] += values[i];
            }
        }
        for (int i = 0; i < n; i++) {
            d[i] /= k;
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] ce = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += d[random.nextInt(n)];
            }
            ce[b] = Math.sqrt(Math.max(0, sum / n));
        }
        Arrays.sort(ce);
        double tail = (1 - interval.level()) / 2;
        return new EstimateInterval(percentile(ce, tail), percentile(ce, 1 - tail), interval.level(), resamples, seed);
    }

    /** Linear interpolation between order statistics, as NumPy's default {@code percentile}. */
    static double percentile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int lo = (int) Math.floor(position);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (position - lo) * (sorted[hi] - sorted[lo]);
    }
}
