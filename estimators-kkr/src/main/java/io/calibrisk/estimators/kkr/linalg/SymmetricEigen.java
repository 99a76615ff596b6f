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
 * <p>Every phase runs along contiguous rows, so that the JIT vectorises it: the reduction's
 * product {@code A₂₂v} is taken as {@code vᵀA₂₂} (A₂₂ is kept exactly symmetric) with {@link
 * Gemm}; the reflections are accumulated from the left, {@code Q ← H_k Q} for k from the last
 * down, each as {@code wᵀ = vᵀQ₂₂} and a rank-one update (LAPACK's order, dorgtr), and Q
 * transposed at the end; the rotations of QL are recorded and applied later in chunks, each
 * chunk split into blocks of {@value #COORDINATE_BLOCK} coordinates that take every rotation of
 * the chunk in order, in parallel and within the cache, instead of one pass over the whole rows
 * per sweep.
 *
 * <p>From order {@value #NATIVE_ORDER} on, where the system's LAPACK can be loaded (see {@link
 * NativeLapack}), {@code dsyevr} computes the decomposition instead, several times faster; the
 * two agree to rounding (both are backward stable), and neither depends on the number of threads.
 *
 * <p>Cost of the Java code: (4/3)n³ for the reduction, (4/3)n³ for the accumulation and about 3n³ for the
 * rotations, all split into fixed blocks over the pool (the split never depends on the number
 * of threads, so neither do the results); memory: two n × n arrays and a buffer of rotations.
 *
 * @param size    n
 * @param values  the eigenvalues, decreasing
 * @param vectors the eigenvectors, eigenvector j at {@code [j·n, (j+1)·n)} (unit length)
 */
public record SymmetricEigen(int size, double[] values, double[] vectors) {
    private static final double EPS = Math.ulp(1.0);
    private static final int MAX_SWEEPS_PER_VALUE = 60;
    private static final int ROW_BLOCK = 64;
    /** The fewest coordinates per task when the recorded rotations are applied. */
    private static final int COORDINATE_BLOCK = 64;
    /** Tasks the coordinates are split into when the recorded rotations are applied (if wide enough). */
    private static final int COORDINATE_TASKS = 8;
    /** Sweeps of QL applied together, see {@link Rotations}. */
    private static final int FUSED_SWEEPS = 4;
    /** Rotations recorded before they are applied. */
    private static final int ROTATION_CHUNK = 1 << 20;
    /** From this order on, the native LAPACK is used where it is available (see {@link NativeLapack}). */
    static final int NATIVE_ORDER = 64;
    /** Below this many multiply-adds a phase's step runs in the calling thread. */
    private static final long PARALLEL_WORK = 1L << 16;

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

    /** @return whether {@link #of} uses the system's LAPACK (see {@link NativeLapack}) */
    public static boolean nativeLapack() {
        return NativeLapack.available();
    }

    /**
     * Decomposes a symmetric matrix, with the native LAPACK where it is available.
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
        if (n >= NATIVE_ORDER && NativeLapack.available()) {
            SymmetricEigen decomposition = NativeLapack.dsyevr(matrix, n);
            if (decomposition != null) {
                return decomposition;
            }
        }
        return java(matrix, n, pool);
    }

    /**
     * Decomposes a symmetric matrix with the Java code below, whether or not a native LAPACK is
     * available.
     *
     * @param matrix n × n, row-major; only symmetric input gives meaningful output; not modified
     * @param n      the order
     * @param pool   the pool the blocks run on
     * @return the decomposition
     * @throws EstimationException if QL does not converge (not observed on finite input)
     */
    public static SymmetricEigen java(double[] matrix, int n, Parallelism pool) {
        if (n == 0) {
            return new SymmetricEigen(0, new double[0], new double[0]);
        }
        // one array per row, so that the JIT vectorises the row updates (see Gemm)
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = Arrays.copyOfRange(matrix, i * n, (i + 1) * n);
        }
        double[] d = new double[n];
        double[] e = new double[n];
        double[] beta = new double[n];
        tridiagonalise(a, n, d, e, beta, pool);
        double[][] zt = accumulate(a, n, beta, pool);
        diagonalise(d, e, zt, n, pool);
        return sorted(d, zt, n);
    }

    /**
     * Householder reduction: on return d and e hold the tridiagonal T = Hᵀ A H (e[i] couples i
     * and i + 1), and row k of {@code a} right of the diagonal holds the reflector v_k of
     * {@code H_k = I − β_k v_k v_kᵀ}.
     */
    private static void tridiagonalise(double[][] a, int n, double[] d, double[] e, double[] beta, Parallelism pool) {
        double[] p = new double[n];
        double[][] pRow = {p};
        for (int k = 0; k < n - 2; k++) {
            double[] rowK = a[k];
            int base = k + 1;
            int len = n - k - 1;
            d[k] = rowK[k];
            double scale = 0;
            for (int j = 0; j < len; j++) {
                scale = Math.max(scale, Math.abs(rowK[base + j]));
            }
            if (scale == 0) {
                e[k] = 0;
                beta[k] = 0;
                continue;
            }
            double norm2 = 0;
            for (int j = 0; j < len; j++) {
                double x = rowK[base + j] / scale;
                norm2 += x * x;
            }
            double x0 = rowK[base];
            double alpha = -Math.copySign(scale * Math.sqrt(norm2), x0);
            e[k] = alpha;
            // v = x − α e₁; β = 2 / vᵀv = 1 / (α(α − x₀)); the sign of α avoids cancellation. v is
            // taken as (x − α e₁) / 2^⌊log₂ scale⌋ and β as 2^(2⌊log₂ scale⌋) times the above, the
            // same reflection: α(α − x₀) would underflow to 0 for a column of a kernel matrix whose
            // off-diagonal values are 1e−200, and scaling by a power of two is exact otherwise.
            double down = Math.scalb(1.0, -Math.getExponent(scale));
            for (int j = 0; j < len; j++) {
                rowK[base + j] *= down;
            }
            x0 *= down;
            alpha *= down;
            rowK[base] = x0 - alpha;
            double b = 1.0 / (alpha * (alpha - x0));
            beta[k] = b;
            int off = k + 1;
            Parallelism here = (long) len * len < PARALLEL_WORK ? Parallelism.sequential() : pool;
            // v is rowK[off..n); p = β A₂₂v, taken as β vᵀA₂₂ along the rows (A₂₂ is exactly
            // symmetric), kept at the same columns as A₂₂ so that every loop indexes alike
            Arrays.fill(p, off, n, 0.0);
            Gemm.multiplyAdd(here, 1, off, n, len, rowK, off, n, a, off, pRow, 0);
            for (int j = off; j < n; j++) {
                p[j] *= b;
            }
            double pv = 0;
            for (int j = off; j < n; j++) {
                pv += p[j] * rowK[j];
            }
            double half = 0.5 * b * pv;
            for (int j = off; j < n; j++) {
                p[j] -= half * rowK[j];
            }
            // A₂₂ −= v wᵀ + w vᵀ with w = p − (β pᵀv / 2) v; both terms commute, so A₂₂ stays exactly symmetric
            Blocks.rows(here, len, ROW_BLOCK, (from, to) -> rankTwo(a, rowK, p, off + from, off + to, off, n));
        }
        if (n >= 2) {
            d[n - 2] = a[n - 2][n - 2];
            e[n - 2] = a[n - 2][n - 1];
        }
        d[n - 1] = a[n - 1][n - 1];
        e[n - 1] = 0;
    }

    /** Rows [i0, i1) of A, columns [j0, j1): {@code A −= v wᵀ + w vᵀ} (static, so that the JIT vectorises it). */
    private static void rankTwo(double[][] a, double[] v, double[] w, int i0, int i1, int j0, int j1) {
        for (int i = i0; i < i1; i++) {
            double[] row = a[i];
            double vi = v[i];
            double wi = w[i];
            for (int j = j0; j < j1; j++) {
                row[j] -= vi * w[j] + wi * v[j];
            }
        }
    }

    /** Rows [i0, i1) of Z, columns [j0, j1): {@code Z −= v wᵀ}. */
    private static void rankOne(double[][] z, double[] v, double[] w, int i0, int i1, int j0, int j1) {
        for (int i = i0; i < i1; i++) {
            double vi = v[i];
            if (vi == 0) {
                continue;
            }
            double[] row = z[i];
            for (int j = j0; j < j1; j++) {
                row[j] -= vi * w[j];
            }
        }
    }

    /**
     * Forms Zᵀ for Z = H₀H₁…H_{n−3}: row r of the result is column r of Z. Z is built from the
     * left, {@code Z ← H_k Z} for k from n − 3 down, which touches only rows and columns ≥ k + 1
     * (the later reflections leave the rest the identity); then transposed in place.
     */
    private static double[][] accumulate(double[][] a, int n, double[] beta, Parallelism pool) {
        double[][] z = new double[n][n];
        for (int i = 0; i < n; i++) {
            z[i][i] = 1.0;
        }
        double[] w = new double[n];
        double[][] wRow = {w};
        for (int k = n - 3; k >= 0; k--) {
            double b = beta[k];
            if (b == 0) {
                continue;
            }
            int off = k + 1;
            int len = n - off;
            double[] v = a[k];
            Parallelism here = (long) len * len < PARALLEL_WORK ? Parallelism.sequential() : pool;
            // wᵀ = β vᵀ Z₂₂, then Z₂₂ −= v wᵀ; v is a[k][off..n), w kept at the same columns
            Arrays.fill(w, off, n, 0.0);
            Gemm.multiplyAdd(here, 1, off, n, len, v, off, n, z, off, wRow, 0);
            for (int j = off; j < n; j++) {
                w[j] *= b;
            }
            Blocks.rows(here, len, ROW_BLOCK, (from, to) -> rankOne(z, v, w, off + from, off + to, off, n));
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double t = z[i][j];
                z[i][j] = z[j][i];
                z[j][i] = t;
            }
        }
        return z;
    }

    /** Implicit QL with Wilkinson shifts on (d, e), rotating the rows of zt. */
    private static void diagonalise(double[] d, double[] e, double[][] zt, int n, Parallelism pool) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            norm = Math.max(norm, Math.abs(d[i]) + Math.abs(e[i]) + (i > 0 ? Math.abs(e[i - 1]) : 0));
        }
        double tolerance = EPS * norm;
        double[] cs = new double[n];
        double[] sn = new double[n];
        Rotations rotations = new Rotations(zt, n, pool);
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
                rotations.record(cs, sn, first, underflow ? i + 1 : l);
                if (underflow) {
                    continue;
                }
                d[l] -= p;
                e[l] = g;
                e[m] = 0.0;
            }
        }
        rotations.flush();
    }

    /**
     * The rotations of QL, recorded sweep by sweep and applied to the rows of zt in chunks: each
     * task takes a block of coordinates (columns of zt) through every rotation of the chunk in
     * order, so the arithmetic of each element is that of applying the sweeps one by one.
     */
    private static final class Rotations {
        private final double[][] zt;
        private final int n;
        private final Parallelism pool;
        private double[] cosines;
        private double[] sines;
        /** Per sweep: the first (highest) index i of its rotations (i, i + 1), then the last. */
        private int[] sweeps = new int[256];
        private int count;
        private int sweepCount;

        Rotations(double[][] zt, int n, Parallelism pool) {
            this.zt = zt;
            this.n = n;
            this.pool = pool;
            // QL takes about n²·3/4 rotations (fewer on kernel spectra); start near that
            int expected = (int) Math.min(ROTATION_CHUNK, Math.max(1024L, (long) n * n * 3 / 4));
            this.cosines = new double[expected];
            this.sines = new double[expected];
        }

        /** Records the rotations (i, i + 1) for i = from down to last, cs[i] and sn[i]. */
        void record(double[] cs, double[] sn, int from, int last) {
            if (from < last) {
                return;
            }
            int length = from - last + 1;
            if (count + length > ROTATION_CHUNK) {
                flush();
            }
            if (count + length > cosines.length) {
                int grown = Math.max(count + length, 2 * cosines.length);
                cosines = java.util.Arrays.copyOf(cosines, grown);
                sines = java.util.Arrays.copyOf(sines, grown);
            }
            if (2 * sweepCount + 2 > sweeps.length) {
                sweeps = java.util.Arrays.copyOf(sweeps, 2 * sweeps.length);
            }
            for (int i = from; i >= last; i--) {
                cosines[count] = cs[i];
                sines[count] = sn[i];
                count++;
            }
            sweeps[2 * sweepCount] = from;
            sweeps[2 * sweepCount + 1] = last;
            sweepCount++;
        }

        /**
         * Applies the recorded sweeps to the coordinates [k0, k1) of the rows of zt, {@value
         * #FUSED_SWEEPS} consecutive sweeps at a time as a wavefront: sweep q takes its rotation
         * (i, i + 1) once every earlier sweep of the group has gone below i − 1 (or is done), so
         * that each row meets the rotations
         * of the group in the original order (the result is bit for bit that of one sweep after
         * the other) while the few rows in play stay in the L1 cache; one sweep at a time, every
         * sweep streams the whole block of rows from L2, at a third of the speed.
         */
        private static void apply(double[][] zt, double[] c, double[] s, int[] sweeps, int total, int k0, int k1) {
            int[] next = new int[FUSED_SWEEPS];
            int[] last = new int[FUSED_SWEEPS];
            int[] at = new int[FUSED_SWEEPS];
            int start = 0;
            for (int w0 = 0; w0 < total; w0 += FUSED_SWEEPS) {
                int group = Math.min(FUSED_SWEEPS, total - w0);
                for (int q = 0; q < group; q++) {
                    next[q] = sweeps[2 * (w0 + q)];
                    last[q] = sweeps[2 * (w0 + q) + 1];
                    at[q] = start;
                    start += next[q] - last[q] + 1;
                }
                boolean moved = true;
                while (moved) {
                    moved = false;
                    for (int q = 0; q < group; q++) {
                        int i = next[q];
                        if (i < last[q] || waits(next, last, q, i)) {
                            continue;
                        }
                        rotate(zt[i], zt[i + 1], c[at[q]], s[at[q]], k0, k1);
                        at[q]++;
                        next[q]--;
                        moved = true;
                    }
                }
            }
        }

        /** Whether an earlier sweep of the group still has a rotation touching row i or i + 1. */
        private static boolean waits(int[] next, int[] last, int q, int i) {
            for (int p = 0; p < q; p++) {
                if (next[p] >= last[p] && next[p] >= i - 1) {
                    return true;
                }
            }
            return false;
        }

        /** Rows (lo, hi) ← (c·lo − s·hi, s·lo + c·hi) over [k0, k1). */
        private static void rotate(double[] lo, double[] hi, double c, double s, int k0, int k1) {
            for (int k = k0; k < k1; k++) {
                double f = hi[k];
                double z = lo[k];
                hi[k] = s * z + c * f;
                lo[k] = c * z - s * f;
            }
        }

        /** Applies and forgets the recorded rotations. */
        void flush() {
            if (count == 0) {
                return;
            }
            double[] c = cosines;
            double[] s = sines;
            int[] list = sweeps;
            int total = sweepCount;
            // the loops live in a static method: in a lambda, reading the captured arrays, the JIT
            // does not vectorise them
            Blocks.RangeBody body = (k0, k1) -> apply(zt, c, s, list, total, k0, k1);
            if ((long) count * n < PARALLEL_WORK) {
                body.run(0, n);
            } else {
                // a few wide blocks: the work per rotation is then long enough to hide its overhead
                int width = Math.max(COORDINATE_BLOCK, ((n + COORDINATE_TASKS - 1) / COORDINATE_TASKS + 7) / 8 * 8);
                Blocks.rows(pool, n, width, body);
            }
            count = 0;
            sweepCount = 0;
        }
    }

    private static SymmetricEigen sorted(double[] d, double[][] zt, int n) {
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
            System.arraycopy(zt[order[j]], 0, vectors, j * n, n);
        }
        return new SymmetricEigen(n, values, vectors);
    }
}
