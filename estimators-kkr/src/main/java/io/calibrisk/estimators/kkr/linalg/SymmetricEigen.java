package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;

/**
 * The eigendecomposition {@code A = Q diag(λ) Qᵀ} of a real symmetric matrix: Householder
 * reduction to tridiagonal form, accumulation of the reflections, then the implicit QL
 * algorithm with Wilkinson shifts (Golub and Van Loan, Matrix Computations, 4th ed., §8.3).
 *
 * <p>Deflation uses the norm-wise test {@code |e_i| ≤ ε·‖T‖} rather than a test relative to
 * the neighbouring diagonal entries, so the clusters of eigenvalues at rounding level that
 * every smooth kernel matrix has converge in a few sweeps. The computed pairs are exact for a
 * matrix within a few ε‖A‖ of A (backward stable); eigenvalues are returned in decreasing
 * order, ties broken by the order QL produced them.
 *
 * <p>Cost: (4/3)n³ for the reduction, (4/3)n³ for the accumulation and about 3n³ for the
 * rotations, all split into fixed blocks over the pool; memory: two n × n arrays.
 *
 * @param size    n
 * @param values  the eigenvalues, decreasing
 * @param vectors the eigenvectors, eigenvector j at {@code [j·n, (j+1)·n)} (unit length)
 */
public record SymmetricEigen(int size, double[] values, double[] vectors) {
    private static final double EPS = Math.ulp(1.0);
    private static final int MAX_SWEEPS_PER_VALUE = 60;
    private static final int ROW_BLOCK = 64;
    private static final int COORDINATE_BLOCK = 512;

    /**
     * @throws InvalidSettingException if the shapes disagree
     */
    public SymmetricEigen {
        if (size < 0 || values.length != size || vectors.length != (long) size * size) {
            throw InvalidSettingException.of("eigendecomposition", size, "shapes of values and vectors disagree");
        }
    }

    /**
     * @param j an index in [0, n)
     * @return a copy of eigenvector j
     */
    public double[] vector(int j) {
        return Arrays.copyOfRange(vectors, j * size, (j + 1) * size);
    }

    /**
     * Decomposes a symmetric matrix.
     *
     * @param matrix n × n, row-major; only symmetric input gives meaningful output; not modified
     * @param n      the order
     * @param pool   the pool the blocks run on
     * @return the decomposition
     * @throws EstimationException if QL does not converge (not observed on finite input)
     */
    public static SymmetricEigen of(double[] matrix, int n, Parallelism pool) {
        if (matrix.length != (long) n * n) {
            throw InvalidSettingException.of("matrix", matrix.length, "must hold n² = " + (long) n * n + " values");
        }
        for (double v : matrix) {
            if (!Double.isFinite(v)) {
                throw new EstimationException("eigendecomposition of a matrix with a non-finite entry " + v);
            }
        }
        if (n == 0) {
            return new SymmetricEigen(0, new double[0], new double[0]);
        }
        double[] a = matrix.clone();
        double[] d = new double[n];
        double[] e = new double[n];
        double[] beta = new double[n];
        tridiagonalise(a, n, d, e, beta, pool);
        double[] zt = accumulate(a, n, beta, pool);
        diagonalise(d, e, zt, n, pool);
        return sorted(d, zt, n);
    }

    /**
     * Householder reduction: on return d and e hold the tridiagonal T = Hᵀ A H (e[i] couples i
     * and i + 1), and row k of {@code a} right of the diagonal holds the reflector v_k of
     * {@code H_k = I − β_k v_k v_kᵀ}.
     */
    private static void tridiagonalise(double[] a, int n, double[] d, double[] e, double[] beta, Parallelism pool) {
        double[] p = new double[n];
        double[] v = new double[n];
        for (int k = 0; k < n - 2; k++) {
            int base = k * n + k + 1;
            int len = n - k - 1;
            d[k] = a[k * n + k];
            double scale = 0;
            for (int j = 0; j < len; j++) {
                scale = Math.max(scale, Math.abs(a[base + j]));
            }
            if (scale == 0) {
                e[k] = 0;
                beta[k] = 0;
                continue;
            }
            double norm2 = 0;
            for (int j = 0; j < len; j++) {
                double x = a[base + j] / scale;
                norm2 += x * x;
            }
            double x0 = a[base];
            double alpha = -Math.copySign(scale * Math.sqrt(norm2), x0);
            // v = x − α e₁; β = 2 / vᵀv = 1 / (α(α − x₀)); the sign of α avoids cancellation
            a[base] = x0 - alpha;
            double b = 1.0 / (alpha * (alpha - x0));
            e[k] = alpha;
            beta[k] = b;
            System.arraycopy(a, base, v, 0, len);
            int off = k + 1;
            Blocks.rows(pool, len, ROW_BLOCK, (from, to) -> {
                for (int i = from; i < to; i++) {
                    int row = (off + i) * n + off;
                    double s = 0;
                    for (int j = 0; j < len; j++) {
                        s += a[row + j] * v[j];
                    }
                    p[i] = b * s;
                }
            });
            double pv = 0;
            for (int j = 0; j < len; j++) {
                pv += p[j] * v[j];
            }
            double half = 0.5 * b * pv;
            for (int j = 0; j < len; j++) {
                p[j] -= half * v[j];
            }
            // A₂₂ −= v wᵀ + w vᵀ with w = p − (β pᵀv / 2) v; both terms commute, so A₂₂ stays exactly symmetric
            Blocks.rows(pool, len, ROW_BLOCK, (from, to) -> {
                for (int i = from; i < to; i++) {
                    int row = (off + i) * n + off;
                    double vi = v[i];
                    double wi = p[i];
                    for (int j = 0; j < len; j++) {
                        a[row + j] -= vi * p[j] + wi * v[j];
                    }
                }
            });
        }
        if (n >= 2) {
            d[n - 2] = a[(n - 2) * n + n - 2];
            e[n - 2] = a[(n - 2) * n + n - 1];
        }
        d[n - 1] = a[(n - 1) * n + n - 1];
        e[n - 1] = 0;
    }

    /** Forms Zᵀ for Z = H₀H₁…H_{n−3}: row r of the result is column r of Z. */
    private static double[] accumulate(double[] a, int n, double[] beta, Parallelism pool) {
        double[] zt = new double[n * n];
        for (int i = 0; i < n; i++) {
            zt[i * n + i] = 1.0;
        }
        for (int k = n - 3; k >= 0; k--) {
            double b = beta[k];
            if (b == 0) {
                continue;
            }
            int off = k + 1;
            int len = n - off;
            int vBase = k * n + off;
            // Zᵀ ← Zᵀ H_k touches rows r ≥ k + 1 only, since the later reflections leave the rest the identity
            Blocks.rows(pool, len, ROW_BLOCK, (from, to) -> {
                for (int r = off + from; r < off + to; r++) {
                    int row = r * n + off;
                    double s = 0;
                    for (int j = 0; j < len; j++) {
                        s += zt[row + j] * a[vBase + j];
                    }
                    s *= b;
                    if (s != 0) {
                        for (int j = 0; j < len; j++) {
                            zt[row + j] -= s * a[vBase + j];
                        }
                    }
                }
            });
        }
        return zt;
    }

    /** Implicit QL with Wilkinson shifts on (d, e), rotating the rows of zt. */
    private static void diagonalise(double[] d, double[] e, double[] zt, int n, Parallelism pool) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            norm = Math.max(norm, Math.abs(d[i]) + Math.abs(e[i]) + (i > 0 ? Math.abs(e[i - 1]) : 0));
        }
        double tolerance = EPS * norm;
        double[] cs = new double[n];
        double[] sn = new double[n];
        for (int l = 0; l < n; l++) {
            int sweeps = 0;
            while (true) {
                int m = l;
                while (m < n - 1 && Math.abs(e[m]) > tolerance) {
                    m++;
                }
                if (m == l) {
                    break;
                }
                if (++sweeps > MAX_SWEEPS_PER_VALUE) {
                    throw new EstimationException("symmetric eigensolver: QL did not converge at eigenvalue " + l
                            + " of " + n);
                }
                double g = (d[l + 1] - d[l]) / (2.0 * e[l]);
                double r = Math.hypot(g, 1.0);
                g = d[m] - d[l] + e[l] / (g + Math.copySign(r, g));
                double s = 1.0;
                double c = 1.0;
                double p = 0.0;
                int i;
                boolean underflow = false;
                int first = m - 1;
                for (i = m - 1; i >= l; i--) {
                    double f = s * e[i];
                    double b = c * e[i];
                    r = Math.hypot(f, g);
                    e[i + 1] = r;
                    if (r == 0.0) {
                        d[i + 1] -= p;
                        e[m] = 0.0;
                        underflow = true;
                        break;
                    }
                    s = f / r;
                    c = g / r;
                    g = d[i + 1] - p;
                    r = (d[i] - g) * s + 2.0 * c * b;
                    p = s * r;
                    d[i + 1] = g + p;
                    g = c * r - b;
                    cs[i] = c;
                    sn[i] = s;
                }
                rotate(zt, n, cs, sn, first, underflow ? i + 1 : l, pool);
                if (underflow) {
                    continue;
                }
                d[l] -= p;
                e[l] = g;
                e[m] = 0.0;
            }
        }
    }

    /** Applies the sweep's rotations (i, i + 1) for i = from down to last to the rows of zt. */
    private static void rotate(double[] zt, int n, double[] cs, double[] sn, int from, int last, Parallelism pool) {
        if (from < last) {
            return;
        }
        Blocks.RangeBody body = (k0, k1) -> {
            for (int i = from; i >= last; i--) {
                double c = cs[i];
                double s = sn[i];
                int lo = i * n;
                int hi = lo + n;
                for (int k = k0; k < k1; k++) {
                    double f = zt[hi + k];
                    double z = zt[lo + k];
                    zt[hi + k] = s * z + c * f;
                    zt[lo + k] = c * z - s * f;
                }
            }
        };
        if ((long) (from - last + 1) * n < 1L << 16) {
            body.run(0, n);
        } else {
            Blocks.rows(pool, n, COORDINATE_BLOCK, body);
        }
    }

    private static SymmetricEigen sorted(double[] d, double[] zt, int n) {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // decreasing, stable on ties so that the order is deterministic
        Arrays.sort(order, (x, y) -> Double.compare(d[y], d[x]));
        double[] values = new double[n];
        double[] vectors = new double[n * n];
        for (int j = 0; j < n; j++) {
            values[j] = d[order[j]];
            System.arraycopy(zt, order[j] * n, vectors, j * n, n);
        }
        return new SymmetricEigen(n, values, vectors);
    }
}
