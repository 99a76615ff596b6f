package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.testsupport.kkr.NaiveKernelRidge;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static io.calibrisk.testsupport.Seeds.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** Identity 4 of docs/method.md: the eigen closed form against the naive Kronecker solve; kkr = ukkr at c = 0. */
class KroneckerIdentityTest {
    private static final double GAMMA = 4;
    private static final double[] MU = {1e-2, 1e-1, 1, 10};

    private static CalibrationSet training(int n, int m, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] z = new double[n * m];
        double[] t = new double[n * m];
        for (int i = 0; i < n * m; i++) {
            z[i] = random.nextDouble();
            t[i] = random.nextBoolean() ? 1 : 0;
        }
        return new CalibrationSet(Points.of(n, m, z), Points.of(n, m, t));
    }

    private static double[][] rows(Points p) {
        double[][] out = new double[p.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = p.row(i);
        }
        return out;
    }

    private static BiFunction<double[], double[], Double> rbf() {
        return (x, y) -> {
            double s = 0;
            for (int k = 0; k < x.length; k++) {
                s += (x[k] - y[k]) * (x[k] - y[k]);
            }
            return Math.exp(-GAMMA * s);
        };
    }

    @Test
    void eigenClosedFormEqualsTheNaiveKroneckerSolve() {
        qt(30).forAll(integers().between(2, 10), integers().between(1, 3), longs().all()).checkAssert((n, m, seed) -> {
            CalibrationSet train = training(n, m, seed);
            NaiveKernelRidge naive = new NaiveKernelRidge(rbf(), rows(train.points()));
            // the exact mode keeps every mode and M whole; the fast mode's truncation is tested against it elsewhere
            for (String mode : new String[] {"exact"}) {
                PreparedTraining prepared = Fixtures.prepare(new KroneckerKrr(), m == 1 ? Notion.TOP_LABEL : Notion.CANONICAL,
                        train, Map.of("gamma", Double.toString(GAMMA), "mode", mode));
                SplittableRandom random = new SplittableRandom(seed + 1);
                for (double mu : MU) {
                    CalibrationFunction h = Fixtures.fit(prepared, mu);
                    BiFunction<double[], double[], Double> reference = naive.kronecker(rows(train.residuals()), mu);
                    for (int trial = 0; trial < 4; trial++) {
                        double[] z = random.doubles(m).toArray();
                        double[] zPrime = trial == 0 ? z : random.doubles(m).toArray();
                        assertClose(reference.apply(z, zPrime), h.value(z, zPrime), 1e-8, 1e-13,
                                mode + " kkr, n = " + n + ", μ = " + mu);
                    }
                }
            }
        });
    }

    @Test
    void twoStepEqualsItsNaiveSolve() {
        qt(30).forAll(integers().between(2, 12), integers().between(1, 3), longs().all()).checkAssert((n, m, seed) -> {
            CalibrationSet train = training(n, m, seed);
            NaiveKernelRidge naive = new NaiveKernelRidge(rbf(), rows(train.points()));
            PreparedTraining prepared = Fixtures.prepare(new TwoStepKrr(), m == 1 ? Notion.TOP_LABEL : Notion.CANONICAL,
                    train, Map.of("gamma", Double.toString(GAMMA), "mode", "exact"));
            SplittableRandom random = new SplittableRandom(seed + 1);
            for (double mu : MU) {
                CalibrationFunction h = Fixtures.fit(prepared, mu);
                BiFunction<double[], double[], Double> reference = naive.twoStep(rows(train.residuals()), mu);
                double[] z = random.doubles(m).toArray();
                double[] zPrime = random.doubles(m).toArray();
                assertClose(reference.apply(z, zPrime), h.value(z, zPrime), 1e-8, 1e-13, "ukkr, μ = " + mu);
            }
        });
    }

    /** With c = 0 and K invertible, (K⊗K)⁻¹vec(RRᵀ) = vec(K⁻¹RRᵀK⁻¹), so h_kkr = ⟨ĝ, ĝ'⟩ = h_ukkr. */
    @Test
    void kroneckerEqualsTwoStepWithoutRegularisation() {
        qt(30).forAll(integers().between(2, 8), integers().between(1, 3), longs().all()).checkAssert((n, m, seed) -> {
            // well separated points keep K well conditioned, so c = 0 is meaningful
            double[] z = new double[n * m];
            double[] t = new double[n * m];
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < m; c++) {
                    z[i * m + c] = (i + 0.5 * random.nextDouble()) / n;
                    t[i * m + c] = random.nextBoolean() ? 1 : 0;
                }
            }
            CalibrationSet train = new CalibrationSet(Points.of(n, m, z), Points.of(n, m, t));
            Notion notion = m == 1 ? Notion.TOP_LABEL : Notion.CANONICAL;
            for (String mode : new String[] {"exact", "fast"}) {
                Map<String, String> settings = Map.of("gamma", "20", "mode", mode, "tolerance", "0");
                CalibrationFunction kkr = Fixtures.fit(Fixtures.prepare(new KroneckerKrr(), notion, train, settings), 0);
                CalibrationFunction ukkr = Fixtures.fit(Fixtures.prepare(new TwoStepKrr(), notion, train, settings), 0);
                for (int trial = 0; trial < 4; trial++) {
                    double[] a = random.doubles(m).toArray();
                    double[] b = random.doubles(m).toArray();
                    assertClose(ukkr.value(a, b), kkr.value(a, b), 1e-7, 1e-12, mode + ", n = " + n);
                }
            }
        });
    }
}
