package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.IntStream;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static io.calibrisk.testsupport.Seeds.qt;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** Identity 1 of docs/method.md: the bilinear-form risk and estimate equal the pairwise ones. */
class BilinearRiskTest {

    /**
     * Evaluation points per case: the pairwise reference calls h(z, z') for every pair, each call
     * computing both points' features (with the held-out correction, from the kernel at every
     * training point), so the pairs, not the fits, set this test's time.
     */
    private static final int EVALUATION = 20;

    @Test
    void bilinearRiskEqualsPairwiseRiskAtEveryStableGridPoint() {
        qt(6).forAll(integers().between(30, 90), longs().between(0, 1_000_000)).checkAssert((n, seed) -> {
            Simulations.Simulated data = Simulations.dirichlet(n + EVALUATION, 4, 0.5, 0.5, seed);
            for (Notion notion : new Notion[] {Notion.TOP_LABEL, Notion.CANONICAL, Notion.CLASS_WISE}) {
                CalibrationSet all = data.samples().components(notion).get(0);
                CalibrationSet train = all.select(IntStream.range(0, n).toArray());
                CalibrationSet evaluation = all.select(IntStream.range(n, n + EVALUATION).toArray());
                for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
                    for (String mode : new String[] {"exact", "fast"}) {
                        PreparedTraining prepared = Fixtures.prepare(provider, notion, train, Map.of("mode", mode));
                        int stable = 0;
                        for (Hyperparameters point : Fixtures.grid(provider, notion, n)) {
                            CalibrationFunction h = prepared.fit(point);
                            assertTrue(h.bilinearForm().isPresent(), "has a bilinear form");
                            BilinearForm form = h.bilinearForm().orElseThrow();
                            double bilinear = ReferenceRisk.bilinear(form, evaluation);
                            double estimate = ReferenceRisk.bilinearEstimate(form, evaluation.points());
                            if (h.instability().isPresent()) {
                                continue;
                            }
                            stable++;
                            String what = provider.name() + " " + mode + " " + notion + " " + point;
                            assertClose(ReferenceRisk.pairwise(h, evaluation), bilinear, 1e-9, what + " risk");
                            double direct = 0;
                            for (int i = 0; i < evaluation.size(); i++) {
                                double[] z = evaluation.points().row(i);
                                direct += h.value(z, z);
                            }
                            assertClose(direct / evaluation.size(), estimate, 1e-9, 1e-300, what + " estimate");
                        }
                        assertTrue(stable > 0, "some grid point is stable");
                    }
                }
            }
        });
    }
}
