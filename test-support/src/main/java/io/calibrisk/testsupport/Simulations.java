package io.calibrisk.testsupport;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import org.hipparchus.random.RandomDataGenerator;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Data with a known truth for tests: the paper's Dirichlet simulation (section 5.1), drawn here
 * with Hipparchus's Gamma sampler apart from the pipeline's own generator, and scalar data whose
 * {@code E[t | z]} is a given function.
 */
public final class Simulations {
    /** The paper's concentration α. */
    public static final double ALPHA = 0.04;
    /** The paper's temperature T. */
    public static final double TEMPERATURE = 0.3;

    private Simulations() {
    }

    /**
     * Samples with their true class probabilities.
     *
     * @param samples the predictions {@code softmax(T log P)} and labels {@code y ~ Categorical(P)}
     * @param truth   the true probabilities P, n × d
     */
    public record Simulated(Samples samples, Points truth) {
    }

    /**
     * @param seed the seed
     * @return the paper's simulation, n = 500, d = 5, α = 0.04, T = 0.3
     */
    public static Simulated paper(long seed) {
        return dirichlet(500, 5, ALPHA, TEMPERATURE, seed);
    }

    /**
     * {@code P ~ Dirichlet(α·1_d)}, {@code y ~ Categorical(P)}, predictions
     * {@code softmax(T log P)}. The Gamma variates are drawn in log space (a Gamma(α) variate is
     * {@code Gamma(α + 1)·U^{1/α}}), so that small α neither underflows nor leaves a row of zeros.
     *
     * @param n           the number of samples
     * @param d           the number of classes
     * @param alpha       the concentration
     * @param temperature the temperature T
     * @param seed        the seed
     * @return the simulated samples
     */
    public static Simulated dirichlet(int n, int d, double alpha, double temperature, long seed) {
        RandomDataGenerator random = RandomDataGenerator.of(new org.hipparchus.random.Well19937c(seed));
        double[] truth = new double[n * d];
        double[] predictions = new double[n * d];
        int[] labels = new int[n];
        double[] logG = new double[d];
        for (int i = 0; i < n; i++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < d; k++) {
                logG[k] = Math.log(random.nextGamma(alpha + 1, 1)) + Math.log(random.nextUniform(0, 1)) / alpha;
                max = Math.max(max, logG[k]);
            }
            double sum = 0;
            double sumT = 0;
            for (int k = 0; k < d; k++) {
                sum += Math.exp(logG[k] - max);
                sumT += Math.exp(temperature * (logG[k] - max));
            }
            double u = random.nextUniform(0, 1);
            double cumulative = 0;
            labels[i] = -1;
            for (int k = 0; k < d; k++) {
                truth[i * d + k] = Math.exp(logG[k] - max) / sum;
                predictions[i * d + k] = Math.exp(temperature * (logG[k] - max)) / sumT;
                cumulative += truth[i * d + k];
                if (labels[i] < 0 && u < cumulative) {
                    labels[i] = k;
                }
            }
            if (labels[i] < 0) {
                labels[i] = d - 1;
            }
        }
        return new Simulated(new Samples(d, predictions, labels), Points.of(n, d, truth));
    }

    /**
     * @param data simulated data
     * @return its canonical points and targets
     */
    public static CalibrationSet canonical(Simulated data) {
        return data.samples().component(Notion.CANONICAL);
    }

    /**
     * Scalar points uniform on [0, 1] with 0/1 targets drawn with probability {@code π(z)}.
     *
     * @param n    the number of samples
     * @param pi   the true {@code E[t | z]}, into [0, 1]
     * @param seed the seed
     * @return points z and targets t, n × 1 each
     */
    public static CalibrationSet scalar(int n, DoubleUnaryOperator pi, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] z = new double[n];
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = random.nextDouble();
            t[i] = random.nextDouble() < pi.applyAsDouble(z[i]) ? 1 : 0;
        }
        return new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t));
    }

    /**
     * Two classes: {@code p = (1 − p₁, p₁)} with p₁ uniform on [0, 1] and label 1 drawn with
     * probability {@code π(p₁)}, for the identity CCE² = 2 × the binary CE² of class 1.
     *
     * @param n    the number of samples
     * @param pi   the true {@code P(y = 1 | p₁)}, into [0, 1]
     * @param seed the seed
     * @return the samples
     */
    public static Samples twoClasses(int n, DoubleUnaryOperator pi, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] p = new double[2 * n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            double p1 = random.nextDouble();
            p[2 * i + 1] = p1;
            p[2 * i] = 1 - p1;
            y[i] = random.nextDouble() < pi.applyAsDouble(p1) ? 1 : 0;
        }
        return new Samples(2, p, y);
    }
}
