package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.BilinearForm;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.FeatureMatrix;

/**
 * The risk of a calibration estimation function on an evaluation set, two ways, written from
 * docs/method.md apart from calibrisk's pipeline so that a plugin is checked against the definition
 * and not against the code that will run it.
 *
 * <p>The plain U-statistic, O(n'²·m) evaluations of h:
 * <pre>  R̂(h) = 1/(n'(n'−1)) Σ_{i≠j} (⟨r_i, r_j⟩ − h(z_i, z_j))²,   r_i = z_i − t_i.</pre>
 * The bilinear formula, for {@code h(z, z') = φ(z)ᵀ M φ(z')} with Φ (n' × q) and R (n' × m):
 * <pre>  Σ_{i≠j}(A_ij − H_ij)² = ||RᵀR||²_F − 2⟨M, (ΦᵀR)(ΦᵀR)ᵀ⟩ + tr(MGMG) − Σ_i (A_ii − H_ii)²,  G = ΦᵀΦ.</pre>
 *
 * <p>Each comes with an error scale, so that a comparison allows for what rounding does and
 * for nothing more: the bilinear formula cancels large terms when M is ill-conditioned (kernel
 * ridge regression at small regularisation), and the U-statistic of a near-perfect h amplifies
 * small differences in h.
 */
public final class RiskIdentities {

    private RiskIdentities() {
    }

    /**
     * A risk and the scale of its error.
     *
     * @param risk  the risk
     * @param scale for {@link #pairwise}: {@code mean_{i≠j} 2|A_ij − H_ij|·max|H|}, how far the
     *              risk moves per unit of relative error in h; for {@link #bilinear}: the
     *              formula with every product of absolute values, divided by n'(n'−1), which
     *              bounds rounding error as a multiple of the machine epsilon
     */
    public record Risk(double risk, double scale) {
    }

    /**
     * @param h   the function
     * @param set the evaluation set, at least 2 samples
     * @return the plain U-statistic
     */
    public static Risk pairwise(CalibrationFunction h, CalibrationSet set) {
        int n = set.size();
        Points z = set.points();
        Points r = set.residuals();
        double sum = 0;
        double gaps = 0;
        double largest = 0;
        for (int i = 0; i < n; i++) {
            double[] zi = z.row(i);
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                double hij = h.value(zi, z.row(j));
                double diff = dot(r, i, r, j) - hij;
                sum += diff * diff;
                gaps += 2 * Math.abs(diff);
                largest = Math.max(largest, Math.abs(hij));
            }
        }
        double pairs = n * (n - 1.0);
        return new Risk(sum / pairs, gaps / pairs * largest);
    }

    /**
     * @param form the bilinear form of h
     * @param set  the evaluation set, at least 2 samples
     * @return the risk by the bilinear formula
     */
    public static Risk bilinear(BilinearForm form, CalibrationSet set) {
        int n = set.size();
        int m = set.dimension();
        int q = form.features();
        Points r = set.residuals();
        FeatureMatrix phi = form.features(set.points());

        // each term twice: as the formula has it, and with absolute values for its error scale
        double residualGram = 0;
        double residualGramAbs = 0;
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                double rr = 0;
                double rrAbs = 0;
                for (int i = 0; i < n; i++) {
                    rr += r.get(i, a) * r.get(i, b);
                    rrAbs += Math.abs(r.get(i, a) * r.get(i, b));
                }
                residualGram += rr * rr;
                residualGramAbs += rrAbs * rrAbs;
            }
        }
        double[][] cross = new double[q][m];
        double[][] crossAbs = new double[q][m];
        double[][] gram = new double[q][q];
        double[][] gramAbs = new double[q][q];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < q; a++) {
                for (int k = 0; k < m; k++) {
                    cross[a][k] += phi.get(i, a) * r.get(i, k);
                    crossAbs[a][k] += Math.abs(phi.get(i, a) * r.get(i, k));
                }
                for (int b = 0; b < q; b++) {
                    gram[a][b] += phi.get(i, a) * phi.get(i, b);
                    gramAbs[a][b] += Math.abs(phi.get(i, a) * phi.get(i, b));
                }
            }
        }
        double alignment = 0;
        double alignmentAbs = 0;
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                double ccT = 0;
                double ccTAbs = 0;
                for (int k = 0; k < m; k++) {
                    ccT += cross[a][k] * cross[b][k];
                    ccTAbs += crossAbs[a][k] * crossAbs[b][k];
                }
                alignment += form.m(a, b) * ccT;
                alignmentAbs += Math.abs(form.m(a, b)) * ccTAbs;
            }
        }
        double[][] mg = product(form, gram, false);
        double[][] mgAbs = product(form, gramAbs, true);
        double trace = 0;
        double traceAbs = 0;
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                trace += mg[a][b] * mg[b][a];
                traceAbs += mgAbs[a][b] * mgAbs[b][a];
            }
        }
        double diagonal = 0;
        double diagonalAbs = 0;
        double[] phiI = new double[q];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < q; a++) {
                phiI[a] = phi.get(i, a);
            }
            double aii = dot(r, i, r, i);
            double hii = form.apply(phiI, phiI);
            diagonal += (aii - hii) * (aii - hii);
            diagonalAbs += (Math.abs(aii) + Math.abs(hii)) * (Math.abs(aii) + Math.abs(hii));
        }
        double pairs = n * (n - 1.0);
        return new Risk((residualGram - 2 * alignment + trace - diagonal) / pairs,
                (residualGramAbs + 2 * alignmentAbs + traceAbs + diagonalAbs) / pairs);
    }

    /**
     * @param h      the function
     * @param points the points of a set
     * @return its estimate of CE², {@code mean_i h(z_i, z_i)}
     */
    public static double estimate(CalibrationFunction h, Points points) {
        double sum = 0;
        for (int i = 0; i < points.size(); i++) {
            double[] z = points.row(i);
            sum += h.value(z, z);
        }
        return sum / points.size();
    }

    /** M·G, or |M|·G for a G of absolute values. */
    private static double[][] product(BilinearForm form, double[][] gram, boolean absolute) {
        int q = gram.length;
        double[][] out = new double[q][q];
        for (int a = 0; a < q; a++) {
            for (int b = 0; b < q; b++) {
                double s = 0;
                for (int c = 0; c < q; c++) {
                    s += (absolute ? Math.abs(form.m(a, c)) : form.m(a, c)) * gram[c][b];
                }
                out[a][b] = s;
            }
        }
        return out;
    }

    private static double dot(Points a, int i, Points b, int j) {
        double s = 0;
        for (int k = 0; k < a.dimension(); k++) {
            s += a.get(i, k) * b.get(j, k);
        }
        return s;
    }
}
