package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.spectrum.FeatureBasis;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The two-step fit on a spectrum made by hand: {@code ĝ(z) = Σ_i b_i(z) w_i / (λ_i + μ)} with
 * {@code b = Fκ(z)}, a mode of zero eigenvalue at μ = 0 contributing nothing.
 */
class TwoStepCalibrationTest {

    @Test
    void theRegressionByHandWithAZeroDenominator() {
        double[] lambda = {1, 0.5, 0};
        double[] w = {1, 3, 5};
        FeatureBasis basis = Fixtures.basis(3);
        KernelSpectrum s = new KernelSpectrum(100, 1, lambda, w, new double[] {1, 0.7, 0}, basis, 1, 0, false);
        TwoStepCalibration h = TwoStepCalibration.fit(new FoldSpectrum(s, Parallelism.sequential()), 0);
        double[] z = {0.25};
        double[] zPrime = {0.75};
        assertEquals(g(basis, z) * g(basis, zPrime), h.value(z, zPrime), 1e-12);
        assertArrayEquals(new double[] {0.25 - g(basis, z), 0.75 - g(basis, zPrime)},
                h.calibrationCurve(Points.of(2, 1, new double[] {0.25, 0.75})).orElseThrow().toArray(), 1e-12);
        assertEquals(3, h.diagnostics().get("rank"));
    }

    /** ĝ(z) = b_0(z)·1/1 + b_1(z)·3/0.5, the third mode left out. */
    private static double g(FeatureBasis basis, double[] z) {
        double[][] f = basis.map();
        double[] b = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int a = 0; a < 3; a++) {
                b[i] += f[i][a] * (z[0] + a);
            }
        }
        return b[0] + 6 * b[1];
    }
}
