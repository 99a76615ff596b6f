package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

/**
 * {@code kkr}: Kronecker kernel ridge regression, the estimator {@code h_kkr} of Gruber and
 * Bach, "Optimizing Estimators of Squared Calibration Errors in Classification" (TMLR 2025).
 *
 * <p>Formula: with the training kernel matrix {@code K = QΛQᵀ} (negative eigenvalues clamped
 * to 0), residuals R and {@code k(z) = [k(x_j, z)]_j},
 * <pre>  h(z, z') = k(z)ᵀ Q (Λ̃ ⊙ QᵀRRᵀQ) Qᵀ k(z'),   Λ̃_ij = 1 / (λ_iλ_j + c·n^1.5),</pre>
 * the closed form of the ridge regression of the pairwise targets ⟨r_i, r_j⟩ on the
 * Kronecker kernel k ⊗ k. Bilinear form: φ(z) = Qᵀk(z), M = Λ̃ ⊙ (QᵀR)(QᵀR)ᵀ, restricted to the
 * leading modes that carry all but 10⁻⁹ of h and then compressed to a low-rank form (10⁻¹⁰),
 * both measured in a metric that bounds every point's features (the training points' when a
 * large low-rank factor is not held), which leaves tens of features instead of hundreds or
 * thousands (see {@link KroneckerCalibration}), in both modes. A low-rank factor of high rank on
 * few points also corrects the points its pivots do not reach
 * ({@link io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection}): 2m more features.
 *
 * <p>Grid of c (hyperparameter {@code lambda}, effective value c·n^1.5): top-label and
 * class-wise (scalar components, each class fitted separately) 10^{−1, −3, …, −17}; canonical
 * 10^{8, 7, …, −9}. Grid points where rounding decides the result are reported as unstable
 * (see {@link Stability}: ρ = 2u·λ_max²/(c·n^1.5) > 10⁻⁶) and never selected.
 *
 * <p>Cost per training fold: fast mode (default) O(n r² + r³) to factor (r the rank) and
 * n'·r kernel values per evaluated point set; exact mode O(n³) and n'·n. Per grid point O(q² k)
 * for the low-rank form of k terms of M over q modes, O(k·q·p) to combine it with the feature
 * map (p = r, or n in exact mode) and O(n'·k·p) for the features, then the pipeline's
 * O(n'k² + k³) risk; with the held-out correction, O(n'r²) per point set and n·(d + r + m) per
 * corrected point.
 */
public final class KroneckerKrr extends KernelRidgeProvider {
    /** The relative size of the part of h the feature truncation may omit. */
    static final double FEATURE_TRUNCATION = 1e-9;
    /** The relative size of the part of h the low-rank form of M may omit. */
    static final double COMPRESSION = 1e-10;

    @Override
    public String name() {
        return "kkr";
    }

    @Override
    public String description() {
        return "Kronecker kernel ridge regression h_kkr, lambda = c n^1.5 (Gruber & Bach 2025)";
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        Axis axis = notion == Notion.CANONICAL
                ? Axis.log10(LAMBDA, 8, -9, 18)
                : Axis.log10(LAMBDA, -1, -17, 9);
        return SearchSpace.of(axis.scaledByPowerOfN(1.5).withDomain(ValueType.positive()));
    }

    @Override
    CalibrationFunction fit(FoldSpectrum fold, double mu) {
        return KroneckerCalibration.fit(fold, mu, FEATURE_TRUNCATION, COMPRESSION);
    }

    /**
     * M over the fit's q modes (q × q, q at most the rank) and, where the compression of the form
     * does not compress (a flat spectrum at a rank cap below n, where k reaches q), the range
     * finder's Y kept both ways, TY, X, and the kept basis with its product, each up to q × q:
     * 7q² (docs/performance.md, "kkr's fits ahead, held softly").
     */
    @Override
    long fitDoubles(long rank, int dimension) {
        return 7 * rank * rank;
    }

    @Override
    double fitSeconds(Mode mode, long rank) {
        return CostModel.kroneckerFitSeconds(mode, rank);
    }

    /** A fit is a compression, O(q²k), holding k·p doubles: worth doing ahead, in parallel. */
    @Override
    boolean fitsAhead(FoldSpectrum fold) {
        return true;
    }
}
