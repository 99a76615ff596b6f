package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.ValueType;

/**
 * {@code ukkr}: two-step (U-statistic) kernel ridge regression of Gruber and Bach, "Optimizing
 * Estimators of Squared Calibration Errors in Classification" (TMLR 2025).
 *
 * <p>Formula: ridge-regress the residuals on the kernel, then plug in,
 * <pre>  ĝ(z) = Rᵀ Q (Λ + c·n^0.75 I)⁻¹ Qᵀ k(z) ∈ R^m,   h(z, z') = ⟨ĝ(z), ĝ(z')⟩,</pre>
 * with {@code K = QΛQᵀ} (negative eigenvalues clamped to 0). Bilinear form: φ = ĝ, M = I
 * (q = m). With c = 0 and K invertible it coincides with {@code kkr}.
 *
 * <p>Grid of c (hyperparameter {@code lambda}, effective value c·n^0.75): top-label and
 * class-wise (scalar components, each class fitted separately) 10^{−1, −2, …, −9}; canonical
 * 10^{4, 3.5, …, −4.5}. Grid points with ρ = 2u·λ_max/(c·n^0.75) > 10⁻⁶ are reported as
 * unstable (see {@link Stability}) and never selected.
 *
 * <p>Cost per training fold: fast mode (default) O(n r² + r³) to factor and O(n'·r²) per
 * evaluated point set; exact mode O(n³) and O(n'·n²). Per grid point O(n'·r·m).
 */
public final class TwoStepKrr extends KernelRidgeProvider {

    @Override
    public String name() {
        return "ukkr";
    }

    @Override
    public String description() {
        return "two-step kernel ridge regression (plug-in), lambda = c n^0.75 (Gruber & Bach 2025)";
    }

    @Override
    public SearchSpace defaultSearchSpace(Notion notion) {
        Axis axis = notion == Notion.CANONICAL
                ? Axis.log10(LAMBDA, 4, -4.5, 18)
                : Axis.log10(LAMBDA, -1, -9, 9);
        return SearchSpace.of(axis.scaledByPowerOfN(0.75).withDomain(ValueType.positive()));
    }

    @Override
    CalibrationFunction fit(FoldSpectrum fold, double mu) {
        return TwoStepCalibration.fit(fold, mu);
    }

    /** ĝ, m × r, and its combination with the fold's features, as many again. */
    @Override
    long fitDoubles(long rank, int dimension) {
        return 2 * dimension * rank;
    }
}
