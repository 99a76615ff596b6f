package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.report.EstimateInterval;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The interval of CE at the chosen point ({@link EstimateInterval} states it exactly): every
 * replicate resamples the test split and adds a normal draw with the fold models' jackknife
 * variance, so that the interval reflects both the test sampling and the training variation.
 * The ensemble's CE² is the mean over test samples of {@code d_i = (1/k) Σ_f h_f(z_i, z_i)}
 * (summed over the notion's components), so a replicate costs O(n_test).
 *
 * <p>Why both: the test-split bootstrap alone treats the fitted functions as fixed. With
 * one-hot predictions every test sample has the same {@code h(z_i, z_i)}, and that bootstrap
 * gives an interval of zero width although the estimate rests on the accuracy of the training
 * folds; the jackknife term is that uncertainty.
 */
final class Bootstrap {

    private Bootstrap() {
    }

    /**
     * @param chosen   the chosen point, with its fold models' values on the test split
     * @param interval the number of replicates and the coverage
     * @param seed     the run's seed
     * @return the interval, or null when no replicates were asked for
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
        double foldStdError = Math.sqrt(jackknifeVariance(chosen));
        SplittableRandom random = new SplittableRandom(seed);
        double[] ce = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += d[random.nextInt(n)];
            }
            ce[b] = Math.sqrt(Math.max(0, sum / n + foldStdError * random.nextGaussian()));
        }
        Arrays.sort(ce);
        double tail = (1 - interval.level()) / 2;
        return new EstimateInterval(percentile(ce, tail), percentile(ce, 1 - tail), interval.level(), resamples, seed,
                testStdError(d), foldStdError);
    }

    /**
     * The delete-a-group jackknife variance of the estimate over the k fold models, each fitted
     * without one fold: {@code (k − 1)/k · Σ_f (θ_f − θ̄)²}.
     */
    static double jackknifeVariance(EvaluatedPoint chosen) {
        int k = chosen.folds();
        double mean = chosen.estimateSquared();
        double ss = 0;
        for (int f = 0; f < k; f++) {
            double deviation = chosen.foldEstimate(f) - mean;
            ss += deviation * deviation;
        }
        return (k - 1) * ss / k;
    }

    /** The standard error of the mean of the d_i: their sample standard deviation over √n. */
    private static double testStdError(double[] d) {
        int n = d.length;
        if (n < 2) {
            return 0;
        }
        double mean = 0;
        for (double v : d) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : d) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (n - 1) / n);
    }

    /** Linear interpolation between order statistics, as NumPy's default {@code percentile}. */
    static double percentile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int lo = (int) Math.floor(position);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (position - lo) * (sorted[hi] - sorted[lo]);
    }
}
