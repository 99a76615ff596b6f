package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection.Corrected;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The fitted two-step kernel ridge regression {@code h(z, z') = ⟨ĝ(z), ĝ(z')⟩} with
 * {@code ĝ(z) = Σ_i b_i(z) w_i / (λ_i + μ) ∈ R^m} over all modes of the fold's spectrum (in the
 * exact form {@code Rᵀ Q (Λ + μI)⁻¹ Qᵀ k(z)}, the kernel ridge regression of the residuals). A
 * plug-in estimator: φ = ĝ, M = I, q = m. A zero denominator contributes 0. At the points a
 * held-out correction reaches ({@link io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection}),
 * ĝ takes their exact base features and adds their sums outside the factor's span over μ, the
 * weight (λ + μ)⁻¹ of the modes there.
 */
final class TwoStepCalibration implements CalibrationFunction {
    private final FoldSpectrum fold;
    /** CᵀF, m × p: row c of Cᵀ holds w_ic / (λ_i + μ), applied to the raw features. */
    private final double[][] coefficients;
    /** Cᵀ, m × r row-major, for points whose base features are corrected. */
    private final double[] modeCoefficients;
    /** 1/μ, the weight of the sums outside the span; 0 without the held-out correction. */
    private final double outsideWeight;
    private final Optional<String> instability;
    private final Map<String, Double> diagnostics;

    private TwoStepCalibration(FoldSpectrum fold, double[][] coefficients, double[] modeCoefficients,
                               double outsideWeight, Optional<String> instability, Map<String, Double> diagnostics) {
        this.fold = fold;
        this.coefficients = coefficients;
        this.modeCoefficients = modeCoefficients;
        this.outsideWeight = outsideWeight;
        this.instability = instability;
        this.diagnostics = diagnostics;
    }

    /**
     * @param fold the fold's spectrum
     * @param mu   the effective regularisation c·n^0.75, at least 0
     * @return the fitted function
     */
    static TwoStepCalibration fit(FoldSpectrum fold, double mu) {
        KernelSpectrum s = fold.spectrum();
        int r = s.rank();
        int m = s.dimension();
        double[] w = s.weights();
        // stored transposed, m × r, so that ĝᵀ = Cᵀ B runs along the points
        double[] g = new double[m * r];
        for (int i = 0; i < r; i++) {
            double denominator = s.values()[i] + mu;
            double inverse = denominator > 0 ? 1.0 / denominator : 0.0;
            for (int c = 0; c < m; c++) {
                g[c * r + i] = w[i * m + c] * inverse;
            }
        }
        double sensitivity = Stability.twoStep(s.lambdaMax(), mu);
        Map<String, Double> diagnostics = new TreeMap<>();
        diagnostics.put("rank", (double) r);
        diagnostics.put("sensitivity", sensitivity);
        // the modes outside the factor's span have eigenvalues below its residual trace: (K + μI)⁻¹
        // weighs them by 1/μ
        double outsideWeight = fold.corrects() && mu > 0 && Double.isFinite(1 / mu) ? 1 / mu : 0.0;
        return new TwoStepCalibration(fold, fold.combine(g, m, r), g, outsideWeight,
                Stability.check(sensitivity, mu, s.lambdaMax()), Map.copyOf(diagnostics));
    }

    /** ĝ of n points, n × m row-major, with the held-out correction's points replaced. */
    private double[] regression(double[] raw, int n, Corrected fix) {
        double[] g = fold.apply(coefficients, raw, n);
        if (outsideWeight == 0) {
            return g;
        }
        int m = coefficients.length;
        for (int k = 0; k < fix.indices().length; k++) {
            int at = fix.indices()[k] * m;
            double[] inside = fix.project(k, modeCoefficients, m, modeCoefficients.length / m);
            for (int c = 0; c < m; c++) {
                g[at + c] = inside[c] + outsideWeight * fix.outside()[k][c];
            }
        }
        return g;
    }

    private double[] regression(Points points) {
        return regression(fold.raw(points), points.size(),
                outsideWeight == 0 ? Corrected.NONE : fold.correction(points));
    }

    private double[] regression(double[] z) {
        return regression(fold.raw(z), 1, outsideWeight == 0 ? Corrected.NONE : fold.correction(z));
    }

    @Override
    public int dimension() {
        return fold.spectrum().dimension();
    }

    @Override
    public double value(double[] z, double[] zPrime) {
        double[] g = regression(z);
        double[] gPrime = regression(zPrime);
        double s = 0;
        for (int c = 0; c < g.length; c++) {
            s += g[c] * gPrime[c];
        }
        return s;
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        int m = fold.spectrum().dimension();
        return Optional.of(BilinearForm.identity(m,
                points -> FeatureMatrix.of(points.size(), m, regression(points))));
    }

    /** The regression itself: {@code E[t | z] ≈ z − ĝ(z)}, since ĝ estimates {@code E[z − t | z]}. */
    @Override
    public Optional<Points> calibrationCurve(Points points) {
        int n = points.size();
        double[] g = regression(points);
        double[] z = points.toArray();
        for (int i = 0; i < z.length; i++) {
            z[i] -= g[i];
        }
        return Optional.of(Points.of(n, points.dimension(), z));
    }

    @Override
    public Optional<String> instability() {
        return instability;
    }

    @Override
    public Map<String, Double> diagnostics() {
        return diagnostics;
    }
}
