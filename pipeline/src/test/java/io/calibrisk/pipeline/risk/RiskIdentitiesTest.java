package io.calibrisk.pipeline.risk;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.testsupport.ExpectedRisk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.Simulations;
import io.calibrisk.testsupport.TrueCalibration;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.ToDoubleBiFunction;
import java.util.function.UnaryOperator;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

/** Identities 1, 5, 6 and 7 of the design, for binning (the toy estimator), h* and constants. */
class RiskIdentitiesTest {

    /** Equal-width binning of the toy estimator; {@code zeroGaps} gives empty bins a gap of zero. */
    private static CalibrationFunction binning(CalibrationSet training, int bins, boolean zeroGaps) {
        return ToyBins.fit(training.points().toArray(), training.targets().toArray(), bins, zeroGaps);
    }

    private static double[][] rows(Points points) {
        double[][] out = new double[points.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.row(i);
        }
        return out;
    }

    private static void assertRisksAgree(CalibrationFunction h, CalibrationSet evaluation, String what) {
        double bilinear = Risk.of(h, evaluation).risk();
        // the pipeline's path: the residuals made once, for every function scored on the set
        Risk.Evaluation scored = Risk.Evaluation.of(evaluation);
        assertSame(evaluation, scored.set());
        assertEquals(bilinear, Risk.of(h, scored).risk(), what + " with the residuals made once");
        assertEquals(bilinear, Risk.of(h, scored).risk(), what + " with the residuals made once, again");
        h.bilinearForm().ifPresent(form -> assertEquals(bilinear,
                Risk.bilinear(form, form.features(evaluation.points()), evaluation), what + " by the form alone"));
        double pairwise = Risk.pairwise(h, evaluation);
        assertEquals(pairwise, Risk.of(pairwiseOnly(h), scored).risk(), what + " pairwise, residuals made once");
        double reference = ReferenceRisk.risk(rows(evaluation.points()), rows(evaluation.targets()), h::value);
        assertClose(reference, pairwise, 1e-12, 1e-300, what + " pairwise");
        assertClose(pairwise, bilinear, 1e-9, 1e-300, what + " bilinear");
        double estimate = Risk.estimate(h, evaluation);
        assertClose(ReferenceRisk.estimate(rows(evaluation.points()), h::value), estimate, 1e-12, 1e-18, what + " estimate");
    }

    /** h without its bilinear form, so that the risk is summed pair by pair. */
    private static CalibrationFunction pairwiseOnly(CalibrationFunction h) {
        return new CalibrationFunction() {
            @Override
            public double value(double[] z, double[] zPrime) {
                return h.value(z, zPrime);
            }

            @Override
            public int dimension() {
                return h.dimension();
            }
        };
    }

    @Test
    void anEvaluationSetIsRequired() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Risk.Evaluation.of(null));
        assertTrue(e.getMessage().contains("evaluation set"), e.getMessage());
    }

    /** Identity 1: the bilinear-form risk equals the plain pairwise risk, for binning. */
    @Test
    void bilinearRiskEqualsPairwiseRiskForBinning() {
        Seeds.qt(100).forAll(Generators.datasets(4, 120, 2, 6), integers().between(1, 90), integers().between(0, 1))
                .checkAssert((data, bins, mass) -> {
                    List<CalibrationSet> components = data.samples().components(Notion.TOP_LABEL);
                    CalibrationSet all = components.get(0);
                    int half = all.size() / 2;
                    CalibrationSet training = all.select(range(0, half));
                    CalibrationSet evaluation = all.select(range(half, all.size()));
                    CalibrationFunction h = binning(training, bins, mass == 1);
                    assertRisksAgree(h, evaluation, data + ", bins " + bins);
                });
    }

    /** Identity 1 for h* (canonical, q = m = d) and constants (a general M). */
    @Test
    void bilinearRiskEqualsPairwiseRiskForTrueAndConstantFunctions() {
        Seeds.qt(20).forAll(integers().between(0, 1000), doubles().between(-1, 1)).checkAssert((seed, c) -> {
            Simulations.Simulated data = Simulations.paper(seed);
            CalibrationSet set = Simulations.canonical(data).select(range(0, 120));
            assertRisksAgree(TrueCalibration.simulationFamily(5, 1.0, 0.3), set, "h* seed " + seed);
            assertRisksAgree(TrueCalibration.constant(5, c), set, "constant " + c);
        });
    }

    /**
     * Identity 1 for a form whose M is diagonal (the compressed forms of kkr), which the risk and
     * {@link BilinearForm#apply} take in q products per point instead of q²: with positive,
     * negative and zero weights, against the pairwise and reference risks; and {@code apply} is
     * the dense row-by-row sum to the bit, on points where features vanish.
     */
    @Test
    void aDiagonalMatrixGivesTheRiskOfTheDenseSums() {
        Seeds.qt(20).forAll(integers().between(0, 1000)).checkAssert(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            int q = 5;
            double[] weights = {1.5, -0.75, 0.0, 2.0, 0.25};
            double[] matrix = new double[q * q];
            for (int a = 0; a < q; a++) {
                matrix[a * q + a] = weights[a];
            }
            CalibrationSet set = Simulations.canonical(Simulations.paper(seed)).select(range(0, 60));
            int m = set.dimension();
            double[][] map = new double[q][m];
            for (double[] row : map) {
                for (int c = 0; c < m; c++) {
                    row[c] = random.nextDouble() - 0.5;
                }
            }
            BilinearForm form = new BilinearForm(q, points -> {
                double[] phi = new double[points.size() * q];
                for (int i = 0; i < points.size(); i++) {
                    for (int a = 0; a < q; a++) {
                        double v = 0;
                        for (int c = 0; c < m; c++) {
                            v += map[a][c] * points.get(i, c);
                        }
                        phi[i * q + a] = a == 1 && points.get(i, 0) < 0.2 ? -0.0 : v;
                    }
                }
                return FeatureMatrix.of(points.size(), q, phi);
            }, matrix);
            CalibrationFunction h = new CalibrationFunction() {
                @Override
                public int dimension() {
                    return m;
                }

                @Override
                public double value(double[] z, double[] zPrime) {
                    double[] phi = form.features(Points.of(2, m, concat(z, zPrime))).values();
                    return form.apply(Arrays.copyOfRange(phi, 0, q), Arrays.copyOfRange(phi, q, 2 * q));
                }

                @Override
                public Optional<BilinearForm> bilinearForm() {
                    return Optional.of(form);
                }
            };
            assertRisksAgree(h, set, "diagonal M, seed " + seed);
            double[] phi = form.features(set.points()).values();
            for (int i = 0; i + 1 < 60; i++) {
                double dense = 0;
                for (int a = 0; a < q; a++) {
                    double row = 0;
                    for (int b = 0; b < q; b++) {
                        row += matrix[a * q + b] * phi[(i + 1) * q + b];
                    }
                    dense += phi[i * q + a] * row;
                }
                double[] x = Arrays.copyOfRange(phi, i * q, i * q + q);
                double[] y = Arrays.copyOfRange(phi, (i + 1) * q, (i + 2) * q);
                org.junit.jupiter.api.Assertions.assertEquals(dense, form.apply(x, y), "points " + i + ", " + (i + 1));
            }
        });
    }

    private static double[] concat(double[] x, double[] y) {
        double[] out = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }

    /**
     * Identity 5 with the production risk: for fixed points with known π = E[t|z] and independent
     * labels, {@code E R̂(h) = E R̂(h*) + mean_{i≠j}(h(z_i, z_j) − h*(z_i, z_j))²}, so h* minimises
     * the expected risk (Theorem 1). The expectations are exact: every labelling of 6 samples of
     * 3 classes (3⁶ = 729), weighted by its probability and scored by {@link Risk}, for h with a
     * general bilinear form (q = 4, M ≠ I), the same h without its form (the pairwise path) and
     * the simulation's family away from h*.
     */
    @Test
    void expectedRiskDecomposesAroundTheTrueFunction() {
        int n = 6;
        int d = 3;
        Seeds.qt(12).forAll(integers().between(0, 10_000)).checkAssert(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            double[][] z = new double[n][];
            for (int i = 0; i < n; i++) {
                z[i] = simplexPoint(random, d);
            }
            UnaryOperator<double[]> pi = RiskIdentitiesTest::sharpened;
            double[][] truth = new double[n][];
            for (int i = 0; i < n; i++) {
                truth[i] = pi.apply(z[i]);
            }
            CalibrationFunction hStar = TrueCalibration.of(d, pi);
            CalibrationFunction general = generalForm(random);
            double optimum = expectedRisk(z, truth, hStar);
            assertClose(ExpectedRisk.of(z, truth, hStar::value), optimum, 1e-10, "E R(h*), closed form");
            for (CalibrationFunction h : List.of(general, withoutForm(general),
                    TrueCalibration.simulationFamily(d, 0.4, 1.0))) {
                double expected = expectedRisk(z, truth, h);
                double excess = ExpectedRisk.excess(z, truth, h::value);
                assertTrue(excess > 1e-6, "h differs from h*");
                assertClose(optimum + excess, expected, 1e-10, "E R(h) = E R(h*) + excess, seed " + seed);
                assertClose(ExpectedRisk.of(z, truth, h::value), expected, 1e-10, "E R(h), closed form");
                assertTrue(expected > optimum);
            }
        });
    }

    /** The same with scalar points (m = 1): binning fitted on other data, 2¹⁰ labellings of 10 samples. */
    @Test
    void expectedRiskDecomposesAroundTheTrueFunctionForScalars() {
        Seeds.qt(10).forAll(integers().between(0, 10_000), integers().between(2, 12)).checkAssert((seed, bins) -> {
            CalibrationSet training = Simulations.scalar(300, v -> v * v, seed);
            double[][] z = rows(Simulations.scalar(10, v -> v * v, seed + 1).points());
            double[][] truth = new double[z.length][];
            for (int i = 0; i < z.length; i++) {
                truth[i] = new double[] {z[i][0] * z[i][0]};
            }
            CalibrationFunction hStar = TrueCalibration.of(1, v -> new double[] {v[0] * v[0]});
            CalibrationFunction h = binning(training, bins, false);
            double excess = ExpectedRisk.excess(z, truth, h::value);
            assertClose(expectedRisk(z, truth, hStar) + excess, expectedRisk(z, truth, h), 1e-10,
                    "E R(h) = E R(h*) + excess, " + bins + " bins");
        });
    }

    /** {@code E_labels Risk.of(h)}: every labelling, weighted by its probability under π (one-hot or 0/1 targets). */
    private static double expectedRisk(double[][] z, double[][] pi, CalibrationFunction h) {
        int n = z.length;
        int m = z[0].length;
        int outcomes = m == 1 ? 2 : m;
        Points points = Points.ofRows(z);
        double[] t = new double[n * m];
        double expected = 0;
        int labellings = (int) Math.round(Math.pow(outcomes, n));
        for (int code = 0; code < labellings; code++) {
            Arrays.fill(t, 0);
            double probability = 1;
            int rest = code;
            for (int i = 0; i < n; i++) {
                int y = rest % outcomes;
                rest /= outcomes;
                if (m == 1) {
                    t[i] = y;
                    probability *= y == 1 ? pi[i][0] : 1 - pi[i][0];
                } else {
                    t[i * m + y] = 1;
                    probability *= pi[i][y];
                }
            }
            expected += probability * Risk.of(h, new CalibrationSet(points, Points.of(n, m, t))).risk();
        }
        return expected;
    }

    /** A point of the simplex, away from its faces. */
    private static double[] simplexPoint(SplittableRandom random, int d) {
        double[] p = new double[d];
        double sum = 0;
        for (int k = 0; k < d; k++) {
            p[k] = 0.05 + random.nextDouble();
            sum += p[k];
        }
        for (int k = 0; k < d; k++) {
            p[k] /= sum;
        }
        return p;
    }

    /** π(z) ∝ z²: the truth of a predictor that is under-confident. */
    private static double[] sharpened(double[] z) {
        double[] out = new double[z.length];
        double sum = 0;
        for (int k = 0; k < z.length; k++) {
            out[k] = z[k] * z[k];
            sum += out[k];
        }
        for (int k = 0; k < z.length; k++) {
            out[k] /= sum;
        }
        return out;
    }

    /** h(z, z') = φ(z)ᵀ M φ(z') with φ(z) = (z_0, z_1 z_2, z_2², 1) and a random symmetric M. */
    private static CalibrationFunction generalForm(SplittableRandom random) {
        double[] matrix = new double[16];
        for (int a = 0; a < 4; a++) {
            for (int b = a; b < 4; b++) {
                matrix[a * 4 + b] = random.nextDouble(-1, 1);
                matrix[b * 4 + a] = matrix[a * 4 + b];
            }
        }
        BilinearForm form = new BilinearForm(4, points -> {
            double[] out = new double[points.size() * 4];
            for (int i = 0; i < points.size(); i++) {
                double[] v = features(points.row(i));
                System.arraycopy(v, 0, out, i * 4, 4);
            }
            return FeatureMatrix.of(points.size(), 4, out);
        }, matrix);
        return withForm(3, (z, zPrime) -> form.apply(features(z), features(zPrime)), form);
    }

    private static double[] features(double[] z) {
        return new double[] {z[0], z[1] * z[2], z[2] * z[2], 1};
    }

    /** The same function without its bilinear form, so that the risk is summed pair by pair. */
    private static CalibrationFunction withoutForm(CalibrationFunction h) {
        return pairwiseOnly(h.dimension(), h::value);
    }

    /** A function of two points with no bilinear form. */
    private static CalibrationFunction pairwiseOnly(int m, ToDoubleBiFunction<double[], double[]> h) {
        return withForm(m, h, null);
    }

    /** The exact expectation agrees with Risk averaged over every labelling, weighted by its probability. */
    @Test
    void exactExpectationMatchesEnumerationOfLabels() {
        double[] z = {0.15, 0.6, 0.85, 0.4};
        double[] pi = {0.3, 0.5, 0.9, 0.2};
        CalibrationFunction h = TrueCalibration.constant(1, 0.02);
        double enumerated = 0;
        for (int mask = 0; mask < 16; mask++) {
            double probability = 1;
            double[] t = new double[4];
            for (int i = 0; i < 4; i++) {
                t[i] = (mask >> i) & 1;
                probability *= t[i] == 1 ? pi[i] : 1 - pi[i];
            }
            CalibrationSet set = new CalibrationSet(Points.of(4, 1, z), Points.of(4, 1, t));
            enumerated += probability * Risk.of(h, set).risk();
        }
        double exact = ExpectedRisk.of(ReferenceRisk.column(z), ReferenceRisk.column(pi), h::value);
        assertClose(enumerated, exact, 1e-13, "expected risk");
    }

    /**
     * Identity 6: the target ⟨r_i, r_j⟩ is invariant under an orthogonal map Q of R^m, so the risk
     * and the estimate of a function with {@code h(Qz, Qz') = h(z, z')} do not change when points
     * and targets are both rotated. {@link Risk} sees the rotated set as it is; h is not told.
     */
    @Test
    void riskIsInvariantUnderAnOrthogonalMap() {
        Seeds.qt(20).forAll(integers().between(0, 1000), doubles().between(0, 2 * Math.PI)).checkAssert((seed, angle) -> {
            CalibrationSet set = Simulations.canonical(Simulations.paper(seed)).select(range(0, 80));
            CalibrationSet rotated = new CalibrationSet(rotate(set.points(), angle), rotate(set.targets(), angle));
            CalibrationFunction inner = innerProduct(5, 0.7, -0.05);
            for (CalibrationFunction h : List.of(inner, withoutForm(inner), gaussian(5))) {
                assertClose(Risk.of(h, set).risk(), Risk.of(h, rotated).risk(), 1e-10, "risk, rotation by " + angle);
                assertClose(Risk.estimate(h, set), Risk.estimate(h, rotated), 1e-10, "estimate, rotation by " + angle);
            }
            if (Math.abs(Math.sin(angle)) > 0.1) {
                // a function of the first coordinate alone tells the rotated set apart
                CalibrationFunction first = TrueCalibration.of(5, v -> {
                    double[] out = v.clone();
                    out[0] = 0;
                    return out;
                });
                double before = Risk.of(first, set).risk();
                double after = Risk.of(first, rotated).risk();
                assertTrue(Math.abs(before - after) > 1e-6 * before, "rotation by " + angle + ": " + before + " vs " + after);
            }
        });
    }

    /** h(z, z') = a⟨z, z'⟩ + b, with the bilinear form φ(z) = (z, 1), M = diag(a, …, a, b). */
    private static CalibrationFunction innerProduct(int m, double a, double b) {
        double[] matrix = new double[(m + 1) * (m + 1)];
        for (int k = 0; k < m; k++) {
            matrix[k * (m + 1) + k] = a;
        }
        matrix[m * (m + 1) + m] = b;
        BilinearForm form = new BilinearForm(m + 1, points -> {
            double[] out = new double[points.size() * (m + 1)];
            for (int i = 0; i < points.size(); i++) {
                for (int k = 0; k < m; k++) {
                    out[i * (m + 1) + k] = points.get(i, k);
                }
                out[i * (m + 1) + m] = 1;
            }
            return FeatureMatrix.of(points.size(), m + 1, out);
        }, matrix);
        return withForm(m, (z, zPrime) -> {
            double dot = 0;
            for (int k = 0; k < m; k++) {
                dot += z[k] * zPrime[k];
            }
            return a * dot + b;
        }, form);
    }

    /** A function given by its values and, consistently, its bilinear form (or null for none). */
    static CalibrationFunction withForm(int m, ToDoubleBiFunction<double[], double[]> h, BilinearForm form) {
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return m;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return h.applyAsDouble(z, zPrime);
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.ofNullable(form);
            }
        };
    }

    /** h(z, z') = 0.3 exp(−||z − z'||²) ⟨z, z'⟩, which has no bilinear form. */
    private static CalibrationFunction gaussian(int m) {
        return pairwiseOnly(m, (z, zPrime) -> {
            double distance = 0;
            double dot = 0;
            for (int k = 0; k < m; k++) {
                distance += (z[k] - zPrime[k]) * (z[k] - zPrime[k]);
                dot += z[k] * zPrime[k];
            }
            return 0.3 * Math.exp(-distance) * dot;
        });
    }

    private static Points rotate(Points points, double angle) {
        double[][] out = rows(points);
        for (int i = 0; i < out.length; i++) {
            out[i] = rotate(out[i], angle);
        }
        return Points.ofRows(out);
    }

    /** Identity 6: the risk does not depend on the order of the evaluation samples. */
    @Test
    void riskIsInvariantUnderReorderingSamples() {
        Seeds.qt(50).forAll(Generators.datasets(4, 100, 2, 5), integers().between(1, 40)).checkAssert((data, bins) -> {
            CalibrationSet all = data.samples().component(Notion.TOP_LABEL);
            CalibrationFunction h = binning(all, bins, false);
            int[] reversed = new int[all.size()];
            for (int i = 0; i < reversed.length; i++) {
                reversed[i] = reversed.length - 1 - i;
            }
            assertClose(Risk.of(h, all).risk(), Risk.of(h, all.select(reversed)).risk(), 1e-12, 1e-300, data.toString());
        });
    }

    /**
     * Identity 7: with d = 2, CCE² = 2 × the binary calibration error² of class 1, and the risks
     * scale by 4, for h*. Both sets come from the pipeline's own notion mapping of one input
     * (canonical, and class-wise class 1, whose class 0 mirrors it); the identity with calibrisk's
     * estimators is tested in their modules and, through the pipeline, in the CLI's integration
     * tests.
     */
    @Test
    void twoClassCanonicalErrorIsTwiceTheBinaryError() {
        Seeds.qt(20).forAll(integers().between(0, 1000)).checkAssert(seed -> {
            CalibrationSet drawn = Simulations.scalar(200, z -> Math.sqrt(z), seed);
            int n = drawn.size();
            double[] p = new double[2 * n];
            int[] y = new int[n];
            for (int i = 0; i < n; i++) {
                p[2 * i + 1] = drawn.points().get(i, 0);
                p[2 * i] = 1 - p[2 * i + 1];
                y[i] = (int) drawn.targets().get(i, 0);
            }
            Predictions predictions = Predictions.ofProbabilities(n, 2, p, "p");
            Labels labels = Labels.of(y, 2, "y");
            CalibrationSet canonical = NotionComponents.all(Notion.CANONICAL, predictions, labels).get(0);
            List<CalibrationSet> classWise = NotionComponents.all(Notion.CLASS_WISE, predictions, labels);
            CalibrationSet binary = classWise.get(1);
            CalibrationFunction binaryStar = TrueCalibration.of(1, v -> new double[] {Math.sqrt(v[0])});
            CalibrationFunction mirroredStar = TrueCalibration.of(1, v -> new double[] {1 - Math.sqrt(1 - v[0])});
            CalibrationFunction canonicalStar = TrueCalibration.of(2, v -> new double[] {1 - Math.sqrt(v[1]), Math.sqrt(v[1])});
            double binaryEstimate = Risk.estimate(binaryStar, binary);
            assertClose(2 * binaryEstimate, Risk.estimate(canonicalStar, canonical), 1e-12, "CCE² vs 2·binary CE²");
            assertClose(binaryEstimate, Risk.estimate(mirroredStar, classWise.get(0)), 1e-12, "class 0 mirrors class 1");
            double binaryRisk = Risk.of(binaryStar, binary).risk();
            assertClose(4 * binaryRisk, Risk.of(canonicalStar, canonical).risk(), 1e-12, "canonical vs binary risk");
            assertClose(binaryRisk, Risk.of(mirroredStar, classWise.get(0)).risk(), 1e-12, "class 0 risk");
        });
    }

    private static double[] rotate(double[] v, double angle) {
        // A rotation in the plane of the first two coordinates, the identity elsewhere.
        double[] out = v.clone();
        out[0] = Math.cos(angle) * v[0] - Math.sin(angle) * v[1];
        out[1] = Math.sin(angle) * v[0] + Math.cos(angle) * v[1];
        return out;
    }

    static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }
}
