package io.calibrisk.pipeline.risk;

/**
 * The sums over the evaluation points that the bilinear risk needs, RᵀR, ΦᵀR and G = ΦᵀΦ, for
 * many features or coordinates: each element {@code Σ_i u_ia·v_ib} receives its terms in the
 * order of the points, starting from 0, exactly as the point-by-point loop of {@link Risk} adds
 * them, so both give the same bits (a product {@code u·v} and its sum are the same IEEE
 * operations; Java never fuses them).
 *
 * <p>Why: the point-by-point loop updates every element of the three matrices in memory once
 * per point, and as the matrices may share arrays with the points as far as the compiler can
 * tell, it does so one element at a time. Canonical calibration at n' = 8000, d = 100 with 150
 * features spent 30 µs per point there. Here the points come in chunks of {@value #CHUNK},
 * transposed so that each coordinate's values are contiguous, and each tile of 4 × 4 elements
 * is carried in registers over a chunk: 8 loads per 16 multiply-adds, about a sixth of the time.
 *
 * <p>Cost: n'(m² / 2 + qm + q² / 2) multiply-adds, rounded up to whole tiles; memory
 * O((m + q)·{@value #CHUNK} + (m + q)²).
 */
final class PointSums {
    /** Points per chunk: the transposed chunk of the points stays in the L1 and L2 caches. */
    static final int CHUNK = 64;
    /** Rows and columns of a tile of elements carried in registers. */
    private static final int TILE = 4;

    private PointSums() {
    }

    /**
     * @param m the points' residual coordinates
     * @param q the features
     * @return whether the tiles pay for their transposes and padding: with a few coordinates and
     *     features (the scalar components of top-label and class-wise calibration) the
     *     point-by-point loop is as fast
     */
    static boolean pays(int m, int q) {
        return m + q >= 16;
    }

    /**
     * RᵀR and G (upper triangles; the lower ones are left to be mirrored) and ΦᵀR.
     *
     * @param r   the residuals R, n × m row-major
     * @param f   the features Φ, n × q row-major
     * @param n   the points
     * @param m   the coordinates
     * @param q   the features
     * @param rtr receives RᵀR, m × m row-major
     * @param ftr receives ΦᵀR, q × m row-major
     * @param ftf receives G, q × q row-major
     */
    static void add(double[] r, double[] f, int n, int m, int q, double[] rtr, double[] ftr, double[] ftf) {
        int mp = padded(m);
        int qp = padded(q);
        // the chunks transposed, coordinate a's values at [a·CHUNK, (a + 1)·CHUNK); padding rows stay 0
        double[] rt = new double[mp * CHUNK];
        double[] ft = new double[qp * CHUNK];
        double[] rr = new double[mp * mp];
        double[] fr = new double[qp * mp];
        double[] ff = new double[qp * qp];
        for (int i0 = 0; i0 < n; i0 += CHUNK) {
            int count = Math.min(CHUNK, n - i0);
            transpose(r, i0, count, m, rt);
            transpose(f, i0, count, q, ft);
            for (int a = 0; a < mp; a += TILE) {
                for (int b = a; b < mp; b += TILE) {
                    tile(rt, a, rt, b, count, rr, a * mp + b, mp);
                }
            }
            for (int a = 0; a < qp; a += TILE) {
                for (int b = 0; b < mp; b += TILE) {
                    tile(ft, a, rt, b, count, fr, a * mp + b, mp);
                }
                for (int b = a; b < qp; b += TILE) {
                    tile(ft, a, ft, b, count, ff, a * qp + b, qp);
                }
            }
        }
        unpad(rr, mp, m, m, rtr);
        unpad(fr, mp, q, m, ftr);
        unpad(ff, qp, q, q, ftf);
    }

    private static int padded(int size) {
        return (size + TILE - 1) / TILE * TILE;
    }

    /** Points [i0, i0 + count) of the n × width row-major array into {@code out[a·CHUNK + i]}. */
    private static void transpose(double[] in, int i0, int count, int width, double[] out) {
        for (int i = 0; i < count; i++) {
            int row = (i0 + i) * width;
            for (int a = 0; a < width; a++) {
                out[a * CHUNK + i] = in[row + a];
            }
        }
    }

    /**
     * {@code x[at + s·ld + t] += Σ_{i < count} u[(a + s)·CHUNK + i]·v[(b + t)·CHUNK + i]} for
     * s, t < 4, the terms in order of i.
     */
    private static void tile(double[] u, int a, double[] v, int b, int count, double[] x, int at, int ld) {
        int u0 = a * CHUNK;
        int u1 = u0 + CHUNK;
        int u2 = u1 + CHUNK;
        int u3 = u2 + CHUNK;
        int v0 = b * CHUNK;
        int v1 = v0 + CHUNK;
        int v2 = v1 + CHUNK;
        int v3 = v2 + CHUNK;
        int x1 = at + ld;
        int x2 = x1 + ld;
        int x3 = x2 + ld;
        double s00 = x[at];
        double s01 = x[at + 1];
        double s02 = x[at + 2];
        double s03 = x[at + 3];
        double s10 = x[x1];
        double s11 = x[x1 + 1];
        double s12 = x[x1 + 2];
        double s13 = x[x1 + 3];
        double s20 = x[x2];
        double s21 = x[x2 + 1];
        double s22 = x[x2 + 2];
        double s23 = x[x2 + 3];
        double s30 = x[x3];
        double s31 = x[x3 + 1];
        double s32 = x[x3 + 2];
        double s33 = x[x3 + 3];
        for (int i = 0; i < count; i++) {
            double p0 = u[u0 + i];
            double p1 = u[u1 + i];
            double p2 = u[u2 + i];
            double p3 = u[u3 + i];
            double w0 = v[v0 + i];
            double w1 = v[v1 + i];
            double w2 = v[v2 + i];
            double w3 = v[v3 + i];
            s00 += p0 * w0;
            s01 += p0 * w1;
            s02 += p0 * w2;
            s03 += p0 * w3;
            s10 += p1 * w0;
            s11 += p1 * w1;
            s12 += p1 * w2;
            s13 += p1 * w3;
            s20 += p2 * w0;
            s21 += p2 * w1;
            s22 += p2 * w2;
            s23 += p2 * w3;
            s30 += p3 * w0;
            s31 += p3 * w1;
            s32 += p3 * w2;
            s33 += p3 * w3;
        }
        x[at] = s00;
        x[at + 1] = s01;
        x[at + 2] = s02;
        x[at + 3] = s03;
        x[x1] = s10;
        x[x1 + 1] = s11;
        x[x1 + 2] = s12;
        x[x1 + 3] = s13;
        x[x2] = s20;
        x[x2 + 1] = s21;
        x[x2 + 2] = s22;
        x[x2 + 3] = s23;
        x[x3] = s30;
        x[x3 + 1] = s31;
        x[x3 + 2] = s32;
        x[x3 + 3] = s33;
    }

    /** Copies the rows × columns part of the padded sums (row stride ld) into {@code out}. */
    private static void unpad(double[] sums, int ld, int rows, int columns, double[] out) {
        for (int a = 0; a < rows; a++) {
            for (int b = 0; b < columns; b++) {
                out[a * columns + b] = sums[a * ld + b];
            }
        }
    }
}
