package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.CoarserApproximation;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the rank cap stops the pivoted Cholesky, every fit carries its fit at half the rank, and
 * a grid point that the check lets through (stable against rounding, and its risk within
 * 1e−6 of the coarser fit's after extrapolation) is within 1e−6 of exact mode: the guarantee of
 * a stable grid point holds for the truncation as well as for rounding.
 */
class RankCapCheckTest {

    /** The relative risk difference the pipeline's check computes (FoldEvaluator#approximationDecides). */
    private static double checked(double risk, double coarse, double extrapolation) {
        return extrapolation * Math.abs(risk - coarse) / Math.max(Math.abs(risk), Math.abs(coarse));
    }

    /**
     * @return {passed, flagged}: the grid points the check lets through and those it flags
     */
    private static int[] assertCheckHolds(EstimatorProvider provider, int classes, int cap) {
        Simulations.Simulated data = Simulations.dirichlet(1000, classes, 0.04, 0.3, 5);
        CalibrationSet all = data.samples().component(Notion.CANONICAL);
        CalibrationSet train = all.select(IntStream.range(0, 600).toArray());
        CalibrationSet evaluation = all.select(IntStream.range(600, 1000).toArray());
        PreparedTraining exact = Fixtures.prepare(provider, Notion.CANONICAL, train, Map.of("mode", "exact"));
        PreparedTraining fast = Fixtures.prepare(provider, Notion.CANONICAL, train,
                Map.of("max-rank", String.valueOf(cap)));
        int passed = 0;
        int flagged = 0;
        for (Hyperparameters point : Fixtures.grid(provider, Notion.CANONICAL, train.size())) {
            CalibrationFunction e = exact.fit(point);
            CalibrationFunction f = fast.fit(point);
            String what = provider.name() + ", " + classes + " classes, cap " + cap + ", " + point;
            assertTrue(e.coarserApproximation().isEmpty(), "exact mode has nothing to check");
            if (f.instability().isPresent()) {
                assertTrue(f.coarserApproximation().isEmpty(), what + ": rounding decides it, nothing to check");
                continue;
            }
            CoarserApproximation coarser = f.coarserApproximation().orElseThrow(() -> new AssertionError(what));
            double risk = ReferenceRisk.bilinear(f.bilinearForm().orElseThrow(), evaluation);
            double coarse = ReferenceRisk.bilinear(coarser.function().bilinearForm().orElseThrow(), evaluation);
            if (checked(risk, coarse, coarser.extrapolation()) > CalibrationFunction.APPROXIMATION_THRESHOLD) {
                flagged++;
                continue;
            }
            passed++;
            double reference = ReferenceRisk.bilinear(e.bilinearForm().orElseThrow(), evaluation);
            assertEquals(reference, risk, 1e-6 * Math.abs(reference), what + ": passed the check");
        }
        return new int[] {passed, flagged};
    }

    /** Both outcomes occur, so the assertions above are not vacuous. */
    @Test
    void aGridPointThatPassesTheCheckIsWithinTheThresholdOfExactMode() {
        for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
            for (int classes : new int[] {20, 100}) {
                int[] counts = assertCheckHolds(provider, classes, 100);
                assertTrue(counts[0] >= 5 && counts[1] >= 3, provider.name() + " " + classes + ": passed "
                        + counts[0] + ", flagged " + counts[1]);
            }
        }
    }

    /**
     * More classes and caps: of 408 grid points stable against rounding the check lets 207
     * through (the furthest 1.7e−7 from exact mode) and flags 201, 36 of them within 1e−6.
     */
    @Tag("slow")
    @Test
    void theCheckHoldsOverClassesAndCaps() {
        for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
            for (int classes : new int[] {20, 50, 100}) {
                for (int cap : new int[] {60, 100, 200, 300}) {
                    assertCheckHolds(provider, classes, cap);
                }
            }
        }
    }

    /** Only a factorisation the cap stopped short of its tolerance is checked. */
    @Test
    void aFactorisationThatMetItsToleranceHasNoCoarserSpectrum() {
        Simulations.Simulated data = Simulations.dirichlet(300, 20, 0.04, 0.3, 5);
        CalibrationSet train = data.samples().component(Notion.CANONICAL);
        TrainingKernel kernel = TrainingKernel.of(new RbfKernel(), 1.0, train.points());
        LowRankFactorisation.Truncated met = LowRankFactorisation.withCheck(kernel, train.residuals(), 1e-15, 300,
                Parallelism.sequential());
        assertTrue(met.spectrum().rank() < 300 || met.spectrum().truncation() <= 1e-15 * 300);
        assertEquals(Optional.empty(), met.coarser());
        LowRankFactorisation.Truncated capped = LowRankFactorisation.withCheck(kernel, train.residuals(), 1e-15, 41,
                Parallelism.sequential());
        assertEquals(41, capped.spectrum().rank());
        KernelSpectrum half = capped.coarser().orElseThrow();
        assertEquals(21, half.rank(), "half the rank, rounded up");
        assertTrue(half.truncation() > capped.spectrum().truncation(), "the coarser spectrum omits more");
        // nor does a factor of full rank: its residual trace is 0, the remaining diagonal being empty
        LowRankFactorisation.Truncated full = LowRankFactorisation.withCheck(kernel, train.residuals(), 0, 300,
                Parallelism.sequential());
        assertEquals(300, full.spectrum().rank());
        assertEquals(Optional.empty(), full.coarser());
        // a cap the tolerance is met at has nothing to check either, also when the factorisation
        // reaches its tolerance at the cap's very rank (the residual trace, at most 0.5·tr K = 150
        // there, is far above 0.5/tr K)
        LowRankFactorisation.Truncated loose = LowRankFactorisation.withCheck(kernel, train.residuals(), 0.5, 41,
                Parallelism.sequential());
        assertEquals(Optional.empty(), loose.coarser());
        int metAt = loose.spectrum().rank();
        assertTrue(metAt > 1 && metAt < 41, "rank " + metAt);
        LowRankFactorisation.Truncated atCap = LowRankFactorisation.withCheck(kernel, train.residuals(), 0.5, metAt,
                Parallelism.sequential());
        assertEquals(metAt, atCap.spectrum().rank());
        assertTrue(atCap.spectrum().truncation() > 0.5 / 300, "residual trace " + atCap.spectrum().truncation());
        assertEquals(Optional.empty(), atCap.coarser());
    }

    /** A function with a value, a bilinear form, an instability and diagnostics of its own. */
    private static CalibrationFunction function(double value) {
        BilinearForm form = new BilinearForm(1, points -> FeatureMatrix.of(points.size(), 1,
                new double[points.size()]), new double[] {value});
        return new CalibrationFunction() {
            @Override
            public int dimension() {
                return 2;
            }

            @Override
            public double value(double[] z, double[] zPrime) {
                return value;
            }

            @Override
            public Optional<BilinearForm> bilinearForm() {
                return Optional.of(form);
            }

            @Override
            public Optional<String> instability() {
                return Optional.of("unstable at " + value);
            }

            @Override
            public Map<String, Double> diagnostics() {
                return Map.of("rank", value);
            }

            @Override
            public Optional<Points> calibrationCurve(Points points) {
                return Optional.of(Points.of(1, 1, new double[] {value}));
            }
        };
    }

    /** The rank-checked fit is the fit, with its coarser approximation and the extrapolation. */
    @Test
    void theCheckedFitDelegatesToTheFit() {
        CalibrationFunction fit = function(0.25);
        CalibrationFunction coarse = function(0.5);
        RankChecked h = new RankChecked(fit, coarse, 3);
        assertEquals(2, h.dimension());
        assertEquals(0.25, h.value(new double[2], new double[2]));
        assertSame(coarse, h.coarserApproximation().orElseThrow().function());
        assertEquals(3, h.coarserApproximation().orElseThrow().extrapolation());
        assertEquals(Map.of("rank", 0.25), h.diagnostics());
        assertEquals(Optional.of("unstable at 0.25"), h.instability());
        assertSame(fit.bilinearForm().orElseThrow(), h.bilinearForm().orElseThrow());
        // the reliability diagram of a fold at the rank cap is the fit's
        assertEquals(0.25, h.calibrationCurve(Points.of(1, 2, new double[2])).orElseThrow().get(0, 0));
    }

    /** τ/(τ' − τ), at least 1; no evidence (τ' = τ) gives the largest factor. */
    @Test
    void theExtrapolationIsTheOmittedOverTheAddedTrace() {
        assertEquals(19, RankChecked.extrapolation(72, 72 + 72.0 / 19), 1e-9);
        assertEquals(1, RankChecked.extrapolation(0.12, 4.25));
        assertEquals(1, RankChecked.extrapolation(1, 2));
        assertEquals(1, RankChecked.extrapolation(0, 1));
        assertEquals(RankChecked.MAX_EXTRAPOLATION, RankChecked.extrapolation(1, 1));
        assertEquals(RankChecked.MAX_EXTRAPOLATION, RankChecked.extrapolation(0, 0));
        assertEquals(RankChecked.MAX_EXTRAPOLATION, RankChecked.extrapolation(2, 1));
        assertEquals(RankChecked.MAX_EXTRAPOLATION, RankChecked.extrapolation(1, 1 + 1e-13));
    }
}
