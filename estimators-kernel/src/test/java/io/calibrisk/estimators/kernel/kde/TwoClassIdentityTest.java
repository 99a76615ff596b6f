package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Samples;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static io.calibrisk.estimators.kernel.kde.KdeEstimatorTest.range;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.features;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.fit;
import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Identity 7 of docs/method.md with kde itself: with d = 2 the Dirichlet kernel at (1 − p, p) is the
 * Beta kernel at p, so canonical kde regresses (1 − t̂, t̂) where class-wise kde of class 1
 * regresses t̂, and {@code c(z) = (−g(p), g(p))}: h, the estimate of CCE² and the risk are 2, 2
 * and 4 times those of class 1, whose mirror class 0 gives the same. The canonical and the
 * scalar paths of kde share no code that this could hide behind (different kernels, a
 * vector against a scalar regression). The data have repeated samples, so that both paths merge
 * centres, and probabilities of exactly 0 and 1.
 */
class TwoClassIdentityTest {
    private static final double[] BANDWIDTHS = {1e-5, 1e-4, 1e-3, 1e-2, 0.05, 0.2, 1.0};

    private static Samples twoClasses(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] p = new double[2 * n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            double p1;
            if (i >= 10 && i % 5 == 0) {
                // a repeat of an earlier sample, label and all
                int earlier = random.nextInt(i);
                p1 = p[2 * earlier + 1];
                y[i] = y[earlier];
            } else {
                p1 = i % 17 == 3 ? 1.0 : i % 19 == 4 ? 0.0 : random.nextDouble();
                y[i] = random.nextDouble() < p1 * p1 ? 1 : 0;
            }
            p[2 * i + 1] = p1;
            p[2 * i] = 1 - p1;
        }
        return new Samples(2, p, y);
    }

    @Test
    void canonicalKdeIsTwiceTheBinaryKdeOfClassOne() {
        for (long seed = Seeds.seed(); seed < Seeds.seed() + 4; seed++) {
            Samples samples = twoClasses(150, seed);
            CalibrationSet canonical = samples.component(Notion.CANONICAL);
            List<CalibrationSet> classWise = samples.components(Notion.CLASS_WISE);
            CalibrationSet classOne = classWise.get(1);
            int[] training = range(0, 100);
            int[] evaluation = range(100, 150);
            for (double b : BANDWIDTHS) {
                String what = "seed " + seed + ", b = " + b;
                CalibrationFunction hCanonical = fit(Notion.CANONICAL, 2, canonical.select(training), b);
                CalibrationFunction hOne = fit(Notion.CLASS_WISE, 2, classOne.select(training), b);
                CalibrationFunction hZero = fit(Notion.CLASS_WISE, 2, classWise.get(0).select(training), b);
                CalibrationSet canonicalEvaluation = canonical.select(evaluation);
                CalibrationSet oneEvaluation = classOne.select(evaluation);
                FeatureMatrix c = features(hCanonical, canonicalEvaluation.points());
                FeatureMatrix g = features(hOne, oneEvaluation.points());
                for (int i = 0; i < evaluation.length; i++) {
                    assertClose(-g.get(i, 0), c.get(i, 0), 1e-7, 1e-10, "c(z)_0 at " + i + ", " + what);
                    assertClose(g.get(i, 0), c.get(i, 1), 1e-7, 1e-10, "c(z)_1 at " + i + ", " + what);
                }
                assertEquals(g.counts().get("fallbacks"), c.counts().get("fallbacks"), what);
                BilinearForm canonicalForm = hCanonical.bilinearForm().orElseThrow();
                BilinearForm oneForm = hOne.bilinearForm().orElseThrow();
                double oneRisk = ReferenceRisk.bilinear(oneForm, oneEvaluation);
                assertClose(4 * oneRisk, ReferenceRisk.bilinear(canonicalForm, canonicalEvaluation), 1e-7, 1e-12,
                        "risk, " + what);
                double oneEstimate = ReferenceRisk.bilinearEstimate(oneForm, oneEvaluation.points());
                assertClose(2 * oneEstimate, ReferenceRisk.bilinearEstimate(canonicalForm, canonicalEvaluation.points()),
                        1e-7, 1e-12, "estimate of CCE², " + what);
                CalibrationSet zeroEvaluation = classWise.get(0).select(evaluation);
                assertClose(oneEstimate, ReferenceRisk.bilinearEstimate(hZero.bilinearForm().orElseThrow(),
                        zeroEvaluation.points()), 1e-7, 1e-12, "class 0 mirrors class 1, " + what);
                assertClose(oneRisk, ReferenceRisk.bilinear(hZero.bilinearForm().orElseThrow(), zeroEvaluation), 1e-7,
                        1e-12, "class 0 risk, " + what);
            }
        }
    }
}
