package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.CoarserApproximation;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.pipeline.report.EstimatorResult;
import io.calibrisk.pipeline.risk.Risk;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.TrueCalibration;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A function's {@link CalibrationFunction#coarserApproximation()}: the pipeline scores it on the
 * same evaluation set, and a grid point whose extrapolated risk difference exceeds 1e−6 of the
 * larger risk is unstable, so never chosen, with the difference as the reason.
 */
class ApproximationCheckTest {
    private static final Generators.Dataset DATA = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);
    private static final CalibrationSet EVALUATION = DATA.samples().component(Notion.TOP_LABEL);

    /** h = v with, when {@code coarser} is not null, the constant {@code coarser} as its coarser approximation. */
    private static CalibrationFunction approximated(int dimension, double v, Double coarser, double extrapolation) {
        return ConstantProviders.constant(dimension, v, Optional.empty(), () -> coarser == null ? Optional.empty()
                : Optional.of(new CoarserApproximation(TrueCalibration.constant(dimension, coarser), extrapolation)));
    }

    private static double relative(double v, double coarser) {
        double a = Risk.of(TrueCalibration.constant(1, v), EVALUATION).risk();
        double b = Risk.of(TrueCalibration.constant(1, coarser), EVALUATION).risk();
        return Math.abs(a - b) / Math.max(a, b);
    }

    private static Optional<String> check(CalibrationFunction h) {
        return FoldEvaluator.approximationDecides(h, Risk.of(h, EVALUATION).risk(), Risk.Evaluation.of(EVALUATION));
    }

    /** The threshold applies to the difference times the extrapolation, relative to the larger risk. */
    @Test
    void theExtrapolatedDifferenceDecides() {
        double v = 1.5;
        double coarser = 1.5 + 1e-8;
        double moved = relative(v, coarser);
        assertTrue(moved > 1e-9 && moved < 1e-7, "about 2δ/v: " + moved);
        double edge = CalibrationFunction.APPROXIMATION_THRESHOLD / moved;
        assertEquals(Optional.empty(), check(approximated(1, v, coarser, 1)));
        assertEquals(Optional.empty(), check(approximated(1, v, coarser, edge * 0.999)));
        Optional<String> flagged = check(approximated(1, v, coarser, edge * 1.001));
        assertTrue(flagged.orElseThrow().startsWith("the approximation decides it: its risk moves by an estimated "
                + "relative 1.0e-06 > 1e-06 ("), flagged.get());
        assertTrue(flagged.get().endsWith(String.format(java.util.Locale.ROOT, " times %.3g)", edge * 1.001)),
                flagged.get());
        // the order of the two risks does not matter
        assertTrue(check(approximated(1, coarser, v, edge * 1.001)).isPresent());
        assertEquals(Optional.empty(), check(approximated(1, coarser, v, edge * 0.999)));
        // without a coarser approximation nothing is checked
        assertEquals(Optional.empty(), check(approximated(1, v, null, 1)));
        // equal risks agree at any extrapolation
        assertEquals(Optional.empty(), check(approximated(1, v, v, 1e12)));
    }

    @Test
    void aCoarserApproximationMustBeOfTheSameDimensionAndNotNull() {
        CalibrationFunction wrong = ConstantProviders.constant(1, 0, Optional.empty(),
                () -> Optional.of(new CoarserApproximation(TrueCalibration.constant(3, 0), 1)));
        assertEquals("returned a coarser approximation of dimension 3 for a function of dimension 1",
                assertThrows(EstimationException.class, () -> check(wrong)).getMessage());
        CalibrationFunction none = ConstantProviders.constant(1, 0, Optional.empty(), () -> null);
        assertEquals("returned null from coarserApproximation()",
                assertThrows(EstimationException.class, () -> check(none)).getMessage());
        assertEquals("coarser approximation's extrapolation = 0.5: must be finite and at least 1",
                assertThrows(InvalidSettingException.class,
                        () -> new CoarserApproximation(TrueCalibration.constant(1, 0), 0.5)).getMessage());
        assertEquals("coarser approximation's extrapolation = Infinity: must be finite and at least 1",
                assertThrows(InvalidSettingException.class, () -> new CoarserApproximation(
                        TrueCalibration.constant(1, 0), Double.POSITIVE_INFINITY)).getMessage());
        assertEquals("coarser approximation's extrapolation = NaN: must be finite and at least 1",
                assertThrows(InvalidSettingException.class,
                        () -> new CoarserApproximation(TrueCalibration.constant(1, 0), Double.NaN)).getMessage());
        assertEquals("coarser approximation = null: must be a function",
                assertThrows(InvalidSettingException.class, () -> new CoarserApproximation(null, 1)).getMessage());
    }

    /**
     * In a run: c = 0.1 has the lowest risk but its coarser approximation is far off, so the
     * point is unstable and c = 0.2, whose coarser approximation agrees, is chosen.
     */
    @Test
    void aPointTheApproximationDecidesIsNeverChosen() {
        EstimatorProvider provider = new EstimatorProvider() {
            @Override
            public String name() {
                return "approximated";
            }

            @Override
            public String description() {
                return "a constant with a coarser approximation, for tests";
            }

            @Override
            public Set<Notion> notions() {
                return EnumSet.allOf(Notion.class);
            }

            @Override
            public SearchSpace defaultSearchSpace(Notion notion) {
                return SearchSpace.of(Axis.list("c", 0.1, 0.2, 0.3));
            }

            @Override
            public CalibrationEstimator create(EstimatorContext context) {
                return training -> hp -> {
                    double c = hp.value("c");
                    return approximated(training.data().dimension(), 1 + c, c == 0.1 ? 3.0 : 1 + c + 1e-12, 1);
                };
            }
        };
        CalibrationReport report = Calibrisk.builder().plugin(ConstantProviders.plugin(provider))
                .estimators("approximated").seed(2).bootstrap(0).build()
                .evaluate(TestData.predictions(DATA.samples()), TestData.labels(DATA.samples()));
        EstimatorResult result = report.estimator("approximated").orElseThrow();
        assertFalse(result.grid().get(0).stable());
        assertTrue(result.grid().get(0).instability().startsWith("fold 0: the approximation decides it: its risk "
                + "moves by an estimated relative "), result.grid().get(0).instability());
        assertNull(result.grid().get(1).instability());
        assertEquals(1, result.bestIndex(), "c = 0.2, the best point the approximation does not decide");
        assertTrue(result.grid().get(0).risk() < result.grid().get(1).risk());
        assertEquals(Map.of("c", 0.2), result.best().orElseThrow().hyperparameters());
        assertEquals(java.util.List.of("approximated: at 1 of 3 grid points the estimator's approximation, not the "
                + "data, decides the risk (a coarser approximation moves it by more than 1e-06), so they cannot be "
                + "chosen; a finer approximation (see the estimator's settings in calibrisk list, e.g. a larger "
                + "max-rank or mode=exact for kkr and ukkr) makes them count"), report.warnings().subList(1, 2));
        assertTrue(report.warnings().get(0).startsWith("the test split has only 80 samples"));
    }
}
