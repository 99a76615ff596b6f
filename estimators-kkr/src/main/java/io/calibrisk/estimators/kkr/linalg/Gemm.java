package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.estimator.Parallelism;

import java.util.Arrays;

/**
 * The dense product {@code C += A·B}: {@code C[i][j] += Σ_p A[i][p]·B[p][j]} for i < rows,
 * j < columns, p < inner, with B and C given as arrays of rows (and A as rows or row-major);
 * B may also be row-major in one array, which the native BLAS then reads in place (the Java
 * product copies it by strips of columns into rows).
 *
 * <p>Why this shape: the innermost loop updates one row of C from four rows of B,
 * {@code c[j] = fma(a₃, b₃[j], fma(a₂, b₂[j], fma(a₁, b₁[j], fma(a₀, b₀[j], c[j]))))}, which
 * the JIT compiles to vector instructions only when every row is an array of its own (with
 * several rows of one flat array at different offsets it cannot rule out overlap and falls back
 * to scalar code, several times slower; so does a loop of dot products, under Java's strict
 * floating-point order). On the benchmark machine this runs at about 10⁹·10 multiply-adds a
 * second on one core, against about 2·10⁹ for dot products.
 *
 * <p>Rounding is fixed: each element of C receives its terms in increasing p, four at a time
 * (one fused multiply-add each) within blocks of {@value #INNER_BLOCK}, whatever the split into
 * rows, columns or threads; so results do not depend on the number of threads.
 *
 * <p>Cost: rows·columns·inner multiply-adds; B's block of {@value #INNER_BLOCK} rows by
 * {@value #COLUMN_BLOCK} columns stays in the L2 cache while every row of C passes over it.
 *
 * <p><b>Native.</b> Where the system's BLAS loads ({@link NativeBlas}), products of at least
 * {@value #NATIVE_WORK} multiply-adds with at least {@value #NATIVE_MIN} rows, columns and terms
 * run through its {@code dgemm} instead, about twice as fast: C is cut into fixed tiles of
 * {@value #TILE} × {@value #TILE}, and each tile takes the terms in fixed chunks of
 * {@value #CHUNK}, B's chunk (and A's, when A is given as rows) copied into a contiguous buffer
 * first (the copies cost 1/{@value #TILE} of the multiply-adds). The tiles depend only on the
 * shape, so again the results do not depend on the number of threads; they differ from the
 * Java product's by rounding only. Memory: per running tile about {@value #TILE}·({@value
 * #TILE} + 2·{@value #CHUNK}) doubles of buffers.
 */
public final class Gemm {
    /** Rows of B per pass over C. */
    static final int INNER_BLOCK = 128;
    /** Columns per pass, so that B's block fits in L2 and four of its rows in L1. */
    private static final int COLUMN_BLOCK = 512;
    /** Rows of C per parallel task. */
    private static final int ROW_TASK = 16;
    /** Columns of C per parallel task when C has few rows. */
    private static final int COLUMN_TASK = 256;
    /** Below this many multiply-adds the parallel form runs in the calling thread. */
    private static final long PARALLEL_WORK = 1L << 18;
    /**
     * Each thread's buffers for native tiles (C's tile, B's chunk, A's chunk), kept between
     * products: a panel product of the pivoted Cholesky would otherwise allocate megabytes for a
     * few milliseconds of work.
     */
    private static final ThreadLocal<double[][]> BUFFERS = ThreadLocal.withInitial(() -> new double[3][0]);
    /**
     * Each thread's rows for {@link #strips}' copies of B and C, kept between products while they
     * hold at most {@value #KEPT_STRIP} doubles: class-wise kkr and ukkr form the features of a
     * few thousand points at every grid point of every fold and class, products of a few
     * microseconds whose fresh copies were a third of the run's allocations.
     */
    private static final ThreadLocal<double[][][]> STRIP_ROWS = ThreadLocal.withInitial(() -> new double[2][0][]);
    /** The most doubles of strip rows a thread keeps: 512 KiB. */
    private static final int KEPT_STRIP = 1 << 16;
    /** The least product the native BLAS takes. */
    static final long NATIVE_WORK = 1L << 18;
    /** The least rows, columns and terms of a product the native BLAS takes. */
    static final int NATIVE_MIN = 8;
    /** Rows and columns of C per native tile: the unit of parallel work. */
    static final int TILE = 512;
    /** Terms per native call. */
    static final int CHUNK = 2048;
    /** Rows of C per block of the Java column-major product. */
    private static final int SUBTRACT_ROWS = 256;

    private Gemm() {
    }

    /**
     * {@code C[cRow + i][j] += Σ_p A[i][p]·B[bRow + p][j]} for i < rows, j in [from, to),
     * p < inner, with A row-major in a flat array, in the calling thread. B and C are indexed by
     * the same column j: the JIT vectorises the update only when every array is indexed alike.
     *
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A, element (i, p) at {@code a[aOff + i·lda + p]}
     * @param aOff  offset of A
     * @param lda   row stride of A
     * @param b     B as rows
     * @param bRow  first row of B
     * @param c     C as rows; no row of C may be a row of B
     * @param cRow  first row of C
     */
    public static void multiplyAdd(int rows, int from, int to, int inner, double[] a, int aOff, int lda,
                                   double[][] b, int bRow, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(Parallelism.sequential(), rows, from, to, inner, new Flat(a, aOff, lda), new Rows(b, bRow, 0),
                    c, cRow);
            return;
        }
        tiles(rows, from, to, inner, (i, p0, p1, j0, j1) -> row(a, aOff + i * lda, p0, p1, b, bRow, c[cRow + i], j0, j1));
    }

    /**
     * The same with A as rows: {@code C[cRow + i][j] += Σ_p A[aRow + i][aOff + p]·B[bRow + p][j]}.
     *
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A as rows
     * @param aRow  first row of A
     * @param aOff  column offset of A
     * @param b     B as rows
     * @param bRow  first row of B
     * @param c     C as rows; no row of C may be a row of B
     * @param cRow  first row of C
     */
    public static void multiplyAdd(int rows, int from, int to, int inner, double[][] a, int aRow, int aOff,
                                   double[][] b, int bRow, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(Parallelism.sequential(), rows, from, to, inner, new Rows(a, aRow, aOff), new Rows(b, bRow, 0),
                    c, cRow);
            return;
        }
        tiles(rows, from, to, inner, (i, p0, p1, j0, j1) -> row(a[aRow + i], aOff, p0, p1, b, bRow, c[cRow + i], j0, j1));
    }

    /** The update of row i of C by the terms [p0, p1) over the columns [j0, j1). */
    @FunctionalInterface
    private interface RowUpdate {
        void run(int i, int p0, int p1, int j0, int j1);
    }

    /** Walks C in tiles of {@value #COLUMN_BLOCK} columns by {@value #INNER_BLOCK} terms, each tile over every row. */
    private static void tiles(int rows, int from, int to, int inner, RowUpdate update) {
        for (int j0 = from; j0 < to; j0 += COLUMN_BLOCK) {
            int j1 = Math.min(to, j0 + COLUMN_BLOCK);
            for (int p0 = 0; p0 < inner; p0 += INNER_BLOCK) {
                int p1 = Math.min(inner, p0 + INNER_BLOCK);
                for (int i = 0; i < rows; i++) {
                    update.run(i, p0, p1, j0, j1);
                }
            }
        }
    }

    /**
     * The flat-A product split over the pool into fixed blocks of rows (or of columns when C has
     * few rows); bit for bit the result of the sequential form.
     *
     * @param pool  the pool
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A, row-major
     * @param aOff  offset of A
     * @param lda   row stride of A
     * @param b     B as rows
     * @param bRow  first row of B
     * @param c     C as rows
     * @param cRow  first row of C
     */
    public static void multiplyAdd(Parallelism pool, int rows, int from, int to, int inner, double[] a, int aOff,
                                   int lda, double[][] b, int bRow, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(pool, rows, from, to, inner, new Flat(a, aOff, lda), new Rows(b, bRow, 0), c, cRow);
            return;
        }
        split(pool, rows, from, to, inner, (first, count, j0, j1) ->
                multiplyAdd(count, j0, j1, inner, a, aOff + first * lda, lda, b, bRow, c, cRow + first));
    }

    /**
     * The row-A product split over the pool; bit for bit the result of the sequential form.
     *
     * @param pool  the pool
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A as rows
     * @param aRow  first row of A
     * @param aOff  column offset of A
     * @param b     B as rows
     * @param bRow  first row of B
     * @param c     C as rows
     * @param cRow  first row of C
     */
    public static void multiplyAdd(Parallelism pool, int rows, int from, int to, int inner, double[][] a, int aRow,
                                   int aOff, double[][] b, int bRow, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(pool, rows, from, to, inner, new Rows(a, aRow, aOff), new Rows(b, bRow, 0), c, cRow);
            return;
        }
        split(pool, rows, from, to, inner, (first, count, j0, j1) ->
                multiplyAdd(count, j0, j1, inner, a, aRow + first, aOff, b, bRow, c, cRow + first));
    }

    /**
     * The product with B row-major in a flat array, {@code B[p][j]} at {@code b[bOff + p·ldb + j]},
     * and A as rows, split over the pool: the native BLAS reads B in place, where the row form
     * copies each of its chunks first (for B of thousands of rows by tens of thousands of
     * columns, as the raw features are, a pass over B's memory that costs as much as a tenth of
     * the product). Bit for bit the row form's result, natively as in Java, whose product copies
     * B and C by strips of {@value #COLUMN_BLOCK} columns into rows.
     *
     * @param pool  the pool
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A as rows
     * @param aRow  first row of A
     * @param aOff  column offset of A
     * @param b     B, row-major
     * @param bOff  offset of B's element (0, 0)
     * @param ldb   row stride of B
     * @param c     C as rows
     * @param cRow  first row of C
     */
    public static void multiplyAdd(Parallelism pool, int rows, int from, int to, int inner, double[][] a, int aRow,
                                   int aOff, double[] b, int bOff, int ldb, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(pool, rows, from, to, inner, new Rows(a, aRow, aOff), new Flat(b, bOff, ldb), c, cRow);
            return;
        }
        strips(pool, rows, from, to, inner, b, bOff, ldb, c, cRow, (count, width, bRows, cRows) ->
                multiplyAdd(count, 0, width, inner, a, aRow, aOff, bRows, 0, cRows, 0));
    }

    /**
     * The same with A row-major in a flat array, {@code A[i][p]} at {@code a[aOff + i·lda + p]}.
     *
     * @param pool  the pool
     * @param rows  rows of A and C
     * @param from  first column of B and C
     * @param to    one past the last column
     * @param inner columns of A, rows of B
     * @param a     A, row-major
     * @param aOff  offset of A
     * @param lda   row stride of A
     * @param b     B, row-major
     * @param bOff  offset of B's element (0, 0)
     * @param ldb   row stride of B
     * @param c     C as rows
     * @param cRow  first row of C
     */
    public static void multiplyAdd(Parallelism pool, int rows, int from, int to, int inner, double[] a, int aOff,
                                   int lda, double[] b, int bOff, int ldb, double[][] c, int cRow) {
        if (natively(rows, to - from, inner)) {
            nativeTiles(pool, rows, from, to, inner, new Flat(a, aOff, lda), new Flat(b, bOff, ldb), c, cRow);
            return;
        }
        strips(pool, rows, from, to, inner, b, bOff, ldb, c, cRow, (count, width, bRows, cRows) ->
                multiplyAdd(count, 0, width, inner, a, aOff, lda, bRows, 0, cRows, 0));
    }

    /** The row form's product of a strip of columns copied into rows: {@code cRows += A·bRows}. */
    @FunctionalInterface
    private interface Strip {
        void run(int rows, int width, double[][] bRows, double[][] cRows);
    }

    /**
     * The Java product with flat B: C's columns in strips of {@value #COLUMN_BLOCK} (fixed by the
     * shape, on the pool when the product is large), each strip of B and C copied into rows for
     * the row form and C's copied back. Every element of C still receives its terms in the row
     * form's order, so the result is the row form's, bit for bit.
     */
    private static void strips(Parallelism pool, int rows, int from, int to, int inner, double[] b, int bOff,
                               int ldb, double[][] c, int cRow, Strip strip) {
        int count = (to - from + COLUMN_BLOCK - 1) / COLUMN_BLOCK;
        Parallelism here = (long) rows * (to - from) * inner < PARALLEL_WORK ? Parallelism.sequential() : pool;
        boolean keep = (long) (inner + rows) * COLUMN_BLOCK <= KEPT_STRIP;
        here.forEach(count, task -> {
            int j0 = from + task * COLUMN_BLOCK;
            int width = Math.min(to, j0 + COLUMN_BLOCK) - j0;
            double[][][] kept = keep ? STRIP_ROWS.get() : null;
            double[][] bRows = keep ? stripRows(kept, 0, inner) : new double[inner][width];
            for (int p = 0; p < inner; p++) {
                System.arraycopy(b, bOff + p * ldb + j0, bRows[p], 0, width);
            }
            double[][] cRows = keep ? stripRows(kept, 1, rows) : new double[rows][width];
            for (int i = 0; i < rows; i++) {
                System.arraycopy(c[cRow + i], j0, cRows[i], 0, width);
            }
            strip.run(rows, width, bRows, cRows);
            for (int i = 0; i < rows; i++) {
                System.arraycopy(cRows[i], 0, c[cRow + i], j0, width);
            }
        });
    }

    /**
     * @return at least {@code count} of this thread's kept rows k, each {@value #COLUMN_BLOCK}
     *     long (their content is garbage: the strip overwrites the columns it reads)
     */
    private static double[][] stripRows(double[][][] kept, int k, int count) {
        if (kept[k].length < count) {
            double[][] grown = Arrays.copyOf(kept[k], count);
            for (int i = kept[k].length; i < count; i++) {
                grown[i] = new double[COLUMN_BLOCK];
            }
            kept[k] = grown;
        }
        return kept[k];
    }

    /** A block of C: rows [first, first + count), columns [j0, j1). */
    @FunctionalInterface
    private interface Block {
        void run(int first, int count, int j0, int j1);
    }

    /**
     * Runs the blocks of C in the calling thread when the product is small, else as fixed
     * blocks of rows (or of columns when C has few rows) on the pool. Each element of C is
     * computed whole within one block, so the split never changes the rounding.
     */
    private static void split(Parallelism pool, int rows, int from, int to, int inner, Block block) {
        int columns = to - from;
        if (pool.threads() == 1 || (long) rows * columns * inner < PARALLEL_WORK) {
            block.run(0, rows, from, to);
        } else if (rows >= 4 * ROW_TASK) {
            pool.forEach((rows + ROW_TASK - 1) / ROW_TASK, task -> {
                int first = task * ROW_TASK;
                block.run(first, Math.min(rows, first + ROW_TASK) - first, from, to);
            });
        } else {
            pool.forEach((columns + COLUMN_TASK - 1) / COLUMN_TASK, task -> {
                int first = from + task * COLUMN_TASK;
                block.run(0, rows, first, Math.min(to, first + COLUMN_TASK));
            });
        }
    }

    /**
     * @return whether the product goes to the native BLAS; a part of a product that does not
     *     never does either (every condition only grows with the shape), so the Java split of a
     *     product stays Java throughout
     */
    static boolean natively(int rows, int columns, int inner) {
        return NativeBlas.available() && rows >= NATIVE_MIN && columns >= NATIVE_MIN && inner >= NATIVE_MIN
                && (long) rows * columns * inner >= NATIVE_WORK;
    }

    /**
     * A row-major matrix, A or B, whose blocks go to dgemm: a row-major block is its transpose
     * column-major, as dgemm takes it (A's block of rows [i0, i0 + count) and terms
     * [p0, p0 + kc), B's of terms [p0, p0 + kc) and columns [j0, j0 + w)).
     */
    private interface RowMajor {
        /**
         * @param row     the block's first row
         * @param rows    its rows
         * @param column  its first column
         * @param columns its columns
         * @param buffer  a buffer of at least rows·columns doubles the block may be copied to
         * @return the array, offset and leading dimension of the block's transpose, column-major
         */
        Operand block(int row, int rows, int column, int columns, double[] buffer);
    }

    private record Operand(double[] array, int offset, int leading) {
    }

    /**
     * A row-major matrix in a flat array, element (i, j) at {@code array[offset + i·stride + j]}:
     * used in place (dgemm packs its operands itself, so a copy only costs memory traffic),
     * unless the block's last row ends within one row's stride of the array's end (the binding
     * checks the operand's extent as whole strides).
     */
    private record Flat(double[] array, int offset, int stride) implements RowMajor {
        @Override
        public Operand block(int row, int rows, int column, int columns, double[] buffer) {
            int at = offset + row * stride + column;
            if ((long) at + (long) rows * stride <= array.length) {
                return new Operand(array, at, stride);
            }
            for (int i = 0; i < rows; i++) {
                System.arraycopy(array, at + i * stride, buffer, i * columns, columns);
            }
            return new Operand(buffer, 0, columns);
        }
    }

    /** A matrix as rows, element (i, j) at {@code rows[first + i][offset + j]}: copied block by block. */
    private record Rows(double[][] rows, int first, int offset) implements RowMajor {
        @Override
        public Operand block(int row, int count, int column, int columns, double[] buffer) {
            for (int i = 0; i < count; i++) {
                System.arraycopy(rows[first + row + i], offset + column, buffer, i * columns, columns);
            }
            return new Operand(buffer, 0, columns);
        }
    }

    /**
     * The product through the native BLAS, in fixed tiles of C run on the pool. In dgemm's
     * column-major terms a row-major tile of C (rows × w) is Cᵀ (w × rows), and
     * {@code Cᵀ += Bᵀ Aᵀ}: B's chunk, row-major (in place or copied, see {@link RowMajor}), is Bᵀ.
     */
    private static void nativeTiles(Parallelism pool, int rows, int from, int to, int inner, RowMajor a,
                                    RowMajor b, double[][] c, int cRow) {
        int rowTiles = (rows + TILE - 1) / TILE;
        int columnTiles = (to - from + TILE - 1) / TILE;
        pool.forEach(rowTiles * columnTiles, tile -> {
            int i0 = (tile / columnTiles) * TILE;
            int count = Math.min(rows, i0 + TILE) - i0;
            int j0 = from + (tile % columnTiles) * TILE;
            int w = Math.min(to, j0 + TILE) - j0;
            int most = Math.min(CHUNK, inner);
            double[][] buffers = BUFFERS.get();
            double[] cTile = buffer(buffers, 0, count * w);
            double[] bChunk = buffer(buffers, 1, most * w);
            double[] aChunk = buffer(buffers, 2, count * most);
            for (int i = 0; i < count; i++) {
                System.arraycopy(c[cRow + i0 + i], j0, cTile, i * w, w);
            }
            for (int p0 = 0; p0 < inner; p0 += CHUNK) {
                int kc = Math.min(inner, p0 + CHUNK) - p0;
                Operand bt = b.block(p0, kc, j0, w, bChunk);
                Operand at = a.block(i0, count, p0, kc, aChunk);
                NativeBlas.dgemm("N", "N", w, count, kc, 1.0, bt.array(), bt.offset(), bt.leading(), at.array(),
                        at.offset(), at.leading(), 1.0, cTile, 0, w);
            }
            for (int i = 0; i < count; i++) {
                System.arraycopy(cTile, i * w, c[cRow + i0 + i], j0, w);
            }
        });
    }

    /** @return whether the system's BLAS is in use (see {@link NativeBlas}) */
    public static boolean nativeBlas() {
        return NativeBlas.available();
    }

    /**
     * The inner products of rows, through the native BLAS (only where {@link #nativeBlas()}):
     * {@code out[c·count + j] = Σ_k y[c·d + k]·x[xOff + j·d + k]} for c < rows, j < count, with x
     * and y row-major, d values per row.
     *
     * @param count the rows of x
     * @param x     x, row-major
     * @param xOff  offset of x's first row
     * @param rows  the rows of y
     * @param y     y, row-major from 0
     * @param d     the values per row
     * @param out   at least rows·count values
     */
    public static void innerProducts(int count, double[] x, int xOff, int rows, double[] y, int d, double[] out) {
        // column-major, out is count × rows: xᵀ's columns (x row-major is column-major d × count) times y's
        NativeBlas.dgemm("T", "N", count, rows, d, 1.0, x, xOff, d, y, 0, d, 0.0, out, 0, count);
    }

    /**
     * {@code C −= A·Bᵀ} on column-major operands, in the calling thread: {@code C[cOff + i + j·ldc] −=
     * Σ_p A[aOff + i + p·lda]·B[j + p·ldb]} for i < m, j < n, p < k. Through the native BLAS where
     * {@link #natively} takes the shape (the binding checks each operand's extent as whole
     * columns: A and C need one column of room beyond their last); otherwise in Java, by blocks
     * of {@value #SUBTRACT_ROWS} rows copied into rows for {@link #multiplyAdd}'s row form, whose
     * rounding it has. Either way an element's value depends on the operands and the shape
     * (m, n, k) only; the BLAS may round an element differently when it comes with other rows, so
     * callers that split C among threads split it by a fixed rule.
     *
     * @param m    rows of A and C
     * @param n    columns of C, rows of B
     * @param k    columns of A and of B
     * @param a    A
     * @param aOff offset of A
     * @param lda  column stride of A
     * @param b    B, offset 0
     * @param ldb  column stride of B, at least n
     * @param c    C
     * @param cOff offset of C
     * @param ldc  column stride of C
     */
    public static void subtractProductColumnMajor(int m, int n, int k, double[] a, int aOff, int lda, double[] b,
                                                  int ldb, double[] c, int cOff, int ldc) {
        if (natively(m, n, k)) {
            NativeBlas.dgemm("N", "T", m, n, k, -1.0, a, aOff, lda, b, 0, ldb, 1.0, c, cOff, ldc);
            return;
        }
        // −B row-major (n × k) as A, and each block of rows of A and C copied into rows, so that
        // the product is the row form's, at its speed: the copies cost 1/n of the multiply-adds
        double[] minusB = new double[n * k];
        for (int j = 0; j < n; j++) {
            for (int p = 0; p < k; p++) {
                minusB[j * k + p] = -b[j + p * ldb];
            }
        }
        double[][] aRows = new double[k][SUBTRACT_ROWS];
        double[][] cRows = new double[n][SUBTRACT_ROWS];
        for (int i0 = 0; i0 < m; i0 += SUBTRACT_ROWS) {
            int len = Math.min(m, i0 + SUBTRACT_ROWS) - i0;
            for (int p = 0; p < k; p++) {
                System.arraycopy(a, aOff + i0 + p * lda, aRows[p], 0, len);
            }
            for (int j = 0; j < n; j++) {
                System.arraycopy(c, cOff + i0 + j * ldc, cRows[j], 0, len);
            }
            multiplyAdd(n, 0, len, k, minusB, 0, k, aRows, 0, cRows, 0);
            for (int j = 0; j < n; j++) {
                System.arraycopy(cRows[j], 0, c, cOff + i0 + j * ldc, len);
            }
        }
    }

    /** @return buffer k of this thread, grown to hold at least {@code size} doubles (its content is garbage) */
    private static double[] buffer(double[][] buffers, int k, int size) {
        if (buffers[k].length < size) {
            buffers[k] = new double[size];
        }
        return buffers[k];
    }

    /** One row of C over the terms [p0, p1): {@code c[j] += Σ_p a[aBase + p]·b[bRow + p][j]}, j in [j0, j1). */
    private static void row(double[] a, int aBase, int p0, int p1, double[][] b, int bRow, double[] c, int j0, int j1) {
        int p = p0;
        for (; p + 3 < p1; p += 4) {
            double a0 = a[aBase + p];
            double a1 = a[aBase + p + 1];
            double a2 = a[aBase + p + 2];
            double a3 = a[aBase + p + 3];
            double[] b0 = b[bRow + p];
            double[] b1 = b[bRow + p + 1];
            double[] b2 = b[bRow + p + 2];
            double[] b3 = b[bRow + p + 3];
            for (int j = j0; j < j1; j++) {
                c[j] = Math.fma(a3, b3[j], Math.fma(a2, b2[j], Math.fma(a1, b1[j], Math.fma(a0, b0[j], c[j]))));
            }
        }
        for (; p < p1; p++) {
            double a0 = a[aBase + p];
            double[] b0 = b[bRow + p];
            for (int j = j0; j < j1; j++) {
                c[j] = Math.fma(a0, b0[j], c[j]);
            }
        }
    }

    /**
     * The transpose of rows into a row-major array: {@code out[outOff + j·ldo + i] = in[inRow + i][inOff + j]}.
     *
     * @param rows    rows of the input
     * @param columns columns of the input
     * @param in      the input rows
     * @param inRow   its first row
     * @param inOff   its column offset
     * @param out     the output, columns × rows row-major
     * @param outOff  its offset
     * @param ldo     its row stride
     */
    public static void transpose(int rows, int columns, double[][] in, int inRow, int inOff, double[] out, int outOff,
                                 int ldo) {
        final int tile = 32;
        for (int i0 = 0; i0 < rows; i0 += tile) {
            int i1 = Math.min(rows, i0 + tile);
            for (int j0 = 0; j0 < columns; j0 += tile) {
                int j1 = Math.min(columns, j0 + tile);
                for (int i = i0; i < i1; i++) {
                    double[] source = in[inRow + i];
                    for (int j = j0; j < j1; j++) {
                        out[outOff + j * ldo + i] = source[inOff + j];
                    }
                }
            }
        }
    }
}
