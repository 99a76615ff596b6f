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
 * few of the cases searched here (5 of 33 when this was written; the test needs one). Both
 * spectra must be exactly the eigensolver's values clamped at 0 (unclamped, a negative
 * eigenvalue makes the scale, and so every feature, NaN), with every mode kept; their scales
 * bound the base features at any point: √(λ + n·ε·λ_max) for the exact form (see
 * {@link KernelSpectrum}), and for the low-rank form 1 where
 * it holds the held-out correction (0 for a clamped mode) and √λ where it does not.
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
     * The exact form keeps every mode, clamped: which modes rounding makes negative must not
     * decide which modes count, and one kept unclamped would make the fit use a negative
     * eigenvalue.
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
                assertEquals(n, spectrum.rank(), what);
                assertEquals(negatives(raw) + zeros(raw), zeros(spectrum.values()), what + ": the clamped modes");
                for (int i = 0; i < spectrum.rank(); i++) {
                    assertEquals(Math.max(0.0, raw[i]), spectrum.values()[i], what + ", eigenvalue " + i);
                    assertEquals(Math.sqrt(spectrum.values()[i] + n * Math.ulp(1.0) * spectrum.values()[0]),
                            spectrum.scale()[i], what + ", scale " + i);
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
                boolean held = spectrum.basis().correction().isPresent();
                assertEquals(16 * factor.rank() >= n, held, what + ": held-out correction");
                for (int i = 0; i < spectrum.rank(); i++) {
                    double value = Math.max(0.0, raw[i]);
                    assertEquals(value, spectrum.values()[i], what + ", eigenvalue " + i);
                    assertEquals(held ? (value > 0 ? 1.0 : 0.0) : Math.sqrt(value), spectrum.scale()[i],
                            what + ", scale " + i);
                }
                cases += negatives(raw) > 0 ? 1 : 0;
            }
        }
        assertTrue(cases > 0, "no factor's Gram matrix has a rounding-negative eigenvalue any more (the "
                + "factorisation changed?): search more sizes, so that the clamp is tested");
    }
}
