package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Identity 7 of docs/method.md with kkr and ukkr: with d = 2 the canonical points (1 − p, p) are
 * √2 times farther apart than the scalars p, so the rbf kernel with γ on them is the rbf kernel
 * with 2γ on p; their residuals are (−r, r), so {@code RRᵀ} doubles. Canonical kkr and ukkr
 * with γ are then exactly twice the class-wise estimators of class 1 with 2γ, at the same λ:
 * h, the estimate of CCE² twice, the risk four times; class 0 mirrors class 1. The canonical
 * path carries m = 2 residual columns through the factorisation and the weights, the scalar one
 * a single column.
 */
class TwoClassIdentityTest {
    private static final double GAMMA = 1.5;
    private static final double[] MU = {1e-2, 1e-1, 1, 10};

    private static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }

    @Test
    void canonicalKernelRidgeIsTwiceTheBinaryOfClassOneWithTwiceGamma() {
        for (long seed = Seeds.seed(); seed < Seeds.seed() + 3; seed++) {
            Samples samples = Simulations.twoClasses(160, p1 -> p1 * p1, seed);
            CalibrationSet canonical = samples.component(Notion.CANONICAL);
            List<CalibrationSet> classWise = samples.components(Notion.CLASS_WISE);
            int[] training = range(0, 110);
            int[] evaluation = range(110, 160);
            for (EstimatorProvider provider : List.of(new KroneckerKrr(), new TwoStepKrr())) {
                for (String mode : List.of("exact", "fast")) {
                    String what = provider.name() + ", " + mode + ", seed " + seed;
                    PreparedTraining wide = Fixtures.prepare(provider, Notion.CANONICAL, canonical.select(training),
                            Map.of("gamma", Double.toString(GAMMA), "mode", mode));
                    PreparedTraining one = Fixtures.prepare(provider, Notion.CLASS_WISE, classWise.get(1).select(training),
                            Map.of("gamma", Double.toString(2 * GAMMA), "mode", mode));
                    PreparedTraining zero = Fixtures.prepare(provider, Notion.CLASS_WISE, classWise.get(0).select(training),
                            Map.of("gamma", Double.toString(2 * GAMMA), "mode", mode));
                    for (double mu : MU) {
                        assertTwice(Fixtures.fit(wide, mu), Fixtures.fit(one, mu), Fixtures.fit(zero, mu),
                                canonical.select(evaluation), classWise.get(1).select(evaluation),
                                classWise.get(0).select(evaluation), what + ", μ = " + mu);
                    }
                }
            }
        }
    }

    private static void assertTwice(CalibrationFunction wide, CalibrationFunction one, CalibrationFunction zero,
                                    CalibrationSet canonical, CalibrationSet classOne, CalibrationSet classZero,
                                    String what) {
        Points z = canonical.points();
        Points p = classOne.points();
        double largest = 0;
        for (int i = 0; i < z.size(); i += 3) {
            for (int j = 0; j < z.size(); j += 7) {
                double expected = 2 * one.value(p.row(i), p.row(j));
                assertClose(expected, wide.value(z.row(i), z.row(j)), 1e-8, 1e-12, "h at (" + i + ", " + j + "), " + what);
                largest = Math.max(largest, Math.abs(expected));
            }
        }
        assertTrue(largest > 1e-6, "h is not negligible, " + what);
        double risk = ReferenceRisk.bilinear(one.bilinearForm().orElseThrow(), classOne);
        assertClose(4 * risk, ReferenceRisk.bilinear(wide.bilinearForm().orElseThrow(), canonical), 1e-8, 1e-14,
                "risk, " + what);
        double estimate = ReferenceRisk.bilinearEstimate(one.bilinearForm().orElseThrow(), p);
        assertClose(2 * estimate, ReferenceRisk.bilinearEstimate(wide.bilinearForm().orElseThrow(), z), 1e-8, 1e-14,
                "estimate of CCE², " + what);
        assertClose(estimate, ReferenceRisk.bilinearEstimate(zero.bilinearForm().orElseThrow(), classZero.points()),
                1e-8, 1e-14, "class 0 mirrors class 1, " + what);
    }
}
