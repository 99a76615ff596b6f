package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.calibrisk.testsupport.Assertions.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fast mode agrees with the exact mode to 1e−6 at every stable grid point, and both flag the same ones. */
class FastVersusExactTest {

    static void assertAgree(EstimatorProvider provider, Notion notion, CalibrationSet train, CalibrationSet evaluation,
                            CalibrationSet test, Map<String, String> settings) {
        assertAgree(provider, notion, train, evaluation, test, settings, 1e-6);
    }

    /**
     * Within a factor of ten of the stability threshold the two modes differ by rounding-sized
     * amounts that the criterion bounds only to within a small factor; there they must agree to
     * {@code nearEdge} instead of 1e−6.
     */
    static void assertAgree(EstimatorProvider provider, Notion notion, CalibrationSet train, CalibrationSet evaluation,
                            CalibrationSet test, Map<String, String> settings, double nearEdge) {
        PreparedTraining exact = Fixtures.prepare(provider, notion, train, with(settings, "exact"));
        PreparedTraining fast = Fixtures.prepare(provider, notion, train, with(settings, "fast"));
        List<Hyperparameters> grid = Fixtures.grid(provider, notion, train.size());
        for (Hyperparameters point : grid) {
            CalibrationFunction e = exact.fit(point);
            CalibrationFunction f = fast.fit(point);
            String what = provider.name() + " " + notion + " " + point;
            assertEquals(e.instability().isPresent(), f.instability().isPresent(), what + ": same stability");
            if (e.instability().isPresent()) {
                continue;
            }
            double tolerance = e.diagnostics().get("sensitivity") <= Stability.THRESHOLD / 10 ? 1e-6 : nearEdge;
            assertClose(ReferenceRisk.bilinear(e.bilinearForm().orElseThrow(), evaluation),
                    ReferenceRisk.bilinear(f.bilinearForm().orElseThrow(), evaluation), tolerance, what + " risk");
            assertClose(ReferenceRisk.bilinearEstimate(e.bilinearForm().orElseThrow(), test.points()),
                    ReferenceRisk.bilinearEstimate(f.bilinearForm().orElseThrow(), test.points()), tolerance, 1e-12,
                    what + " estimate");
        }
    }

    private static Map<String, String> with(Map<String, String> settings, String mode) {
        java.util.Map<String, String> out = new java.util.HashMap<>(settings);
        out.put("mode", mode);
        return out;
    }

    /**
     * Beyond {@value KroneckerCalibration#WHOLE} modes the exact mode truncates and compresses M
     * as the fast mode does (M whole would cost O(n'r² + r³) per grid point); it still agrees
     * with the fast mode, and the path is taken (its fits report the modes they kept).
     */
    @Tag("slow")
    @Test
    void exactModeBeyondWholeFormAgrees() {
        Simulations.Simulated data = Simulations.dirichlet(1200, 5, 0.5, 0.5, 12);
        CalibrationSet all = data.samples().component(Notion.CANONICAL);
        CalibrationSet train = all.select(IntStream.range(0, 800).toArray());
        CalibrationSet evaluation = all.select(IntStream.range(800, 1000).toArray());
        CalibrationSet test = all.select(IntStream.range(1000, 1200).toArray());
        KroneckerKrr kkr = new KroneckerKrr();
        PreparedTraining exact = Fixtures.prepare(kkr, Notion.CANONICAL, train, Map.of("mode", "exact"));
        boolean truncated = false;
        for (Hyperparameters point : Fixtures.grid(kkr, Notion.CANONICAL, train.size())) {
            CalibrationFunction h = exact.fit(point);
            assertTrue(h.diagnostics().get("rank") > KroneckerCalibration.WHOLE, "more positive modes than the whole form");
            truncated |= h.diagnostics().containsKey("modes");
        }
        assertTrue(truncated, "the exact mode truncated and compressed");
        assertAgree(kkr, Notion.CANONICAL, train, evaluation, test, Map.of(), 1e-6);
    }

    @Test
    void agreeOnTheDirichletSimulation() {
        Simulations.Simulated data = Simulations.dirichlet(1000, 5, 0.5, 0.5, 11);
        for (Notion notion : new Notion[] {Notion.TOP_LABEL, Notion.CANONICAL}) {
            CalibrationSet all = data.samples().component(notion);
            CalibrationSet train = all.select(IntStream.range(0, 600).toArray());
            CalibrationSet evaluation = all.select(IntStream.range(600, 800).toArray());
            CalibrationSet test = all.select(IntStream.range(800, 1000).toArray());
            for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
                assertAgree(provider, notion, train, evaluation, test, Map.of());
            }
        }
    }
}
