package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.spectrum.ExactFactorisation;
import io.calibrisk.estimators.kkr.spectrum.FeatureBasis;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection.Corrected;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Points beyond the pivots' reach: 300 training points in a corner of the square, [0, 0.3]², an
 * rbf kernel with γ = 30 (rank 115 at the default tolerance), and held-out points inside the
 * corner and far from it. The fast mode's Nyström extension represents the far points badly;
 * with the held-out correction its h agrees with the exact eigendecomposition of all modes
 * there, without it it does not.
 */
class HeldOutCorrectionTest {
    private static final int N = 300;
    private static final double GAMMA = 30;
    private static final Parallelism POOL = Parallelism.sequential();
    /** Two points inside the training corner, then two beyond it. */
    private static final double[][] HELD_OUT = {{0.1, 0.2}, {0.25, 0.05}, {0.9, 0.8}, {0.5, 0.45}};

    private static TrainingKernel kernel() {
        SplittableRandom random = new SplittableRandom(7);
        double[] x = new double[2 * N];
        for (int i = 0; i < x.length; i++) {
            x[i] = 0.3 * random.nextDouble();
        }
        return TrainingKernel.of(new RbfKernel(), GAMMA, Points.of(N, 2, x));
    }

    private static Points residuals() {
        SplittableRandom random = new SplittableRandom(8);
        double[] r = new double[2 * N];
        for (int i = 0; i < r.length; i++) {
            r[i] = random.nextDouble() - 0.5;
        }
        return Points.of(N, 2, r);
    }

    private static FoldSpectrum fast() {
        return new FoldSpectrum(LowRankFactorisation.of(kernel(), residuals(), 1e-15, 1000, POOL), POOL);
    }

    /** The fast spectrum with its basis's correction hidden: the Nyström extension alone. */
    private static FoldSpectrum uncorrected() {
        KernelSpectrum s = fast().spectrum();
        FeatureBasis basis = s.basis();
        FeatureBasis plain = new FeatureBasis() {
            @Override
            public int rawSize() {
                return basis.rawSize();
            }

            @Override
            public double[] raw(double[][] points) {
                return basis.raw(points);
            }

            @Override
            public double[][] map() {
                return basis.map();
            }
        };
        return new FoldSpectrum(new KernelSpectrum(s.size(), s.dimension(), s.values(), s.weights(), s.scale(), plain,
                s.lambdaMax(), s.truncation(), false), POOL);
    }

    private static FoldSpectrum exact() {
        return new FoldSpectrum(ExactFactorisation.of(kernel(), residuals(), POOL), POOL);
    }

    /** The largest difference of h(z, z') over the held-out pairs between two fits, relative to the largest |h|. */
    private static double difference(CalibrationFunction f, CalibrationFunction e) {
        double worst = 0;
        double scale = 0;
        for (double[] z : HELD_OUT) {
            for (double[] zPrime : HELD_OUT) {
                worst = Math.max(worst, Math.abs(f.value(z, zPrime) - e.value(z, zPrime)));
                scale = Math.max(scale, Math.abs(e.value(z, zPrime)));
            }
        }
        return worst / scale;
    }

    @Test
    void theFactorIsSmallAndOfHighRankSoItIsCorrected() {
        FoldSpectrum fold = fast();
        assertTrue(fold.corrects(), "rank " + fold.spectrum().rank() + " of " + N);
        assertTrue(16 * fold.spectrum().rank() >= N);
        for (double s : fold.spectrum().scale()) {
            assertTrue(s == 1.0 || s == 0.0, "the scale of a corrected basis bounds every point's features: " + s);
        }
    }

    /** The correction picks the points by their Nyström residual: the far ones, not the training points. */
    @Test
    void onlyThePointsBeyondThePivotsAreCorrected() {
        FoldSpectrum fold = fast();
        double[][] x = kernel().rows();
        Corrected held = fold.correction(Points.ofRows(new double[][] {x[3], HELD_OUT[2], x[17], HELD_OUT[3]}));
        assertArrayEquals(new int[] {1, 3}, held.indices());
        assertEquals(2, held.base().length);
        assertEquals(fold.spectrum().rank(), held.base()[0].length);
        assertEquals(2, held.outside()[0].length);
        Corrected training = fold.correction(Points.ofRows(kernel().rows()));
        assertEquals(0, training.indices().length, "every training point is represented to the tolerance");
        assertEquals(HeldOutCorrection.Corrected.NONE, uncorrected().correction(Points.ofRows(HELD_OUT)));
    }

    /**
     * At stable regularisations the corrected fast mode agrees with the exact form to 10⁻⁸ of the
     * largest |h| over the held-out pairs, or to 4·10⁻¹⁴/μ where that is larger: at μ = 10⁻⁶ the
     * difference is rounding amplified by 1/μ (the order in which the pivoted Cholesky sums a
     * column's terms alone moves it between 1.0·10⁻⁸ and 1.7·10⁻⁸). The Nyström extension alone
     * is off by more than 10⁻⁵.
     */
    private static void assertCorrectionMatchesExact(BiFunction<FoldSpectrum, Double, CalibrationFunction> fit,
                                                     double[] mus, String what) {
        FoldSpectrum fast = fast();
        FoldSpectrum plain = uncorrected();
        FoldSpectrum exact = exact();
        double worstPlain = 0;
        for (double mu : mus) {
            CalibrationFunction e = fit.apply(exact, mu);
            assertTrue(e.instability().isEmpty(), what + ", μ = " + mu + " is stable");
            double corrected = difference(fit.apply(fast, mu), e);
            double bound = Math.max(1e-8, 4e-14 / mu);
            assertTrue(corrected < bound, what + ", μ = " + mu + ": corrected fast mode off exact by " + corrected
                    + ", more than " + bound);
            worstPlain = Math.max(worstPlain, difference(fit.apply(plain, mu), e));
        }
        assertTrue(worstPlain > 1e-5, what + ": without the correction the far points are off by only " + worstPlain
                + ", so this test would not see the correction missing");
    }

    @Test
    void kroneckerMatchesTheExactFormAtFarPoints() {
        assertCorrectionMatchesExact((fold, mu) -> KroneckerCalibration.fit(fold, mu, KroneckerKrr.FEATURE_TRUNCATION,
                KroneckerKrr.COMPRESSION), new double[] {1, 1e-2, 1e-4}, "kkr");
    }

    @Test
    void twoStepMatchesTheExactFormAtFarPoints() {
        assertCorrectionMatchesExact(TwoStepCalibration::fit, new double[] {1e-2, 1e-4, 1e-6}, "ukkr");
    }

    /** The bilinear form's features give the same h as the function, corrected points included. */
    @Test
    void theBilinearFormAgreesWithTheFunction() {
        FoldSpectrum fold = fast();
        for (CalibrationFunction h : new CalibrationFunction[] {
                KroneckerCalibration.fit(fold, 1e-4, KroneckerKrr.FEATURE_TRUNCATION, KroneckerKrr.COMPRESSION),
                TwoStepCalibration.fit(fold, 1e-4)}) {
            BilinearForm form = h.bilinearForm().orElseThrow();
            double[] phi = form.features(Points.ofRows(HELD_OUT)).values();
            int q = form.features();
            for (int a = 0; a < HELD_OUT.length; a++) {
                for (int b = 0; b < HELD_OUT.length; b++) {
                    double[] fa = java.util.Arrays.copyOfRange(phi, a * q, (a + 1) * q);
                    double[] fb = java.util.Arrays.copyOfRange(phi, b * q, (b + 1) * q);
                    double value = h.value(HELD_OUT[a], HELD_OUT[b]);
                    assertEquals(value, form.apply(fa, fb), 1e-12 * Math.abs(value), "pair " + a + ", " + b);
                }
            }
        }
    }
}
