package io.calibrisk.estimators.kkr;

import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection.Corrected;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The fitted Kronecker kernel ridge regression {@code h(z, z') = φ(z)ᵀ M φ(z')} with
 * {@code φ_i(z) = b_i(z)} and {@code M_ij = (w_i·w_j) / (λ_iλ_j + μ)} over the leading q modes
 * of the fold's spectrum (see {@link KernelSpectrum}: in the exact form this is
 * {@code k(z)ᵀ Q (Λ̃ ⊙ QᵀRRᵀQ) Qᵀ k(z')}). A zero denominator (μ = 0 with a zero eigenvalue)
 * contributes 0, the minimum-norm solution.
 *
 * <p>The exact form of up to {@value #WHOLE} modes keeps them all and M as it is. Otherwise both
 * forms keep the smallest number q of leading modes whose omitted
 * part of h, in the Frobenius norm in the metric that bounds the base features at every point
 * ({@code Σ (s_i s_j (w_i·w_j)/(λ_iλ_j + μ))²} over the omitted pairs, s the spectrum's scales:
 * then {@code |δh(z, z')| ≤ ‖S δM S‖₂ √(k(z, z) k(z', z'))} anywhere), is at most
 * {@code truncation²} of the whole, and then replace M by its low-rank form in the same
 * metric ({@link Compression}), both tolerances tightened at grid points where the
 * regularisation is small against the spectrum ({@link #tightening}): φ = Pᵀb, M = diag(D),
 * with far fewer features than modes (tens rather than hundreds), since the pipeline's bilinear
 * risk costs O(n'q² + q³). φ is
 * computed from the raw features as {@code (PᵀF)κ} (see {@link FoldSpectrum}).
 *
 * <p>When the fold's spectrum holds the {@link io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection}
 * (a low-rank factor of high rank on few points), the form also carries, for each of the m
 * residual coordinates, {@code a(z) = Σ_i b_i(z) w_i} over every mode and the sums outside the
 * factor's span c(z) (zero for the points the pivots reach), with
 * {@code h += (aᵀc' + cᵀa' + cᵀc')/μ}: the modes outside the span, of eigenvalues below the
 * factor's residual trace, have {@code M_ij = (w_i·w_j)/(λ_iλ_j + μ) ≈ (w_i·w_j)/μ}. The
 * block has no aa' term, so nothing large cancels.
 */
final class KroneckerCalibration implements CalibrationFunction {
    /**
     * The exact form keeps M whole, over every mode, up to this many modes: a reference free of
     * any truncation for small n; beyond, the pipeline's risk with M whole, O(n'r² + r³) per
     * grid point, would dwarf the factorisation, so it truncates and compresses as the fast form
     * does.
     */
    static final int WHOLE = 512;
    /** The sensitivity ρ from which the truncation and the compression tighten, see {@link #tightening}. */
    static final double TIGHTEN_FROM = 1e-9;
    private final FoldSpectrum fold;
    private final int dimension;
    private final int features;
    /** PᵀF, s × p: the map from the raw features to the compressed φ (F itself when M is whole). */
    private final double[][] projection;
    /** Pᵀ, s × q row-major, for points whose base features are corrected; null when M is whole. */
    private final double[] basisT;
    private final double[] matrix;
    /** Whether the form carries the held-out correction's 2m features (see {@link #fit}). */
    private final boolean held;
    private final Optional<String> instability;
    private final Map<String, Double> diagnostics;

    private KroneckerCalibration(FoldSpectrum fold, int features, double[][] projection, double[] basisT,
                                 double[] matrix, boolean held, Optional<String> instability,
                                 Map<String, Double> diagnostics) {
        this.fold = fold;
        this.dimension = fold.spectrum().dimension();
        this.features = features;
        this.projection = projection;
        this.basisT = basisT;
        this.matrix = matrix;
        this.held = held;
        this.instability = instability;
        this.diagnostics = diagnostics;
    }

    /**
     * @param fold        the fold's spectrum
     * @param mu          the effective regularisation c·n^1.5, at least 0
     * @param truncation  the relative size of the part of h the leading-mode truncation may omit
     * @param compression the relative size of the part of h the low-rank form may omit
     * @return the fitted function
     */
    static KroneckerCalibration fit(FoldSpectrum fold, double mu, double truncation, double compression) {
        KernelSpectrum s = fold.spectrum();
        int r = s.rank();
        double[] lambda = s.values();
        double[] scale = s.scale();
        double[][] products = fold.weightGram();
        double sensitivity = Stability.kronecker(s.lambdaMax(), mu, Stability.significantModes(lambda));
        Optional<String> instability = Stability.check(sensitivity, mu, s.lambdaMax());
        Map<String, Double> diagnostics = new TreeMap<>();
        diagnostics.put("rank", (double) r);
        diagnostics.put("sensitivity", sensitivity);
        boolean whole = s.exact() && r <= WHOLE;
        double tighten = tightening(sensitivity);
        int q = whole ? r : modes(products, lambda, scale, r, mu, truncation * tighten);
        // row by row: products is exactly symmetric and λ_iλ_j = λ_jλ_i, so M is too (a loop that
        // mirrored each entry would write down the columns of a matrix of up to 72 MB)
        double[] m = new double[q * q];
        for (int i = 0; i < q; i++) {
            double[] row = products[i];
            for (int j = 0; j < q; j++) {
                double denominator = lambda[i] * lambda[j] + mu;
                m[i * q + j] = denominator > 0 ? row[j] / denominator : 0.0;
            }
        }
        if (whole) {
            diagnostics.put("features", (double) r);
            return new KroneckerCalibration(fold, r, s.basis().map(), null, m, false, instability,
                    Map.copyOf(diagnostics));
        }
        Compression form = Compression.of(m, Arrays.copyOf(scale, q), q, compression * tighten);
        int rank = form.rank();
        int outside = s.dimension();
        boolean held = fold.corrects() && mu > 0 && Double.isFinite(1 / mu);
        int total = held ? rank + 2 * outside : rank;
        diagnostics.put("modes", (double) q);
        diagnostics.put("features", (double) total);
        double[] matrix = new double[total * total];
        for (int c = 0; c < rank; c++) {
            matrix[c * total + c] = form.weights()[c];
        }
        if (held) {
            // [a; c] with a = Σ_i b_i w_i and c the sums outside the span: a a'ᵀ carries nothing,
            // a c'ᵀ, c a'ᵀ and c c'ᵀ weigh 1/μ (no large terms that cancel)
            double inverse = 1 / mu;
            for (int c = 0; c < outside; c++) {
                int a = rank + c;
                int o = rank + outside + c;
                matrix[a * total + o] = inverse;
                matrix[o * total + a] = inverse;
                matrix[o * total + o] = inverse;
            }
        }
        return new KroneckerCalibration(fold, total, fold.combine(form.basisT(), rank, q), form.basisT(), matrix,
                held, instability, Map.copyOf(diagnostics));
    }

    /**
     * The factor on the truncation's and the compression's tolerances at a grid point of
     * sensitivity ρ: 1 up to ρ = {@value #TIGHTEN_FROM}, then {@value #TIGHTEN_FROM}/ρ, and 1 again
     * at unstable points (ρ above the stability threshold), which are never chosen.
     *
     * <p>Why: both tolerances are measured on the training points, where a mode's share of h
     * carries the factor s_i s_j; at the evaluation and test points the modes a small
     * regularisation reaches (small λ_i, large M_ij) weigh far more than there. On cifar10-vgg16,
     * canonical, 1600-point folds, the fast mode's fold risks at c = 1e−7 (ρ = 7e−8) were 2.6e−6
     * from exact mode with the fixed tolerances 1e−9 and 1e−10, and 7e−7 with tolerances 100
     * times finer (3200-point folds: 9.4e−7 and 1.5e−7). Tightening only where ρ is large keeps
     * the features, and the cost, of every other grid point as they were.
     */
    static double tightening(double sensitivity) {
        if (!(sensitivity > TIGHTEN_FROM) || sensitivity > Stability.THRESHOLD) {
            return 1;
        }
        return TIGHTEN_FROM / sensitivity;
    }

    /**
     * The smallest q such that the pairs with max(i, j) ≥ q carry at most truncation² of the
     * total, the share of a pair being {@code (s_i s_j (w_i·w_j)/(λ_iλ_j + μ))²}.
     */
    private static int modes(double[][] products, double[] lambda, double[] scale, int r, double mu,
                             double truncation) {
        // ring[k] = Σ over pairs with max(i, j) = k, summed in a fixed order
        // along row k of the exactly symmetric products (a walk down column k would miss the cache
        // at every entry); the terms of a ring still come in increasing i
        double[] ring = new double[r];
        double total = 0;
        for (int k = 0; k < r; k++) {
            double[] row = products[k];
            double s = 0;
            for (int i = 0; i <= k; i++) {
                double denominator = lambda[i] * lambda[k] + mu;
                double v = denominator > 0 ? scale[i] * scale[k] * row[i] / denominator : 0.0;
                s += (i == k ? 1 : 2) * v * v;
            }
            ring[k] = s;
            total += s;
        }
        double allowed = truncation * truncation * total;
        double omitted = 0;
        int q = r;
        while (q > 1 && omitted + ring[q - 1] <= allowed) {
            omitted += ring[q - 1];
            q--;
        }
        return q;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public double value(double[] z, double[] zPrime) {
        return form().apply(features(fold.raw(z), 1, held ? fold.correction(z) : Corrected.NONE),
                features(fold.raw(zPrime), 1, held ? fold.correction(zPrime) : Corrected.NONE));
    }

    /**
     * φ of n points, n × features row-major: the compressed features (PᵀF)κ, then, with the
     * held-out correction, a(z) = (WᵀF)κ and c(z) = 0, and for each corrected point all three
     * from its exact base features and its sums outside the span.
     */
    private double[] features(double[] raw, int n, Corrected fix) {
        double[] phi = fold.apply(projection, raw, n);
        if (!held) {
            return phi;
        }
        int rank = projection.length;
        int m = dimension;
        double[] a = fold.apply(fold.residualMap(), raw, n);
        double[] out = new double[n * features];
        for (int j = 0; j < n; j++) {
            System.arraycopy(phi, j * rank, out, j * features, rank);
            System.arraycopy(a, j * m, out, j * features + rank, m);
        }
        int q = basisT.length / rank;
        double[] weightsT = fold.weightsT();
        for (int k = 0; k < fix.indices().length; k++) {
            int at = fix.indices()[k] * features;
            System.arraycopy(fix.project(k, basisT, rank, q), 0, out, at, rank);
            System.arraycopy(fix.project(k, weightsT, m, fold.spectrum().rank()), 0, out, at + rank, m);
            System.arraycopy(fix.outside()[k], 0, out, at + rank + m, m);
        }
        return out;
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        return Optional.of(form());
    }

    private BilinearForm form() {
        return new BilinearForm(features, points -> FeatureMatrix.of(points.size(), features,
                features(fold.raw(points), points.size(), held ? fold.correction(points) : Corrected.NONE)), matrix);
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
