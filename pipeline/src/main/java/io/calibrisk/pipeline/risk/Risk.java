package io.calibrisk.pipeline.risk;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

import java.util.Map;
import java.util.Optional;

/**
 * The empirical risk of a calibration estimation function h on an evaluation set of size n',
 * the U-statistic (Gruber and Bach, TMLR 2025, eq. for {@code R̂})
 *
 * <pre>  R̂(h) = 1/(n'(n'−1)) · Σ_{i≠j} (⟨r_i, r_j⟩ − h(z_i, z_j))²,   r_i = z_i − t_i,</pre>
 *
 * <p>which is unbiased for {@code E[(⟨r, r'⟩ − h(z, z'))²]}, minimised by
 * {@code h*(z, z') = ⟨z − E[t|z], z' − E[t|z']⟩}; and the estimate {@code mean_i h(z_i, z_i)}
 * of CE².
 *
 * <p>Two implementations: {@link #pairwise} evaluates h on every pair, O(n'²(m + cost of h)),
 * the reference and the fallback for functions without a bilinear form; {@link #bilinear} uses
 * {@code h(z, z') = φ(z)ᵀ M φ(z')} and the identity
 * <pre>  Σ_{i≠j}(A_ij − H_ij)² = ||RᵀR||²_F − 2⟨M, (ΦᵀR)(ΦᵀR)ᵀ⟩ + tr(MGMG) − Σ_i (A_ii − H_ii)²,  G = ΦᵀΦ,</pre>
 * O(n'(m² + q² + mq) + q³) time and O(n'q + q² + m²) memory, never an n' × n' matrix.
 *
 * <p>The four terms of the bilinear identity cancel when h fits the pairwise targets almost
 * exactly (for instance near-perfect predictions, whose residuals are all tiny). When the sum
 * is below 1e−6 of the terms' magnitude, {@link #bilinear} sums the differences pair by pair
 * from the features instead, O(n'²(m + q)), so the risk stays correct to about 1e−9 relative.
 */
public final class Risk {

    /**
     * When the bilinear sum falls below this fraction of the magnitude of its terms, rounding
     * may have cost more than the relative 1e−9 the risk promises.
     */
    private static final double CANCELLATION = 1e-6;
    /** Largest n'²·q for which the exact pairwise sum is affordable as a fallback (a few seconds). */
    private static final long PAIRWISE_BUDGET = 4_000_000_000L;

    private Risk() {
    }

    /**
     * A risk with the counts the feature map reported while computing it.
     *
     * @param risk   the U-statistic risk on the evaluation set
     * @param counts counts reported by the feature map (e.g. kernel fallbacks)
     */
    public record Value(double risk, Map<String, Long> counts) {
    }

    /**
     * An evaluation set with its residuals {@code r_i = z_i − t_i}, made once for every function
     * scored on it: the pipeline scores every grid point of a fold on the same set, and making
     * the residuals anew for each was, class-wise on CIFAR-10, 88 MB of a run's 1.4 GB of
     * allocations.
     */
    public static final class Evaluation {
        private final CalibrationSet set;
        private final double[] residuals;

        private Evaluation(CalibrationSet set) {
            this.set = set;
            this.residuals = set.residuals().toArray();
        }

        /**
         * @param set the evaluation set
         * @return the set with its residuals
         */
        public static Evaluation of(CalibrationSet set) {
            if (set == null) {
                throw InvalidSettingException.of("evaluation set", null, "must not be null");
            }
            return new Evaluation(set);
        }

        /** @return the evaluation set */
        public CalibrationSet set() {
            return set;
        }
    }

    /**
     * The risk by the bilinear form when h has one, otherwise pairwise.
     *
     * @param h          the function
     * @param evaluation the evaluation set, at least 2 samples
     * @return the risk and the feature map's counts
     */
    public static Value of(CalibrationFunction h, CalibrationSet evaluation) {
        return of(h, Evaluation.of(evaluation));
    }

    /**
     * {@link #of(CalibrationFunction, CalibrationSet)} on a set whose residuals are already made.
     *
     * @param h          the function
     * @param evaluation the evaluation set, at least 2 samples, with its residuals
     * @return the risk and the feature map's counts
     */
    public static Value of(CalibrationFunction h, Evaluation evaluation) {
        Optional<BilinearForm> form = h.bilinearForm();
        if (form.isPresent()) {
            FeatureMatrix phi = form.get().features(evaluation.set.points());
            return new Value(bilinear(form.get(), phi, evaluation), phi.counts());
        }
        return new Value(pairwise(h, evaluation), Map.of());
    }

    /**
     * The risk by direct evaluation of h on every ordered pair i ≠ j.
     *
     * @param h          the function
     * @param evaluation the evaluation set, at least 2 samples
     * @return the risk
     */
    public static double pairwise(CalibrationFunction h, CalibrationSet evaluation) {
        return pairwise(h, new Evaluation(evaluation));
    }

    private static double pairwise(CalibrationFunction h, Evaluation scored) {
        CalibrationSet evaluation = scored.set;
        int n = checkSize(evaluation);
        Points z = evaluation.points();
        double[][] rows = new double[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = z.row(i);
        }
        double sum = sumOverPairs(scored.residuals, n, evaluation.dimension(),
                (i, j) -> h.value(rows[i], rows[j]));
        return finite(sum / ((double) n * (n - 1)), "pairwise risk");
    }

    /** h on the pair (i, j) of an evaluation set. */
    @FunctionalInterface
    private interface PairValue {
        double at(int i, int j);
    }

    /** Σ_{i≠j}(⟨r_i, r_j⟩ − H_ij)², summed row by row in a fixed order. */
    private static double sumOverPairs(double[] r, int n, int m, PairValue h) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double rowSum = 0;
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                double a = 0;
                for (int k = 0; k < m; k++) {
                    a += r[i * m + k] * r[j * m + k];
                }
                double diff = a - h.at(i, j);
                rowSum += diff * diff;
            }
            sum += rowSum;
        }
        return sum;
    }

    /**
     * The risk by the bilinear form, linear in the size of the evaluation set.
     *
     * @param form       the bilinear form of h
     * @param phi        the features Φ of the evaluation set's points under the form
     * @param evaluation the evaluation set, at least 2 samples
     * @return the risk
     */
    public static double bilinear(BilinearForm form, FeatureMatrix phi, CalibrationSet evaluation) {
        return bilinear(form, phi, new Evaluation(evaluation));
    }

    private static double bilinear(BilinearForm form, FeatureMatrix phi, Evaluation scored) {
        CalibrationSet evaluation = scored.set;
        int n = checkSize(evaluation);
        int m = evaluation.dimension();
        int q = form.features();
        if (phi.rows() != n || phi.columns() != q) {
            throw InvalidSettingException.of("phi", phi.rows() + "×" + phi.columns(), "must be " + n + "×" + q);
        }
        double[] r = scored.residuals;
        double[] f = phi.values();
        double[] mat = form.matrix();

        double[] rtr = new double[m * m];   // RᵀR
        double[] ftr = new double[q * m];   // ΦᵀR
        double[] ftf = new double[q * q];   // G = ΦᵀΦ
        // A diagonal M (the compressed forms of kkr) needs q products per point for M φ, not q²;
        // every sum below is the dense one's to the bit: the off-diagonal terms it skips are
        // exact zeros, which leave a sum unchanged (0.0 + x reproduces the dense sum's sign of
        // zero), and RᵀR and G are symmetric, so their lower triangles are mirrored, not summed.
        // Each kind of M has its loop over the points in a method of its own, as have the sums
        // after it: one large method with all of them was compiled again and again, once for
        // each loop it was entered at and again whenever another estimator took another branch.
        boolean diagonalM = mat != null && diagonalOnly(mat, q);
        // RᵀR, ΦᵀR and G: by tiles with many coordinates or features, else point by point (the
        // same bits either way); then Σ_i (A_ii − H_ii)²
        if (PointSums.pays(m, q)) {
            PointSums.add(r, f, n, m, q, rtr, ftr, ftf);
        } else {
            pointSums(r, f, n, m, q, rtr, ftr, ftf);
        }
        double diagonal = mat == null || diagonalM
                ? diagonalTerms(r, f, diagonalOf(mat, q), n, m, q)
                : denseTerms(r, f, mat, n, m, q);
        mirrorUpperTriangle(rtr, m);
        mirrorUpperTriangle(ftf, q);
        double s1 = squares(rtr);
        double s2 = crossTerm(ftr, mat, q, m, mat == null || diagonalM);
        double s3 = mat == null ? squares(ftf) : traceMgMg(mat, ftf, q);
        double total = s1 - 2 * s2 + s3 - diagonal;
        double scale = s1 + 2 * Math.abs(s2) + s3 + diagonal;
        if (total < CANCELLATION * scale && (long) n * n * q <= PAIRWISE_BUDGET) {
            // The four terms cancelled to fewer than ~9 significant digits (h fits the targets
            // almost exactly); summing the differences pair by pair keeps the risk exact.
            return finite(pairwise(form, f, r, n, m, q) / ((double) n * (n - 1)), "bilinear risk");
        }
        return finite(total / ((double) n * (n - 1)), "bilinear risk");
    }

    /** RᵀR (upper triangle), ΦᵀR and G (upper triangle), point by point. */
    private static void pointSums(double[] r, double[] f, int n, int m, int q, double[] rtr, double[] ftr,
                                  double[] ftf) {
        for (int i = 0; i < n; i++) {
            addPoint(r, f, i, m, q, rtr, ftr, ftf);
        }
    }

    /** Point i's terms of RᵀR (upper triangle), ΦᵀR and G (upper triangle). */
    private static void addPoint(double[] r, double[] f, int i, int m, int q, double[] rtr, double[] ftr,
                                 double[] ftf) {
        int ri = i * m;
        int fi = i * q;
        for (int a = 0; a < m; a++) {
            double ra = r[ri + a];
            for (int b = a; b < m; b++) {
                rtr[a * m + b] += ra * r[ri + b];
            }
        }
        for (int a = 0; a < q; a++) {
            double fa = f[fi + a];
            for (int b = 0; b < m; b++) {
                ftr[a * m + b] += fa * r[ri + b];
            }
            for (int b = a; b < q; b++) {
                ftf[a * q + b] += fa * f[fi + b];
            }
        }
    }

    /**
     * The diagonal term for a diagonal M, also M = I (weights 1: {@code f·(0.0 + 1·f)} differs
     * from {@code f·f} at most in the sign of a zero, which a sum that starts at +0.0 never keeps).
     *
     * @param weights M's diagonal
     * @return Σ_i (A_ii − H_ii)²
     */
    private static double diagonalTerms(double[] r, double[] f, double[] weights, int n, int m, int q) {
        double diagonal = 0;
        for (int i = 0; i < n; i++) {
            double d = squaredNorm(r, i * m, m) - weightedSquare(f, i * q, weights, q);
            diagonal += d * d;
        }
        return diagonal;
    }

    /** @return A_ii = |r_i|² */
    private static double squaredNorm(double[] r, int ri, int m) {
        double aii = 0;
        for (int a = 0; a < m; a++) {
            aii += r[ri + a] * r[ri + a];
        }
        return aii;
    }

    /** @return H_ii = φ_iᵀ M φ_i for a diagonal M */
    private static double weightedSquare(double[] f, int fi, double[] weights, int q) {
        double hii = 0;
        for (int a = 0; a < q; a++) {
            hii += f[fi + a] * (0.0 + weights[a] * f[fi + a]);
        }
        return hii;
    }

    /**
     * The diagonal term for a dense M.
     *
     * @return Σ_i (A_ii − H_ii)²
     */
    private static double denseTerms(double[] r, double[] f, double[] mat, int n, int m, int q) {
        double diagonal = 0;
        double[] mPhi = new double[q];
        for (int i = 0; i < n; i++) {
            double d = squaredNorm(r, i * m, m) - denseSquare(f, i * q, mat, q, mPhi);
            diagonal += d * d;
        }
        return diagonal;
    }

    /** @return H_ii = φ_iᵀ M φ_i for a dense M, with {@code mPhi} as work space */
    private static double denseSquare(double[] f, int fi, double[] mat, int q, double[] mPhi) {
        for (int a = 0; a < q; a++) {
            double s = 0;
            for (int b = 0; b < q; b++) {
                s += mat[a * q + b] * f[fi + b];
            }
            mPhi[a] = s;
        }
        double hii = 0;
        for (int a = 0; a < q; a++) {
            hii += f[fi + a] * mPhi[a];
        }
        return hii;
    }

    /** @return the sum of the squares of the values, in order */
    private static double squares(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v * v;
        }
        return sum;
    }

    /**
     * @param diagonalTerms whether M is the identity (null) or diagonal, so that only a = b counts
     * @return ⟨M, (ΦᵀR)(ΦᵀR)ᵀ⟩ = Σ_ab M_ab ⟨(ΦᵀR)_a, (ΦᵀR)_b⟩
     */
    private static double crossTerm(double[] ftr, double[] mat, int q, int m, boolean diagonalTerms) {
        double s2 = 0;
        for (int a = 0; a < q; a++) {
            for (int b = (diagonalTerms ? a : 0); b < (diagonalTerms ? a + 1 : q); b++) {
                double p = 0;
                for (int c = 0; c < m; c++) {
                    p += ftr[a * m + c] * ftr[b * m + c];
                }
                s2 += (mat == null ? 1.0 : mat[a * q + b]) * p;
            }
        }
        return s2;
    }

    /** @return tr(MGMG) = Σ_ab (MG)_ab (MG)_ba */
    private static double traceMgMg(double[] mat, double[] ftf, int q) {
        double[] mg = new double[q * q];
        for (int a = 0; a < q; a++) {
            for (int c = 0; c < q; c++) {
                double mac = mat[a * q + c];
                if (mac == 0) {
                    continue;
                }
                for (int b = 0; b < q; b++) {
                    mg[a * q + b] += mac * ftf[c * q + b];
                }
            }
        }
        double s3 = 0;
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                s3 += mg[a * q + b] * mg[b * q + a];
            }
        }
        return s3;
    }

    /** @return the diagonal of the q × q matrix, ones for the identity (null) */
    private static double[] diagonalOf(double[] mat, int q) {
        double[] out = new double[q];
        for (int a = 0; a < q; a++) {
            out[a] = mat == null ? 1.0 : mat[a * q + a];
        }
        return out;
    }

    /** @return whether the q × q matrix is zero off its diagonal */
    private static boolean diagonalOnly(double[] mat, int q) {
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                if (a != b && mat[a * q + b] != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Copies the upper triangle of a k × k matrix onto its lower one. */
    private static void mirrorUpperTriangle(double[] matrix, int k) {
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                matrix[b * k + a] = matrix[a * k + b];
            }
        }
    }

    /** Σ_{i≠j}(A_ij − H_ij)² from the features, O(n'²(m + q) + n'q²). */
    private static double pairwise(BilinearForm form, double[] f, double[] r, int n, int m, int q) {
        double[] w = new double[n * q];
        double[] row = new double[q];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < q; a++) {
                double s = 0;
                for (int b = 0; b < q; b++) {
                    s += form.m(a, b) * f[i * q + b];
                }
                row[a] = s;
            }
            System.arraycopy(row, 0, w, i * q, q);
        }
        return sumOverPairs(r, n, m, (i, j) -> {
            double h = 0;
            for (int k = 0; k < q; k++) {
                h += w[i * q + k] * f[j * q + k];
            }
            return h;
        });
    }

    /**
     * The estimate {@code mean_i h(z_i, z_i)} of CE², through the bilinear form when there is
     * one.
     *
     * @param h   the function
     * @param set the set to estimate on, at least 1 sample
     * @return the estimate of CE²
     */
    public static double estimate(CalibrationFunction h, CalibrationSet set) {
        return diagonal(h, set).mean();
    }

    /**
     * The per-sample values {@code h(z_i, z_i)} whose mean is the estimate of CE²; with them a
     * bootstrap resample of the set costs O(n).
     *
     * @param values the values, one per sample
     * @param counts counts reported by the feature map
     */
    public record Diagonal(double[] values, Map<String, Long> counts) {
        /** @return {@code mean_i h(z_i, z_i)} */
        public double mean() {
            double sum = 0;
            for (double v : values) {
                sum += v;
            }
            return finite(sum / values.length, "estimate");
        }
    }

    /**
     * @param h   the function
     * @param set the set, at least 1 sample
     * @return {@code h(z_i, z_i)} for every sample, through the bilinear form when there is one
     */
    public static Diagonal diagonal(CalibrationFunction h, CalibrationSet set) {
        int n = set.size();
        if (n < 1) {
            throw InvalidSettingException.of("estimation set size", n, "must be at least 1");
        }
        double[] out = new double[n];
        Optional<BilinearForm> form = h.bilinearForm();
        if (form.isPresent()) {
            FeatureMatrix phi = form.get().features(set.points());
            int q = phi.columns();
            double[] f = phi.values();
            if (form.get().isIdentity()) {
                identityDiagonal(f, q, out);
            } else {
                double[] row = new double[q];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(f, i * q, row, 0, q);
                    out[i] = finite(form.get().apply(row, row), "h(z, z)");
                }
            }
            return new Diagonal(out, phi.counts());
        }
        Points z = set.points();
        for (int i = 0; i < n; i++) {
            double[] zi = z.row(i);
            out[i] = finite(h.value(zi, zi), "h(z, z)");
        }
        return new Diagonal(out, Map.of());
    }

    /**
     * {@code h(z_i, z_i) = |φ_i|²} for M = I, summed as {@link BilinearForm#apply} sums it (from 0,
     * feature by feature), so bit for bit its value, without copying each point's features out.
     * Plug-in estimators (binning, kde) take this path for every test sample at every grid point
     * and, class-wise, for every class.
     */
    private static void identityDiagonal(double[] f, int q, double[] out) {
        for (int i = 0; i < out.length; i++) {
            double sum = 0;
            for (int a = 0; a < q; a++) {
                sum += f[i * q + a] * f[i * q + a];
            }
            out[i] = finite(sum, "h(z, z)");
        }
    }

    private static int checkSize(CalibrationSet evaluation) {
        int n = evaluation.size();
        if (n < 2) {
            throw InvalidSettingException.of("evaluation set size", n, "must be at least 2 for a U-statistic");
        }
        return n;
    }

    private static double finite(double value, String what) {
        if (!Double.isFinite(value)) {
            throw new EstimationException(what + " is " + value);
        }
        return value;
    }
}
