package io.calibrisk.estimators.kkr;

import java.util.Locale;
import java.util.Optional;

/**
 * When rounding decides a regularised kernel ridge regression.
 *
 * <p>An eigensolver or Cholesky factorisation in double precision returns the exact spectrum of
 * a matrix K + E with ‖E‖₂ of the order of {@code u·λ_max} (u = 2⁻⁵³, the unit roundoff). For
 * the Kronecker estimator, whose coefficients solve {@code (K⊗K + μI) vec(C) = vec(RRᵀ)}, first
 * order perturbation gives {@code ‖δC‖/‖C‖ ≤ ‖E⊗K + K⊗E‖/μ ≤ 2u·λ_max²/μ} per resolved mode;
 * the r_s modes with eigenvalues above 10⁻¹⁴·λ_max each carry such an error, independently, so
 * they add up like √r_s. For the two-step estimator {@code (K + μI)⁻¹} moves by at most
 * {@code 2u·λ_max/μ} relative. A grid point is <em>unstable</em> when this sensitivity ρ
 * exceeds {@value #THRESHOLD}:
 * <pre>  kkr:  ρ = 2u·√r_s·λ_max² / (c·n^1.5) > 1e−6      ukkr:  ρ = 2u·λ_max / (c·n^0.75) > 1e−6</pre>
 * Calibrated on cifar10-vgg16 (n = 6400 per training fold) against NumPy's eigh: top-label
 * (r_s ≈ 8) is stable down to c = 1e−7 and canonical (r_s ≈ 680) down to c = 1e−7; at
 * canonical c = 1e−8 and 1e−9 dropping the eigenvalues below 10⁻¹⁶·λ_max, which rounding
 * decides, moves the risk by 2e−6 and 2e−5 (and the fast mode's results move as much). The
 * two-step estimator is far less sensitive: top-label, its fast-mode risks agree with NumPy's
 * to 5e−8 even at c = 1e−9, which its criterion (c·n^0.75 below 2·10⁶·u·λ_max) flags
 * because the CE² estimate there moves by 1e−6.
 *
 * <p>This models rounding only. What the fast mode's rank cap leaves out of K is checked
 * against the fit at half the rank instead ({@link RankChecked}).
 */
final class Stability {
    /** The relative precision a stable grid point guarantees. */
    static final double THRESHOLD = 1e-6;
    /** The unit roundoff of double precision, 2⁻⁵³. */
    static final double UNIT_ROUNDOFF = 0x1p-53;
    /** Eigenvalues above this fraction of λ_max count as resolved modes for the Kronecker estimator. */
    static final double SIGNIFICANT = 1e-14;

    private Stability() {
    }

    /**
     * @param lambdaMax the largest eigenvalue of K
     * @param mu               the effective regularisation c·n^1.5
     * @param significantModes r_s, see {@link #significantModes}
     * @return ρ for the Kronecker estimator
     */
    static double kronecker(double lambdaMax, double mu, int significantModes) {
        return 2 * UNIT_ROUNDOFF * Math.sqrt(significantModes) * lambdaMax * lambdaMax / mu;
    }

    /**
     * @param values the eigenvalues, decreasing
     * @return the number r_s of them above {@value #SIGNIFICANT}·λ_max, at least 1
     */
    static int significantModes(double[] values) {
        double floor = SIGNIFICANT * values[0];
        int count = 0;
        while (count < values.length && values[count] > floor) {
            count++;
        }
        return Math.max(1, count);
    }

    /**
     * @param lambdaMax the largest eigenvalue of K
     * @param mu        the effective regularisation c·n^0.75
     * @return ρ for the two-step estimator
     */
    static double twoStep(double lambdaMax, double mu) {
        return 2 * UNIT_ROUNDOFF * lambdaMax / mu;
    }

    /**
     * @param sensitivity ρ
     * @param mu          the effective regularisation
     * @param lambdaMax   the largest eigenvalue of K
     * @return the reason when ρ exceeds the threshold
     */
    static Optional<String> check(double sensitivity, double mu, double lambdaMax) {
        if (sensitivity <= THRESHOLD) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "regularisation %.3g is too small against the spectrum (largest eigenvalue %.4g): rounding "
                        + "can move the result by a relative %.2g > %.0e", mu, lambdaMax, sensitivity, THRESHOLD));
    }
}
