package io.calibrisk.estimators.kkr;

import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A low-rank form of a symmetric bilinear form whose rank is far below its size:
 * {@code M ≈ P D Pᵀ}, D diagonal, found in the metric of the features' bounds.
 *
 * <p>Given M (q × q) and the scales T = diag(t) that bound the features (so that the form on
 * features of norm at most 1 is {@code N = T M T}), a randomised range finder (Halko, Martinsson and Tropp, SIAM
 * Review 53, 2011; Gaussian test matrix from a fixed seed, so the result is deterministic) finds
 * an orthonormal Y with {@code ‖N − Y YᵀNY Yᵀ‖_F ≤ δ‖N‖_F}, growing it by blocks of
 * {@value #BLOCK} until a fresh block shows the rest is below δ‖N‖_F/10. With {@code X = M T Y}
 * (one product), {@code YᵀNY = (TY)ᵀX = Z D Zᵀ} with the smallest |d| dropped while the dropped
 * part stays within δ‖N‖_F, and {@code P = X Z D⁻¹} (= T⁻¹YZ on the range of Y): the second form
 * divides by the kept eigenvalues only, never by a small scale.
 *
 * <p>Every step is a matrix product of {@link Gemm} (the range finder's products with N, the
 * block Gram–Schmidt against Y done twice, X, YᵀNY, P), so the whole costs about
 * {@code 2q²k + 6qk²} multiply-adds for the final width k, plus O(k³) for the small
 * eigenproblem; it runs in the calling thread (the grid points of a fold run in parallel).
 * The products with N are drawn {@value #SKETCH_BLOCKS} blocks at a time (see {@link Sketches}),
 * the rows of a block the same Gaussian rows as one block at a time.
 *
 * @param rank    s, the number of kept terms
 * @param basisT  Pᵀ, s × q row-major (row c is the c-th column of P)
 * @param weights D, s values
 */
record Compression(int rank, double[] basisT, double[] weights) {
    private static final int BLOCK = 16;
    /**
     * Blocks of ΩN computed in one product. Each product streams M (72 MB at q = 3000) through
     * the BLAS's packing, so with the 16 rows of one block the native product ran at 22 to 27
     * billion floating-point operations a second, against 52 to 55 with 128 rows (canonical,
     * n = 20 000, d = 100; docs/performance.md, 2026-11-29). The range finder still takes one block at a time;
     * at most {@value #SKETCH_BLOCKS} − 1 blocks per compression are computed and never used.
     */
    static final int SKETCH_BLOCKS = 8;

    /**
     * @param m     M, q × q row-major, symmetric (flat, so that the products with M read it in
     *              place: the range finder's products pass over it once per block)
     * @param t     the scales, q values
     * @param q     the size
     * @param delta the relative accuracy δ in the Frobenius norm of N = TMT
     * @return the low-rank form
     */
    static Compression of(double[] m, double[] t, int q, double delta) {
        // N = TMT is never formed: ΩN = ((ΩT)M)T. The loops are in methods of their own, so
        // that the compiler compiles each once, small, not this method again per loop entered.
        double norm = Math.sqrt(squaredNorm(m, t, q));
        if (norm == 0) {
            return new Compression(1, new double[q], new double[] {0});
        }
        double allowed = delta * norm;
        // Y is kept both ways: yt (row a = column a of Y) and y (q rows, growing), so that both
        // products of the projection Z ← Z − (ZY)Yᵀ run along rows
        double[][] yt = new double[q][];
        double[][] y = new double[q][BLOCK];
        // Y grows by blocks of ΩN; a fresh block, projected off Y, estimates ‖(I − YYᵀ)N‖_F
        // (E‖(I − P)NΩ‖²_F = w‖(I − P)N‖²_F for Gaussian Ω), so testing costs nothing extra
        Sketches sketches = new Sketches(m, t, q);
        int k = 0;
        double estimate = norm;
        while (k < q) {
            int w = Math.min(BLOCK, q - k);
            double[][] z = sketches.next(w, q - k);
            project(z, w, y, yt, q, k);
            estimate = Math.sqrt(squares(z) / w);
            if (estimate <= 0.1 * allowed) {
                break;
            }
            // Orthonormalise the block's rows among themselves, dropping those that the
            // projection left at rounding level. A row that was much shorter than its part along
            // Y carries, once normalised, that part's rounding residue amplified; so the kept rows
            // are projected off Y once more and orthonormalised again ("twice is enough").
            int kept = orthonormalise(z, w, q, 1e-14 * norm);
            if (k > 0 && kept > 0) {
                project(z, kept, y, yt, q, k);
                orthonormalise(z, kept, q, 0);
            }
            if (k + kept > y[0].length) {
                int grown = Math.min(q, Math.max(k + kept, 2 * y[0].length));
                for (int i = 0; i < q; i++) {
                    y[i] = Arrays.copyOf(y[i], grown);
                }
            }
            append(z, kept, y, yt, q, k);
            k += kept;
            if (kept == 0) {
                break;
            }
        }
        if (k == 0) {
            // no direction stood out of rounding (δ at rounding level)
            return new Compression(1, new double[q], new double[] {0});
        }
        // TY, both ways; X = M(TY) as its transpose Xᵀ = (TY)ᵀM
        double[] tyt = new double[k * q];
        double[][] ty = new double[q][k];
        scaled(yt, t, k, q, tyt, ty);
        double[][] xt = new double[k][q];
        Gemm.multiplyAdd(Parallelism.sequential(), k, 0, q, q, tyt, 0, q, m, 0, q, xt, 0);
        double[][] bRows = new double[k][k];
        Gemm.multiplyAdd(k, 0, k, q, xt, 0, 0, ty, 0, bRows, 0);
        SymmetricEigen eigen = SymmetricEigen.of(symmetric(bRows, k), k, Parallelism.sequential());
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        double[] d = eigen.values();
        Arrays.sort(order, (a, c) -> Double.compare(Math.abs(d[c]), Math.abs(d[a])));
        if (d[order[0]] == 0) {
            return new Compression(1, new double[q], new double[] {0});
        }
        // drop the smallest |d| while the dropped part stays within the rest of δ‖N‖
        double budget = Math.max(0, allowed * allowed - estimate * estimate);
        int s = k;
        double dropped = 0;
        while (s > 1 && dropped + d[order[s - 1]] * d[order[s - 1]] <= budget) {
            dropped += d[order[s - 1]] * d[order[s - 1]];
            s--;
        }
        // Pᵀ = D⁻¹ Zᵀ Xᵀ: the kept eigenvectors are rows of Zᵀ
        double[] zs = new double[s * k];
        double[] weights = new double[s];
        double[] vectors = eigen.vectors();
        for (int c = 0; c < s; c++) {
            System.arraycopy(vectors, order[c] * k, zs, c * k, k);
            weights[c] = d[order[c]];
        }
        double[][] rows = new double[s][q];
        Gemm.multiplyAdd(s, 0, q, k, zs, 0, k, xt, 0, rows, 0);
        return new Compression(s, divided(rows, weights, s, q), weights);
    }

    /** @return ‖TMT‖²_F, row by row */
    private static double squaredNorm(double[] m, double[] t, int q) {
        double norm = 0;
        for (int i = 0; i < q; i++) {
            int row = i * q;
            for (int j = 0; j < q; j++) {
                double v = t[i] * m[row + j] * t[j];
                norm += v * v;
            }
        }
        return norm;
    }

    /**
     * The rows of ΩN = (NΩᵀ)ᵀ in the order drawn, N symmetric, as ((ΩT)M)T with Ω Gaussian from a
     * fixed seed, each row q draws in turn: the range finder's blocks are consecutive rows, however
     * many rows one product computes.
     */
    private static final class Sketches {
        private final double[] m;
        private final double[] t;
        private final int q;
        private final SplittableRandom random = new SplittableRandom(0x6b6b72L);
        private double[][] rows = new double[0][];
        private int next;

        Sketches(double[] m, double[] t, int q) {
            this.m = m;
            this.t = t;
            this.q = q;
        }

        /**
         * @param w    the rows wanted
         * @param left the rows Y can still take, at least w: no product draws more
         * @return the next w rows, arrays of their own
         */
        double[][] next(int w, int left) {
            if (next + w > rows.length) {
                draw(Math.min(SKETCH_BLOCKS * BLOCK, left));
            }
            double[][] z = Arrays.copyOfRange(rows, next, next + w);
            next += w;
            return z;
        }

        /**
         * Keeps the rows not taken yet and draws count more after them. Rows are left over when
         * the orthonormalisation dropped some, so that Y has fewer than BLOCK columns to go.
         */
        private void draw(int count) {
            int kept = rows.length - next;
            double[] omega = new double[count * q];
            for (int i = 0; i < omega.length; i++) {
                omega[i] = random.nextGaussian() * t[i % q];
            }
            double[][] z = new double[count][q];
            Gemm.multiplyAdd(Parallelism.sequential(), count, 0, q, q, omega, 0, q, m, 0, q, z, 0);
            for (double[] row : z) {
                for (int i = 0; i < q; i++) {
                    row[i] *= t[i];
                }
            }
            double[][] all = new double[kept + count][];
            System.arraycopy(rows, next, all, 0, kept);
            System.arraycopy(z, 0, all, kept, count);
            rows = all;
            next = 0;
        }
    }

    /** @return the sum of the squares of every entry, row by row */
    private static double squares(double[][] z) {
        double sum = 0;
        for (double[] row : z) {
            for (double v : row) {
                sum += v * v;
            }
        }
        return sum;
    }

    /** Appends the first {@code kept} rows of Z to Y as its columns k, k + 1, ..., both ways. */
    private static void append(double[][] z, int kept, double[][] y, double[][] yt, int q, int k) {
        for (int c = 0; c < kept; c++) {
            double[] row = z[c];
            yt[k + c] = row;
            for (int i = 0; i < q; i++) {
                y[i][k + c] = row[i];
            }
        }
    }

    /** TY into {@code tyt} (k × q, row-major) and {@code ty} (q rows of k). */
    private static void scaled(double[][] yt, double[] t, int k, int q, double[] tyt, double[][] ty) {
        for (int a = 0; a < k; a++) {
            double[] ya = yt[a];
            for (int i = 0; i < q; i++) {
                double v = t[i] * ya[i];
                tyt[a * q + i] = v;
                ty[i][a] = v;
            }
        }
    }

    /** @return the symmetric part of the k × k rows, row-major */
    private static double[] symmetric(double[][] rows, int k) {
        double[] b = new double[k * k];
        for (int a = 0; a < k; a++) {
            for (int c = a; c < k; c++) {
                double v = 0.5 * (rows[a][c] + rows[c][a]);
                b[a * k + c] = v;
                b[c * k + a] = v;
            }
        }
        return b;
    }

    /** @return row c divided by weight c, s × q row-major */
    private static double[] divided(double[][] rows, double[] weights, int s, int q) {
        double[] out = new double[s * q];
        for (int c = 0; c < s; c++) {
            double inverse = 1.0 / weights[c];
            for (int i = 0; i < q; i++) {
                out[c * q + i] = rows[c][i] * inverse;
            }
        }
        return out;
    }

    /** Z ← Z − (ZY)Yᵀ for the first {@code rows} rows of Z, twice, over the first k columns of Y. */
    private static void project(double[][] z, int rows, double[][] y, double[][] yt, int q, int k) {
        if (k == 0 || rows == 0) {
            return;
        }
        for (int pass = 0; pass < 2; pass++) {
            double[][] c = new double[rows][k];
            Gemm.multiplyAdd(rows, 0, k, q, z, 0, 0, y, 0, c, 0);
            for (double[] row : c) {
                for (int a = 0; a < k; a++) {
                    row[a] = -row[a];
                }
            }
            Gemm.multiplyAdd(rows, 0, q, k, c, 0, 0, yt, 0, z, 0);
        }
    }

    /**
     * Modified Gram–Schmidt, twice, on the first {@code rows} rows of Z: each row is projected
     * off the rows kept before it and normalised; rows no longer than {@code floor} are dropped
     * and the kept ones moved up. O(rows²·q), small next to the products.
     *
     * @return the number of rows kept
     */
    private static int orthonormalise(double[][] z, int rows, int q, double floor) {
        int kept = 0;
        for (int c = 0; c < rows; c++) {
            double[] zc = z[c];
            for (int pass = 0; pass < 2; pass++) {
                for (int a = 0; a < kept; a++) {
                    double[] za = z[a];
                    double dot = 0;
                    for (int i = 0; i < q; i++) {
                        dot += za[i] * zc[i];
                    }
                    for (int i = 0; i < q; i++) {
                        zc[i] -= dot * za[i];
                    }
                }
            }
            double len = 0;
            for (int i = 0; i < q; i++) {
                len += zc[i] * zc[i];
            }
            len = Math.sqrt(len);
            if (!(len > floor)) {
                continue;
            }
            for (int i = 0; i < q; i++) {
                zc[i] /= len;
            }
            // move the kept row up, keeping the arrays distinct
            z[c] = z[kept];
            z[kept] = zc;
            kept++;
        }
        return kept;
    }
}
