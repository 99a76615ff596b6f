package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.InvalidSettingException;

/**
 * The spectral data of kernel ridge regression on one training fold, in a form shared by the
 * exact and the low-rank factorisation. With K ≈ Q Λ Qᵀ (r eigenpairs kept, Λ clamped at 0),
 * residuals R (n × m) and a point z, the estimators need only
 * <ul>
 *   <li>the base features {@code b(z)} (r values),</li>
 *   <li>the weights {@code w_i ∈ R^m} (row i of an r × m matrix) and</li>
 *   <li>the eigenvalues λ_i,</li>
 * </ul>
 * such that {@code (Qᵀk(z))_i (QᵀR)_i = b_i(z) w_i} for every mode i. The exact factorisation
 * has b = Qᵀk(z) and w = QᵀR; the low-rank one scales both by √λ_i the other way, which
 * avoids dividing by small eigenvalues. {@code scale_i} bounds the mode's base feature at any
 * point: {@code |b_i(z)| ≤ scale_i √k(z, z)}, indeed {@code Σ_i (b_i(z)/scale_i)² ≤ k(z, z)}
 * (Cauchy–Schwarz in the kernel's Hilbert space: {@code |q_iᵀk(z)| ≤ √(q_iᵀKq_i) √k(z, z)}).
 * It is {@code √(λ_i + n·ε·λ_max)} for the exact form (a computed eigenpair has
 * {@code q_iᵀKq_i ≤ λ_i + n·ε·λ_max}, the eigensolver's residual: for the modes at rounding level
 * √λ_i alone would not bound their features) and 1 for the low-rank form, whose base features
 * have {@code ‖b(z)‖² = k̃(z, z) ≤ k(z, z)}. Truncations and compressions measured in this metric
 * bound the error of h at every point, held out or not; on the training points the factor is
 * far smaller (λ_i and √λ_i), which is why a metric of the training points let the small modes
 * go that held-out points weigh by up to 1/√λ_i more.
 *
 * @param size       the number of training points n
 * @param dimension  m
 * @param values     λ, r values, decreasing, non-negative
 * @param weights    w, r × m row-major
 * @param scale      the bound on each mode's base feature, r values
 * @param basis      the base features, r rows of F
 * @param lambdaMax  the largest eigenvalue of K
 * @param truncation an upper bound on ‖K − QΛQᵀ‖₂ from the truncation (0 for the exact form)
 * @param exact      whether this is the full eigendecomposition
 */
public record KernelSpectrum(int size, int dimension, double[] values, double[] weights, double[] scale,
                             FeatureBasis basis, double lambdaMax, double truncation, boolean exact) {

    /**
     * @throws InvalidSettingException if the shapes disagree
     */
    public KernelSpectrum {
        int r = values.length;
        if (weights.length != (long) r * dimension || scale.length != r || r < 1 || basis.map().length != r) {
            throw InvalidSettingException.of("kernel spectrum", r, "shapes disagree");
        }
    }

    /** @return the number of modes r */
    public int rank() {
        return values.length;
    }
}
