package io.calibrisk.pipeline.risk;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.pipeline.data.NotionComponents;
import io.calibrisk.testsupport.ExpectedRisk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.Simulations;
import io.calibrisk.testsupport.TrueCalibration;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.calibrisk.testsupport.Assertions.assertClose;
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
        double pairwise = Risk.pairwise(h, evaluation);
        double reference = ReferenceRisk.risk(rows(evaluation.points()), rows(evaluation.targets()), h::value);
        assertClose(reference, pairwise, 1e-12, 1e-300, what + " pairwise");
        assertClose(pairwise, bilinear, 1e-9, 1e-300, what + " bilinear");
        double estimate = Risk.estimate(h, evaluation);
        assertClose(ReferenceRisk.estimate(rows(evaluation.points()), h::value), estimate, 1e-12, 1e-18, what + " estimate");
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
     * Identity 5: for fixed points with known π and independent labels,
     * E R̂(h) = E R̂(h*) + mean_{i≠j}(h − h*)², so h* minimises the expected risk.
     */
    @Test
    void expectedRiskDecomposesAroundTheTrueFunction() {
        Seeds.qt(30).forAll(integers().between(0, 10_000), integers().between(2, 40)).checkAssert((seed, bins) -> {
            CalibrationSet training = Simulations.scalar(300, z -> z * z, seed);
            CalibrationSet points = Simulations.scalar(60, z -> z * z, seed + 1);
            double[][] z = rows(points.points());
            double[][] pi = new double[z.length][];
            for (int i = 0; i < z.length; i++) {
                pi[i] = new double[] {z[i][0] * z[i][0]};
            }
            CalibrationFunction hStar = TrueCalibration.of(1, v -> new double[] {v[0] * v[0]});
            double optimum = ExpectedRisk.of(z, pi, hStar::value);
            for (CalibrationFunction h : List.of(binning(training, bins, false),
                    TrueCalibration.constant(1, 0.01 * bins))) {
                double expected = ExpectedRisk.of(z, pi, h::value);
                double excess = ExpectedRisk.excess(z, pi, h::value);
                assertClose(optimum + excess, expected, 1e-12, "E R(h) = E R(h*) + excess");
                assertTrue(expected >= optimum);
            }
        });
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

    /** Identity 6: the target ⟨r_i, r_j⟩ and a covariant h are invariant under an orthogonal map. */
    @Test
    void riskIsInvariantUnderAnOrthogonalMap() {
        Seeds.qt(20).forAll(integers().between(0, 1000), doubles().between(0, 2 * Math.PI)).checkAssert((seed, angle) -> {
            CalibrationSet set = Simulations.canonical(Simulations.paper(seed)).select(range(0, 80));
            double[][] z = rows(set.points());
            double[][] t = rows(set.targets());
            double[][] zr = new double[z.length][];
            double[][] tr = new double[z.length][];
            for (int i = 0; i < z.length; i++) {
                zr[i] = rotate(z[i], angle);
                tr[i] = rotate(t[i], angle);
            }
            CalibrationFunction hStar = TrueCalibration.simulationFamily(5, 1.0, 0.3);
            double original = Risk.of(hStar, set).risk();
            // h*_Q(Qz, Qz') = h*(z, z'): evaluate on rotated points by rotating back.
            double rotated = ReferenceRisk.risk(zr, tr, (a, b) -> hStar.value(rotate(a, -angle), rotate(b, -angle)));
            assertClose(original, rotated, 1e-10, "rotation by " + angle);
        });
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

    /** Identity 7: with d = 2, CCE² = 2 × the binary calibration error² of class 1 (for h*), and the risks scale by 4. */
    @Test
    void twoClassCanonicalErrorIsTwiceTheBinaryError() {
        Seeds.qt(20).forAll(integers().between(0, 1000)).checkAssert(seed -> {
            CalibrationSet binary = Simulations.scalar(200, z -> Math.sqrt(z), seed);
            int n = binary.size();
            double[] p = new double[2 * n];
            int[] y = new int[n];
            for (int i = 0; i < n; i++) {
                p[2 * i + 1] = binary.points().get(i, 0);
                p[2 * i] = 1 - p[2 * i + 1];
                y[i] = (int) binary.targets().get(i, 0);
            }
            CalibrationSet canonical = NotionComponents.all(Notion.CANONICAL, Predictions.ofProbabilities(n, 2, p, "p"),
                    Labels.of(y, 2, "y")).get(0);
            CalibrationFunction binaryStar = TrueCalibration.of(1, v -> new double[] {Math.sqrt(v[0])});
            CalibrationFunction canonicalStar = TrueCalibration.of(2, v -> new double[] {1 - Math.sqrt(v[1]), Math.sqrt(v[1])});
            assertClose(2 * Risk.estimate(binaryStar, binary), Risk.estimate(canonicalStar, canonical),
                    1e-12, "CCE² vs 2·binary CE²");
            assertClose(4 * Risk.of(binaryStar, binary).risk(), Risk.of(canonicalStar, canonical).risk(), 1e-12,
                    "canonical vs binary risk");
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
