package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both factorisations clamp the eigenvalues that rounding made negative. An rbf Gram matrix of
 * a few hundred scalar points has numerical rank about 20 and about half its computed
 * eigenvalues negative, of order −1e−14. The pivoted Cholesky run to tolerance 0 adds columns of
 * rounding noise, and the computed eigenvalues of their Gram matrix LᵀL come out negative in a
 * few of the cases searched here (5 of 33 when this was written; the test needs one). The
 * low-rank spectrum must be exactly the eigensolver's values clamped at 0, with its scale their
 * square roots (unclamped, a negative eigenvalue there makes the scale, and so every feature,
 * NaN); the exact spectrum must be the eigensolver's positive values, the clamped modes left out.
 */
class ClampedSpectrumTest {
    private static final int[] SIZES = {100, 150, 200, 250};
    private static final double[] GAMMAS = {3, 10, 30};
    /** The low-rank cases: sizes 300, 320, …, 500 with each γ. */
    private static final int FIRST_LOW_RANK_SIZE = 300;
    private static final int LAST_LOW_RANK_SIZE = 500;

    private static TrainingKernel kernel(int n, double gamma) {
        SplittableRandom random = new SplittableRandom(n);
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = random.nextDouble();
        }
        return TrainingKernel.of(new RbfKernel(), gamma, Points.of(n, 1, z));
    }

    private static Points residuals(int n) {
        SplittableRandom random = new SplittableRandom(-n);
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = random.nextDouble() - (random.nextBoolean() ? 1 : 0);
        }
        return Points.of(n, 1, r);
    }

    private static int negatives(double[] values) {
        int count = 0;
        for (double v : values) {
            count += v < 0 ? 1 : 0;
        }
        return count;
    }

    private static int zeros(double[] values) {
        int count = 0;
        for (double v : values) {
            count += v == 0 ? 1 : 0;
        }
        return count;
    }

    /**
     * The exact form keeps the modes of positive eigenvalues only: a clamped mode has scale 0 and
     * carries nothing, and one kept unclamped would make the fit use a negative eigenvalue.
     */
    @Test
    void theExactSpectrumIsTheEigensolversClampedAtZero() {
        int cases = 0;
        for (int n : SIZES) {
            for (double gamma : GAMMAS) {
                TrainingKernel kernel = kernel(n, gamma);
                double[][] x = kernel.rows();
                double[] k = new double[n * n];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        k[i * n + j] = kernel.value(x[Math.min(i, j)], x[Math.max(i, j)]);
                    }
                }
                double[] raw = SymmetricEigen.of(k, n, Parallelism.sequential()).values();
                KernelSpectrum spectrum = ExactFactorisation.of(kernel, residuals(n), Parallelism.sequential());
                String what = "exact, n = " + n + ", γ = " + gamma;
                // the modes of positive eigenvalues are kept; the clamped ones, of scale 0, are left out
                assertEquals(n - negatives(raw) - zeros(raw), spectrum.rank(), what);
                for (int i = 0; i < spectrum.rank(); i++) {
                    assertEquals(raw[i], spectrum.values()[i], what + ", eigenvalue " + i);
                    assertTrue(spectrum.values()[i] > 0, what + ", eigenvalue " + i + " = " + spectrum.values()[i]);
                    assertEquals(spectrum.values()[i], spectrum.scale()[i], what + ", scale " + i);
                }
                cases += negatives(raw) > 0 ? 1 : 0;
            }
        }
        assertEquals(SIZES.length * GAMMAS.length, cases, "every Gram matrix has rounding-negative eigenvalues");
    }

    @Test
    void theLowRankSpectrumIsTheGramsEigenvaluesClampedAtZero() {
        int cases = 0;
        for (int n = FIRST_LOW_RANK_SIZE; n <= LAST_LOW_RANK_SIZE; n += 20) {
            for (double gamma : GAMMAS) {
                TrainingKernel kernel = kernel(n, gamma);
                double[][] x = kernel.rows();
                double[] diagonal = new double[n];
                for (int j = 0; j < n; j++) {
                    diagonal[j] = kernel.value(x[j], x[j]);
                }
                // the factor LowRankFactorisation computes, from the same diagonal and columns
                PivotedCholesky.Factor factor = PivotedCholesky.of(diagonal, (pivot, from, to, out, offset) -> {
                    for (int j = from; j < to; j++) {
                        out[offset + j] = kernel.value(x[j], x[pivot]);
                    }
                }, 0.0, n, Parallelism.sequential());
                double[] raw = SymmetricEigen.of(factor.gram(), factor.rank(), Parallelism.sequential()).values();
                KernelSpectrum spectrum = LowRankFactorisation.of(kernel, residuals(n), 0.0, n, Parallelism.sequential());
                String what = "low rank, n = " + n + ", γ = " + gamma;
                assertEquals(factor.rank(), spectrum.rank(), what);
                for (int i = 0; i < spectrum.rank(); i++) {
                    assertEquals(Math.max(0.0, raw[i]), spectrum.values()[i], what + ", eigenvalue " + i);
                    assertEquals(Math.sqrt(spectrum.values()[i]), spectrum.scale()[i], what + ", scale " + i);
                }
                cases += negatives(raw) > 0 ? 1 : 0;
            }
        }
        assertTrue(cases > 0, "no factor's Gram matrix has a rounding-negative eigenvalue any more (the "
                + "factorisation changed?): search more sizes, so that the clamp is tested");
    }
}
