package io.calibrisk.estimators.kkr;

import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
import io.calibrisk.estimators.kkr.linalg.Gemm;
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
 * <p>The exact form keeps all n modes and M as it is. The fast form keeps the smallest number q
 * of leading modes whose omitted part of h, in the Frobenius norm over the training points
 * ({@code Σ (s_i s_j (w_i·w_j)/(λ_iλ_j + μ))²} over the omitted pairs), is at most
 * {@code truncation²} of the whole, and then replaces M by its low-rank form in the same
 * metric ({@link Compression}): φ = Pᵀb, M = diag(D), with far fewer features than modes
 * (tens rather than hundreds), since the pipeline's bilinear risk costs O(n'q² + q³).
 */
final class KroneckerCalibration implements CalibrationFunction {
    private final FoldSpectrum fold;
    private final int dimension;
    private final int modes;
    private final int features;
    /** Pᵀ, features × q: the map from the leading q base features to φ; null for the identity. */
    private final double[] projection;
    private final double[] matrix;
    private final Optional<String> instability;
    private final Map<String, Double> diagnostics;

    private KroneckerCalibration(FoldSpectrum fold, int modes, int features, double[] projection, double[] matrix,
                                 Optional<String> instability, Map<String, Double> diagnostics) {
        this.fold = fold;
        this.dimension = fold.spectrum().dimension();
        this.modes = modes;
        this.features = features;
        this.projection = projection;
        this.matrix = matrix;
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
        int q = s.exact() ? r : modes(products, lambda, scale, r, mu, truncation);
        double[][] m = new double[q][q];
        for (int i = 0; i < q; i++) {
            for (int j = i; j < q; j++) {
                double denominator = lambda[i] * lambda[j] + mu;
                double v = denominator > 0 ? products[i][j] / denominator : 0.0;
                m[i][j] = v;
                m[j][i] = v;
            }
        }
        if (s.exact()) {
            diagnostics.put("features", (double) r);
            double[] full = new double[r * r];
            for (int i = 0; i < r; i++) {
                System.arraycopy(m[i], 0, full, i * r, r);
            }
            return new KroneckerCalibration(fold, r, r, null, full, instability, Map.copyOf(diagnostics));
        }
        Compression form = Compression.of(m, Arrays.copyOf(scale, q), q, compression);
        diagnostics.put("modes", (double) q);
        diagnostics.put("features", (double) form.rank());
        double[] diagonal = new double[form.rank() * form.rank()];
        for (int c = 0; c < form.rank(); c++) {
            diagonal[c * form.rank() + c] = form.weights()[c];
        }
        return new KroneckerCalibration(fold, q, form.rank(), form.basisT(), diagonal, instability,
                Map.copyOf(diagnostics));
    }

    /**
     * The smallest q such that the pairs with max(i, j) ≥ q carry at most truncation² of the
     * total, the share of a pair being {@code (s_i s_j (w_i·w_j)/(λ_iλ_j + μ))²}.
     */
    private static int modes(double[][] products, double[] lambda, double[] scale, int r, double mu,
                             double truncation) {
        // ring[k] = Σ over pairs with max(i, j) = k, summed in a fixed order
        double[] ring = new double[r];
        double total = 0;
        for (int k = 0; k < r; k++) {
            double s = 0;
            for (int i = 0; i <= k; i++) {
                double denominator = lambda[i] * lambda[k] + mu;
                double v = denominator > 0 ? scale[i] * scale[k] * products[i][k] / denominator : 0.0;
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
        return form().apply(phi(fold.features(z), 1), phi(fold.features(zPrime), 1));
    }

    /**
     * φ of n points from their base features B (r × n): Φᵀ = PᵀB over the leading modes, a
     * product along the points, then transposed to the pipeline's n × features.
     */
    private double[] phi(double[][] base, int n) {
        double[] out = new double[n * features];
        if (projection == null) {
            Gemm.transpose(features, n, base, 0, 0, out, 0, features);
            return out;
        }
        double[][] phiT = new double[features][n];
        Gemm.multiplyAdd(fold.pool(), features, 0, n, modes, projection, 0, modes, base, 0, phiT, 0);
        Gemm.transpose(features, n, phiT, 0, 0, out, 0, features);
        return out;
    }

    @Override
    public Optional<BilinearForm> bilinearForm() {
        return Optional.of(form());
    }

    private BilinearForm form() {
        return new BilinearForm(features,
                points -> FeatureMatrix.of(points.size(), features, phi(fold.features(points), points.size())), matrix);
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
