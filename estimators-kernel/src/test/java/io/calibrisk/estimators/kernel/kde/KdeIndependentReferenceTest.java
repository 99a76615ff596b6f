package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Generators.RowStyle;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Seeds;
import io.calibrisk.testsupport.kernel.LogSpaceKde;
import io.calibrisk.testsupport.kernel.StirlingDensity;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.ArrayList;
import java.util.List;

import static io.calibrisk.estimators.kernel.kde.KdeFixture.bandwidth;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.features;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.fit;
import static io.calibrisk.estimators.kernel.kde.KdeFixture.rows;
import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.generators.SourceDSL.doubles;

/**
 * kde against a reference that shares no code with it, at every bandwidth from 1e−5 up and on
 * generated data only: densities from {@link StirlingDensity} (its own lnΓ, no Hipparchus, no
 * kernel plugin) summed by the plain log-space regression {@link LogSpaceKde}. The direct
 * densities of {@code DirectDensity} overflow below b ≈ 0.05, and the other log-space tests take
 * their log densities from the library's own kernels, so without this test the published grid's
 * fifteen smallest bandwidths would be checked against the library itself.
 *
 * <p>Tolerance: at b = 1e−5 a log weight is about (1/b)·|log x| ≈ 10^6 to 10^7 for the
 * near-degenerate rows, whose rounding (about 1e−9 absolute) the weights inherit; 1e−7 is far
 * above that and far below any wrong constant in a kernel.
 */
class KdeIndependentReferenceTest {
    private static final Gen<Notion> NOTIONS = Generate.enumValues(Notion.class);
    private static final double RELATIVE = 1e-7;
    private static final double ABSOLUTE = 1e-9;

    /** Bandwidths log-uniform from the published grid's smallest, 1e−5, to 1. */
    private static Gen<Double> bandwidths() {
        return doubles().between(-5, 0).map(e -> Math.pow(10, e)).describedAs(b -> "b = " + b);
    }

    @Test
    void featuresAgreeWithTheIndependentReferenceAtEveryBandwidth() {
        Seeds.qt(80).forAll(Generators.datasets(6, 50, 2, 5), NOTIONS, bandwidths()).checkAssert((data, notion, b) -> {
            int n = data.samples().size();
            boolean canonical = notion == Notion.CANONICAL;
            for (CalibrationSet set : data.samples().components(notion)) {
                CalibrationSet training = set.select(KdeEstimatorTest.range(0, n / 2));
                Points queries = set.select(KdeEstimatorTest.range(n / 2, n)).points();
                FeatureMatrix phi = features(fit(notion, data.samples().classes(), training, b), queries);
                assertAgree(training, queries, phi, canonical, b, notion + ", b = " + b);
            }
        });
    }

    /** The whole published grid fitted as the pipeline fits it, one batch per training fold. */
    @Test
    void everyPublishedBandwidthAgreesInOneBatch() {
        double[] grid = Bandwidths.defaults();
        assertEquals(1e-5, grid[0], "the grid starts at 1e-5");
        List<Hyperparameters> planned = new ArrayList<>();
        for (double b : grid) {
            planned.add(bandwidth(b));
        }
        for (Notion notion : Notion.values()) {
            Generators.Dataset data = Generators.dataset(240, 3, RowStyle.MIXED, Seeds.seed());
            int n = data.samples().size();
            for (CalibrationSet set : data.samples().components(notion)) {
                CalibrationSet training = set.select(KdeEstimatorTest.range(0, 160));
                Points queries = set.select(KdeEstimatorTest.range(160, n)).points();
                PreparedTraining prepared = KdeFixture.estimator(notion, 3, Parallelism.sequential())
                        .prepare(new TrainingFold(new TrainingFold.Id(0, 0), training, planned));
                for (double b : grid) {
                    FeatureMatrix phi = features(prepared.fit(bandwidth(b)), queries);
                    assertAgree(training, queries, phi, notion == Notion.CANONICAL, b, notion + ", b = " + b);
                }
            }
        }
    }

    /** Identity 3 at small bandwidths: the mean of h over the fitting set is the independent plug-in estimate. */
    @Test
    void theEstimateOnTheFittingSetIsTheIndependentPlugInEstimate() {
        Seeds.qt(40).forAll(Generators.datasets(4, 40, 2, 4), NOTIONS, bandwidths()).checkAssert((data, notion, b) -> {
            for (CalibrationSet set : data.samples().components(notion)) {
                double[][] z = rows(set.points());
                double[][] t = rows(set.targets());
                double expected = 0;
                for (double[] zi : z) {
                    for (double c : LogSpaceKde.residual(z, t, zi, StirlingDensity.kernel(notion == Notion.CANONICAL, b))) {
                        expected += c * c;
                    }
                }
                expected /= z.length;
                double actual = ReferenceRisk.estimate(fit(notion, data.samples().classes(), set, b), set.points());
                assertClose(expected, actual, RELATIVE, ABSOLUTE, "plug-in estimate, " + notion + ", b = " + b);
            }
        });
    }

    private static void assertAgree(CalibrationSet training, Points queries, FeatureMatrix phi, boolean canonical,
                                    double b, String what) {
        double[][] centres = rows(training.points());
        double[][] targets = rows(training.targets());
        LogSpaceKde.LogKernel kernel = StirlingDensity.kernel(canonical, b);
        long fallbacks = 0;
        for (int i = 0; i < queries.size(); i++) {
            double[] x = queries.row(i);
            double[] expected = LogSpaceKde.residual(centres, targets, x, kernel);
            for (int k = 0; k < expected.length; k++) {
                assertClose(expected[k], phi.get(i, k), RELATIVE, ABSOLUTE, "c(x)_" + k + " at query " + i + ", " + what);
            }
            fallbacks += LogSpaceKde.fallsBack(centres, x, kernel) ? 1 : 0;
        }
        assertEquals(fallbacks, phi.counts().get("fallbacks"), "fallbacks, " + what);
    }
}
