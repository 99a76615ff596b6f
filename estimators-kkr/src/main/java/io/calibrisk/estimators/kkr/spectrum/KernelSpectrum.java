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
 * avoids dividing by small eigenvalues. {@code scale_i} is the factor such that on the
 * training points the mode's share of {@code h} is {@code scale_i scale_j (w_i·w_j) /
 * (λ_iλ_j + μ)}: λ_i for the exact form and √λ_i for the low-rank form.
 *
 * @param size       the number of training points n
 * @param dimension  m
 * @param values     λ, r values, decreasing, non-negative
 * @param weights    w, r × m row-major
 * @param scale      the training scale per mode, r values
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
