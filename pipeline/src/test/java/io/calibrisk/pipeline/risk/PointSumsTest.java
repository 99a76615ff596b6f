package io.calibrisk.pipeline.risk;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;

/** The tiled sums against the point-by-point loop they replace: the same bits, element by element. */
class PointSumsTest {

    /** A value of varied magnitude and sign, sometimes an exact zero of either sign. */
    private static double value(SplittableRandom random) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return 0.0;
        }
        if (kind == 1) {
            return -0.0;
        }
        return (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-8, 4));
    }

    private static double[] values(SplittableRandom random, int size) {
        double[] out = new double[size];
        for (int i = 0; i < size; i++) {
            out[i] = value(random);
        }
        return out;
    }

    @Test
    void everyElementHasTheBitsOfThePointByPointSum() {
        Seeds.qt(300).forAll(integers().between(0, 1_000_000), integers().between(1, 2 * PointSums.CHUNK + 7),
                integers().between(1, 13), integers().between(1, 21)).checkAssert((seed, n, m, q) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    double[] r = values(random, n * m);
                    double[] f = values(random, n * q);
                    double[] rtr = new double[m * m];
                    double[] ftr = new double[q * m];
                    double[] ftf = new double[q * q];
                    PointSums.add(r, f, n, m, q, rtr, ftr, ftf);
                    // the loop of Risk.addPoint, element by element from 0, in the order of the points
                    double[] rtrRef = new double[m * m];
                    double[] ftrRef = new double[q * m];
                    double[] ftfRef = new double[q * q];
                    for (int i = 0; i < n; i++) {
                        for (int a = 0; a < m; a++) {
                            for (int b = a; b < m; b++) {
                                rtrRef[a * m + b] += r[i * m + a] * r[i * m + b];
                            }
                        }
                        for (int a = 0; a < q; a++) {
                            for (int b = 0; b < m; b++) {
                                ftrRef[a * m + b] += f[i * q + a] * r[i * m + b];
                            }
                            for (int b = a; b < q; b++) {
                                ftfRef[a * q + b] += f[i * q + a] * f[i * q + b];
                            }
                        }
                    }
                    String shape = "n " + n + ", m " + m + ", q " + q + ", seed " + seed;
                    assertUpperBits(rtrRef, rtr, m, "RᵀR, " + shape);
                    assertUpperBits(ftfRef, ftf, q, "G, " + shape);
                    for (int e = 0; e < q * m; e++) {
                        assertEquals(Double.doubleToRawLongBits(ftrRef[e]), Double.doubleToRawLongBits(ftr[e]),
                                "ΦᵀR element " + e + ", " + shape);
                    }
                });
    }

    private static void assertUpperBits(double[] expected, double[] actual, int k, String what) {
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                assertEquals(Double.doubleToRawLongBits(expected[a * k + b]), Double.doubleToRawLongBits(actual[a * k + b]),
                        what + " element (" + a + ", " + b + ")");
            }
        }
    }

    @Test
    void scalarComponentsKeepThePointByPointLoop() {
        assertFalse(PointSums.pays(1, 1), "class-wise bins and kde");
        assertFalse(PointSums.pays(1, 10), "top-label kkr, 10 features");
        assertTrue(PointSums.pays(10, 10), "canonical kde on 10 classes");
        assertTrue(PointSums.pays(1, 15), "a scalar form with 15 features");
    }

    /**
     * A function h(z, z') = φ(z)ᵀ M φ(z') with q smooth random features of m coordinates, and M
     * the identity, a diagonal or a dense symmetric matrix.
     */
    private static CalibrationFunction function(SplittableRandom random, int m, int q, double[] matrix) {
        double[] projection = values(random, q * m);
        BilinearForm.FeatureMap map = points -> {
            double[] phi = new double[points.size() * q];
            for (int i = 0; i < points.size(); i++) {
                for (int a = 0; a < q; a++) {
                    double s = 0;
                    for (int b = 0; b < m; b++) {
                        s += projection[a * m + b] * points.get(i, b);
                    }
                    phi[i * q + a] = Math.tanh(3 * s + 0.1 * a);
                }
            }
            return FeatureMatrix.of(points.size(), q, phi);
        };
        BilinearForm form = new BilinearForm(q, map, matrix);
        return RiskIdentitiesTest.withForm(m, (z, zPrime) -> form.apply(map.apply(Points.of(1, m, z)).values(),
                map.apply(Points.of(1, m, zPrime)).values()), form);
    }

    @Test
    void theRiskThroughTilesIsThePairwiseRiskForEveryKindOfMatrix() {
        Seeds.qt(30).forAll(integers().between(0, 1_000_000), integers().between(2, 90), integers().between(1, 6),
                integers().between(16, 24)).checkAssert((seed, n, m, q) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    // 0: the identity, 1: a diagonal M, 2: a dense one
                    int kind = seed % 3;
                    double[] matrix = null;
                    if (kind > 0) {
                        matrix = new double[q * q];
                        for (int a = 0; a < q; a++) {
                            for (int b = a; b < q; b++) {
                                double v = a == b || kind == 2 ? random.nextDouble() - 0.3 : 0.0;
                                matrix[a * q + b] = v;
                                matrix[b * q + a] = v;
                            }
                        }
                    }
                    assertTrue(PointSums.pays(m, q));
                    CalibrationFunction h = function(random, m, q, matrix);
                    double[] z = new double[n * m];
                    double[] t = new double[n * m];
                    for (int i = 0; i < n; i++) {
                        for (int b = 0; b < m; b++) {
                            z[i * m + b] = random.nextDouble();
                            t[i * m + b] = random.nextInt(2);
                        }
                    }
                    CalibrationSet set = new CalibrationSet(Points.of(n, m, z), Points.of(n, m, t));
                    assertClose(Risk.pairwise(h, set), Risk.of(h, set).risk(), 1e-9, 1e-300,
                            "n " + n + ", m " + m + ", q " + q + ", matrix kind " + kind + ", seed " + seed);
                });
    }
}
