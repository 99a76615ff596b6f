package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.estimators.kkr.kernel.RbfKernel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The exact spectrum at its edges: every eigenvalue positive, and none. */
class ExactFactorisationTest {

    @Test
    void farApartPointsKeepEveryMode() {
        // k = exp(−100·d²) between points 1 apart: K is the identity to 4e−44
        Points x = Points.of(3, 1, new double[] {0, 1, 2});
        Points r = Points.of(3, 1, new double[] {0.5, -0.25, 0.125});
        KernelSpectrum s = ExactFactorisation.of(TrainingKernel.of(new RbfKernel(), 100, x), r, Parallelism.sequential());
        assertEquals(3, s.rank());
        assertArrayEquals(new double[] {1, 1, 1}, s.values(), 1e-15);
        assertEquals(3, s.basis().rawSize());
        assertEquals(0.0, s.truncation());
        // w = QᵀR: its squares sum to |R|²
        double sum = 0;
        for (double w : s.weights()) {
            sum += w * w;
        }
        assertEquals(0.25 + 0.0625 + 0.015625, sum, 1e-15);
    }

    /**
     * The linear kernel x·y on the points 1 and 0: K = diag(1, 0). The zero mode is kept, and
     * each scale is √(λ_i + n·ε·λ_max), what a computed eigenpair's feature can reach.
     */
    @Test
    void aZeroEigenvalueIsKeptWithTheEigensolversResidualAsScale() {
        Points x = Points.of(2, 1, new double[] {1, 0});
        KernelSpectrum s = ExactFactorisation.of(TrainingKernel.of(kernel(1), 1, x), x, Parallelism.sequential());
        assertArrayEquals(new double[] {1, 0}, s.values());
        double floor = 2 * Math.ulp(1.0);
        assertArrayEquals(new double[] {Math.sqrt(1 + floor), Math.sqrt(floor)}, s.scale());
        assertEquals(2, s.basis().map().length);
    }

    @Test
    void aKernelMatrixWithoutPositiveEigenvalueIsAnError() {
        Points x = Points.of(2, 1, new double[] {0, 1});
        EstimationException e = assertThrows(EstimationException.class, () -> ExactFactorisation.of(
                TrainingKernel.of(kernel(0), 1, x), x, Parallelism.sequential()));
        assertEquals("the kernel matrix of the 2 training points has no positive eigenvalue", e.getMessage());
    }

    /** {@code k(x, y) = scale·x·y}: positive semi-definite, of rank at most one. */
    private static PositiveDefiniteKernel kernel(double scale) {
        return new PositiveDefiniteKernel() {
            @Override
            public String name() {
                return "linear";
            }

            @Override
            public String description() {
                return "scale x y";
            }

            @Override
            public String parameterName() {
                return "gamma";
            }

            @Override
            public double value(double[] x, double[] y, double parameter) {
                return scale * x[0] * y[0];
            }
        };
    }
}
