package io.calibrisk.pipeline.simulation;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Predictions;

import java.util.SplittableRandom;

/**
 * The simulation with a known calibration error of Gruber and Bach (TMLR 2025, section 5.1):
 * true class probabilities {@code P_i ~ Dirichlet(α·1_d)}, labels {@code y_i ~ Categorical(P_i)},
 * and predictions {@code p_i = softmax(T·log P_i)} with temperature T. Since p is an invertible
 * function of P, {@code E[e_y | p] = P}: the canonical calibration error of the predictions is
 * known exactly, and {@code h*(p, p') = ⟨p − P, p' − P'⟩}.
 *
 * <p>The paper's setting is α = 0.04, d = 5, T = 0.3, n = 500. Gamma variates with shape below
 * one are drawn as {@code log G = log G(α + 1) + log(U)/α} (Marsaglia and Tsang, 2000), so the
 * tiny Dirichlet components are kept in log space and never underflow to a row of zeros. The
 * draws come from {@link SplittableRandom} seeded with {@code seed} (normal variates by the
 * polar method), so a seed gives the same data on every platform.
 *
 * <p>Cost: O(n·d) time and memory.
 *
 * @param samples     the number of samples n (at least 1)
 * @param classes     the number of classes d (at least 2)
 * @param alpha       the Dirichlet concentration α (positive)
 * @param temperature the temperature T applied to log P (positive)
 * @param seed        the seed
 */
public record DirichletSimulation(int samples, int classes, double alpha, double temperature, long seed) {

    /** The paper's concentration α. */
    public static final double PAPER_ALPHA = 0.04;
    /** The paper's number of classes. */
    public static final int PAPER_CLASSES = 5;
    /** The paper's temperature. */
    public static final double PAPER_TEMPERATURE = 0.3;
    /** The paper's number of samples. */
    public static final int PAPER_SAMPLES = 500;

    /**
     * @throws InvalidSettingException if a parameter is out of range
     */
    public DirichletSimulation {
        if (samples < 1) {
            throw InvalidSettingException.of("samples", samples, "must be at least 1");
        }
        if (classes < 2) {
            throw InvalidSettingException.of("classes", classes, "must be at least 2");
        }
        if (!(alpha > 0) || !Double.isFinite(alpha)) {
            throw InvalidSettingException.of("alpha", alpha, "must be positive and finite");
        }
        if (!(temperature > 0) || !Double.isFinite(temperature)) {
            throw InvalidSettingException.of("temperature", temperature, "must be positive and finite");
        }
    }

    /**
     * @param seed the seed
     * @return the paper's setting: n = 500, d = 5, α = 0.04, T = 0.3
     */
    public static DirichletSimulation paper(long seed) {
        return new DirichletSimulation(PAPER_SAMPLES, PAPER_CLASSES, PAPER_ALPHA, PAPER_TEMPERATURE, seed);
    }

    /** @return the simulated predictions, labels and true probabilities */
    public SimulatedData generate() {
        SplittableRandom random = new SplittableRandom(seed);
        int n = samples;
        int d = classes;
        double[] truth = new double[n * d];
        double[] predictions = new double[n * d];
        int[] labels = new int[n];
        double[] logG = new double[d];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                logG[k] = logGamma(random, alpha);
            }
            double lse = logSumExp(logG, 1.0);
            for (int k = 0; k < d; k++) {
                truth[i * d + k] = Math.exp(logG[k] - lse);
            }
            // softmax(T·log P) = softmax(T·log G): the normaliser of P cancels.
            double lseT = logSumExp(logG, temperature);
            for (int k = 0; k < d; k++) {
                predictions[i * d + k] = Math.exp(temperature * logG[k] - lseT);
            }
            double u = random.nextDouble();
            double cumulative = 0;
            int label = d - 1;
            for (int k = 0; k < d; k++) {
                cumulative += truth[i * d + k];
                if (u < cumulative) {
                    label = k;
                    break;
                }
            }
            labels[i] = label;
        }
        return new SimulatedData(
                Predictions.ofProbabilities(n, d, predictions, "simulation"),
                Labels.of(labels, d, "simulation"),
                Points.of(n, d, truth));
    }

    private static double logSumExp(double[] x, double scale) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            max = Math.max(max, scale * v);
        }
        double sum = 0;
        for (double v : x) {
            sum += Math.exp(scale * v - max);
        }
        return max + Math.log(sum);
    }

    /** log of a Gamma(shape, 1) variate. */
    private static double logGamma(SplittableRandom random, double shape) {
        if (shape < 1) {
            double u = 1.0 - random.nextDouble(); // in (0, 1]
            return logGamma(random, shape + 1) + Math.log(u) / shape;
        }
        double d = shape - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x = normal(random);
            double v = 1.0 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = 1.0 - random.nextDouble();
            if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                return Math.log(d) + Math.log(v);
            }
        }
    }

    private static double normal(SplittableRandom random) {
        while (true) {
            double a = 2 * random.nextDouble() - 1;
            double b = 2 * random.nextDouble() - 1;
            double s = a * a + b * b;
            if (s > 0 && s < 1) {
                return a * Math.sqrt(-2 * Math.log(s) / s);
            }
        }
    }
}
