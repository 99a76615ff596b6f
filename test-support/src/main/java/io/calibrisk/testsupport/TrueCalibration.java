package io.calibrisk.testsupport;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Calibration estimation functions with a known form: the true one
 * {@code h*(z, z') = ⟨z − π(z), z' − π(z')⟩} for a known {@code π(z) = E[t | z]}, the
 * simulation's {@code h_θ}, and constants.
 */
public final class TrueCalibration {

    private TrueCalibration() {
    }

    /**
     * @param dimension m
     * @param pi        the true {@code E[t | z]} as a function of z
     * @return h*, with its bilinear form φ(z) = z − π(z), M = I
     */
    public static CalibrationFunction of(int dimension, UnaryOperator<double[]> pi) {
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return dimension;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                double[] a = pi.apply(z);
                double[] b = pi.apply(zPrime);
                double sum = 0;
                for (int k = 0; k < dimension; k++) {
                    sum += (z[k] - a[k]) * (zPrime[k] - b[k]);
                }
                return sum;
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.of(BilinearForm.identity(dimension, points -> {
                    double[] out = new double[points.size() * dimension];
                    for (int i = 0; i < points.size(); i++) {
                        double[] z = points.row(i);
                        double[] p = pi.apply(z);
                        for (int k = 0; k < dimension; k++) {
                            out[i * dimension + k] = z[k] - p[k];
                        }
                    }
                    return FeatureMatrix.of(points.size(), dimension, out);
                }));
            }
        };
    }

    /**
     * The simulation's family {@code h_θ(p, p') = ⟨p − softmax((θ/T) log p), p' − softmax((θ/T) log p')⟩},
     * equal to h* at θ = 1 for predictions {@code softmax(T log P)}. Zero probabilities have
     * log −∞ and weight 0.
     *
     * @param classes     d
     * @param theta       θ
     * @param temperature T
     * @return h_θ
     */
    public static CalibrationFunction simulationFamily(int classes, double theta, double temperature) {
        double scale = theta / temperature;
        return of(classes, p -> {
            double max = Double.NEGATIVE_INFINITY;
            double[] logits = new double[p.length];
            for (int k = 0; k < p.length; k++) {
                logits[k] = p[k] > 0 ? scale * Math.log(p[k]) : Double.NEGATIVE_INFINITY;
                max = Math.max(max, logits[k]);
            }
            double sum = 0;
            double[] out = new double[p.length];
            for (int k = 0; k < p.length; k++) {
                out[k] = logits[k] == Double.NEGATIVE_INFINITY ? 0 : Math.exp(logits[k] - max);
                sum += out[k];
            }
            for (int k = 0; k < p.length; k++) {
                out[k] /= sum;
            }
            return out;
        });
    }

    /**
     * @param dimension m
     * @param constant  c
     * @return {@code h(z, z') = c}, with the bilinear form φ = 1, M = [c]
     */
    public static CalibrationFunction constant(int dimension, double constant) {
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return dimension;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return constant;
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.of(new BilinearForm(1, TrueCalibration::ones, new double[] {constant}));
            }
        };
    }

    private static FeatureMatrix ones(Points points) {
        double[] out = new double[points.size()];
        java.util.Arrays.fill(out, 1.0);
        return FeatureMatrix.of(points.size(), 1, out);
    }
}
