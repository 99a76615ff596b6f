package io.calibrisk.estimators.kkr;

import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;
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
    /** q × features: the map from the leading q base features to φ; null for the identity. */
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
        double[] full = new double[r * r];
        double[] share = new double[r * r];
        for (int i = 0; i < r; i++) {
            for (int j = i; j < r; j++) {
                double denominator = lambda[i] * lambda[j] + mu;
                double v = denominator > 0 ? s.weightProduct(i, j) / denominator : 0.0;
                full[i * r + j] = v;
                full[j * r + i] = v;
                double t = scale[i] * scale[j] * v;
                share[i * r + j] = t * t;
                share[j * r + i] = t * t;
            }
        }
        double sensitivity = Stability.kronecker(s.lambdaMax(), mu, Stability.significantModes(lambda));
        Optional<String> instability = Stability.check(sensitivity, mu, s.lambdaMax());
        Map<String, Double> diagnostics = new TreeMap<>();
        diagnostics.put("rank", (double) r);
        diagnostics.put("sensitivity", sensitivity);
        if (s.exact()) {
            diagnostics.put("features", (double) r);
            return new KroneckerCalibration(fold, r, r, null, full, instability, Map.copyOf(diagnostics));
        }
        int q = modes(share, r, truncation);
        double[] m = new double[q * q];
        for (int i = 0; i < q; i++) {
            System.arraycopy(full, i * r, m, i * q, q);
        }
        Compression form = Compression.of(m, Arrays.copyOf(scale, q), q, compression);
        diagnostics.put("modes", (double) q);
        diagnostics.put("features", (double) form.rank());
        double[] diagonal = new double[form.rank() * form.rank()];
        for (int c = 0; c < form.rank(); c++) {
            diagonal[c * form.rank() + c] = form.weights()[c];
        }
        return new KroneckerCalibration(fold, q, form.rank(), form.basis(), diagonal, instability,
                Map.copyOf(diagnostics));
    }

    /** The smallest q such that the pairs with max(i, j) ≥ q carry at most truncation² of the total. */
    private static int modes(double[] share, int r, double truncation) {
        // tail[k] = Σ over pairs with max(i, j) = k, summed in a fixed order
        double[] ring = new double[r];
        double total = 0;
        for (int k = 0; k < r; k++) {
            double s = share[k * r + k];
            for (int i = 0; i < k; i++) {
                s += 2 * share[i * r + k];
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

    /** φ of n points from their base features (n × r). */
    private double[] phi(double[] base, int n) {
        int r = fold.spectrum().rank();
        double[] out = new double[n * features];
        for (int p = 0; p < n; p++) {
            if (projection == null) {
                System.arraycopy(base, p * r, out, p * features, features);
                continue;
            }
            for (int i = 0; i < modes; i++) {
                double b = base[p * r + i];
                if (b == 0) {
                    continue;
                }
                int row = i * features;
                int o = p * features;
                for (int c = 0; c < features; c++) {
                    out[o + c] += b * projection[row + c];
                }
            }
        }
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
