package io.calibrisk.estimators.kkr;

import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kronecker fit on spectra made by hand, where the leading-mode truncation and the exact
 * form's whole M can be worked out: with one residual dimension, weights w_i = λ_i, scales √λ_i
 * and μ = 0, the share of the pair (i, k) is {@code (√(λ_iλ_k) λ_iλ_k / (λ_iλ_k))² = λ_iλ_k}, so
 * the ring of mode k is {@code λ_k(λ_k + 2Σ_{i<k} λ_i)}.
 */
class KroneckerCalibrationTest {
    /** λ = 1, 1e−3, 1e−6, 1e−9: rings 1, 2.001e−3, about 2.002e−6 and 2.002e−9, total about 1.002. */
    private static final double[] LAMBDA = {1, 1e-3, 1e-6, 1e-9};

    private static FoldSpectrum lowRank(double[] lambda) {
        double[] scale = new double[lambda.length];
        for (int i = 0; i < lambda.length; i++) {
            scale[i] = Math.sqrt(lambda[i]);
        }
        return new FoldSpectrum(new KernelSpectrum(100, 1, lambda.clone(), lambda.clone(), scale,
                Fixtures.basis(lambda.length), lambda[0], 0, false), Parallelism.sequential());
    }

    private static double modes(FoldSpectrum fold, double truncation) {
        return KroneckerCalibration.fit(fold, 0, truncation, 1e-10).diagnostics().get("modes");
    }

    /** The tolerances tighten as ρ grows past 1e−9, and not at all where the point is unstable anyway. */
    @Test
    void tolerancesTightenWithTheSensitivityOfStablePointsOnly() {
        assertEquals(1, KroneckerCalibration.tightening(0));
        assertEquals(1, KroneckerCalibration.tightening(1e-12));
        assertEquals(1, KroneckerCalibration.tightening(1e-9));
        assertEquals(0.1, KroneckerCalibration.tightening(1e-8), 1e-15);
        assertEquals(0.01, KroneckerCalibration.tightening(1e-7), 1e-16);
        assertEquals(1e-3, KroneckerCalibration.tightening(Stability.THRESHOLD), 1e-17);
        assertEquals(1, KroneckerCalibration.tightening(Math.nextUp(Stability.THRESHOLD)));
        assertEquals(1, KroneckerCalibration.tightening(Double.POSITIVE_INFINITY));
        assertEquals(1, KroneckerCalibration.tightening(Double.NaN));
    }

    @Test
    void theLeadingModesKeepAllButTruncationSquaredOfTheWhole() {
        FoldSpectrum fold = lowRank(LAMBDA);
        assertEquals(4, modes(fold, 1e-9), "every ring is above 1e−18 of the total");
        assertEquals(3, modes(fold, 1e-4), "1e−8 of the total allows the last ring only");
        // 1.5e−3 of the total (1.503e−3) is below the three last rings (2.003e−3); counting the
        // diagonal pairs twice would double the total and allow them
        assertEquals(2, modes(fold, Math.sqrt(1.5e-3)));
        assertEquals(1, modes(fold, Math.sqrt(2.5e-3)));
        assertEquals(1, modes(fold, 1), "at least one mode, even when the whole may be omitted");
    }

    @Test
    void aZeroDenominatorContributesNothing() {
        // μ = 0 with a zero eigenvalue (the low-rank spectrum clamps rounding-negative ones to 0)
        double[] lambda = {1, 0.5, 0};
        KernelSpectrum s = new KernelSpectrum(100, 1, lambda, new double[] {1, 1, 1}, new double[] {1, 0.7, 0},
                Fixtures.basis(3), 1, 0, true);
        KroneckerCalibration h = KroneckerCalibration.fit(new FoldSpectrum(s, Parallelism.sequential()), 0, 1e-9,
                1e-10);
        BilinearForm form = h.bilinearForm().orElseThrow();
        assertEquals(3, form.features(), "the exact form of a few modes keeps M whole");
        assertEquals(1.0, form.m(0, 0));
        assertEquals(4.0, form.m(1, 1));
        assertEquals(0.0, form.m(2, 2));
        assertEquals(0.0, form.m(0, 2));
        assertEquals(2.0, form.m(0, 1));
        assertTrue(Double.isFinite(h.value(new double[] {0.3}, new double[] {0.6})));
    }

    /** The exact form keeps M whole up to 512 modes, and beyond truncates and compresses as the fast form does. */
    @Test
    void theExactFormKeepsMWholeUpTo512Modes() {
        for (int r : new int[] {KroneckerCalibration.WHOLE, KroneckerCalibration.WHOLE + 1}) {
            double[] lambda = new double[r];
            double[] weights = new double[r];
            for (int i = 0; i < r; i++) {
                lambda[i] = Math.pow(0.5, i);
                weights[i] = lambda[i];
            }
            KernelSpectrum s = new KernelSpectrum(1000, 1, lambda, weights, lambda.clone(), Fixtures.basis(r), 1, 0,
                    true);
            KroneckerCalibration h = KroneckerCalibration.fit(new FoldSpectrum(s, Parallelism.sequential()), 1e-3,
                    1e-9, 1e-10);
            if (r <= KroneckerCalibration.WHOLE) {
                assertEquals(r, h.bilinearForm().orElseThrow().features());
                assertFalse(h.diagnostics().containsKey("modes"));
            } else {
                assertTrue(h.diagnostics().get("modes") < r, "truncated: " + h.diagnostics());
                assertTrue(h.bilinearForm().orElseThrow().features() < h.diagnostics().get("modes"),
                        "compressed: " + h.diagnostics());
            }
            assertEquals(r, h.diagnostics().get("rank"));
        }
    }
}
