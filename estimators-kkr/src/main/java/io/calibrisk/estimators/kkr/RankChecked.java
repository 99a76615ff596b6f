package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.CoarserApproximation;

import java.util.Map;
import java.util.Optional;

/**
 * A kernel ridge fit on a fold whose pivoted Cholesky stopped at the rank cap, with the same fit
 * on the factor's leading half as its {@link #coarserApproximation()}: the pipeline marks the
 * grid point unstable when the two risks differ by more than
 * {@value CalibrationFunction#APPROXIMATION_THRESHOLD} relative.
 *
 * <p>Why: {@link Stability} models rounding only. When the cap stops the factorisation, the
 * residual {@code K − LLᵀ} (of trace τ) is dropped, which moves the fit by up to about
 * {@code 2τλ_max/μ} relative; that a priori bound flags nearly every grid point on data whose
 * spectrum has a flat bulk (100 classes, 3200-point folds: τ = 0.12 at rank 3000, and every
 * c ≤ 1000 flagged), while the risk at rank 3000 was within 1e−6 of exact mode at c ≥ 1e−4.
 * The pivoted Cholesky's factors are nested, so the leading half of L is the factor the cap r/2
 * would have given. There, the risks' relative difference between ranks 1500 and 3000 bounded
 * rank 3000's difference from exact mode at every grid point where either exceeded 1e−9, by a
 * factor 2 to 10; the grid points it flags are those where the truncation, not the data, may
 * decide the risk.
 *
 * <p>The difference is extrapolated to the fit's own error by the residual traces τ (of the
 * fit) and τ' (of the coarser fit): the fit omits a positive semi-definite part of K of trace τ
 * and adds τ' − τ over the coarser one, so, to first order in the omitted part, its error is
 * about {@code τ/(τ' − τ)} times the difference. That factor, at least 1, is the
 * {@link CoarserApproximation#extrapolation()}. It matters where the spectrum's bulk is flat and
 * n far above the cap: at n = 32 000 and rank 3000 with the bulk above, τ/(τ' − τ) ≈ 19; on the
 * 3200-point folds, and on 600-point folds of 20 to 100 classes with caps 60 to 300 (the
 * estimator tests), it is 0.03 to 1.4. On those 600-point folds the check let 207 of the 408
 * grid points stable against rounding through, the furthest 1.7e−7 from exact mode, and
 * flagged 201, of which 36 were within 1e−6 of it.
 *
 * <p>The coarser fit never has the {@link io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection}
 * (see {@link io.calibrisk.estimators.kkr.spectrum.LowRankFactorisation#withCheck}).
 *
 * <p>Cost: the coarser spectrum's eigendecomposition and feature map, about an eighth of the
 * full one's, and per grid point a second fit and risk at half the features.
 */
final class RankChecked implements CalibrationFunction {
    /** The largest extrapolation: beyond, no difference short of 0 passes the check anyway. */
    static final double MAX_EXTRAPOLATION = 1e12;
    private final CalibrationFunction fit;
    private final CoarserApproximation coarser;

    /**
     * @param fit           the fit on the fold's spectrum
     * @param coarser       the same fit on its spectrum at half the rank
     * @param extrapolation see {@link #extrapolation}
     */
    RankChecked(CalibrationFunction fit, CalibrationFunction coarser, double extrapolation) {
        this.fit = fit;
        this.coarser = new CoarserApproximation(coarser, extrapolation);
    }

    /**
     * @param residual        τ, the residual trace of the fit's factorisation
     * @param coarserResidual τ', the coarser factorisation's, at least τ
     * @return {@code τ/(τ' − τ)}, at least 1 and at most {@value #MAX_EXTRAPOLATION}
     */
    static double extrapolation(double residual, double coarserResidual) {
        double ratio = residual / (coarserResidual - residual);
        // τ' = τ (nothing added, or NaN from 0/0) leaves no evidence: the largest factor
        return ratio >= 0 && ratio <= MAX_EXTRAPOLATION ? Math.max(1, ratio) : MAX_EXTRAPOLATION;
    }

    @Override
    public int dimension() {
        return fit.dimension();
    }

    @Override
    public double value(double[] z, double[] zPrime) {
        return fit.value(z, zPrime);
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        return fit.bilinearForm();
    }

    @Override
    public Optional<Points> calibrationCurve(Points points) {
        return fit.calibrationCurve(points);
    }

    @Override
    public Optional<String> instability() {
        return fit.instability();
    }

    @Override
    public Optional<CoarserApproximation> coarserApproximation() {
        return Optional.of(coarser);
    }

    @Override
    public Map<String, Double> diagnostics() {
        return fit.diagnostics();
    }
}
