package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection;
import io.calibrisk.estimators.kkr.spectrum.HeldOutCorrection.Corrected;
import io.calibrisk.estimators.kkr.spectrum.KernelSpectrum;
import io.calibrisk.estimators.kkr.spectrum.TrainingKernel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One training fold's spectrum, shared by every grid point of {@code kkr} and {@code ukkr} (the
 * run's cache holds one per fold and settings), with what does not depend on the regularisation
 * computed once: the raw features κ (kernel values at the factorisation's training points) of
 * the point sets the pipeline evaluates on (the fold and the test split), cached by the points'
 * values (they depend on nothing else), and the products {@code w_i·w_j} of the weights.
 *
 * <p>A grid point's features are a linear map A of the base features {@code b = Fκ}; they are
 * computed as {@code (AF)κ} ({@link #combine}, then {@link #apply}), which costs
 * {@code rows·p} per point instead of the {@code r·p} that b alone would.
 */
final class FoldSpectrum {
    private static final int CACHED_SETS = 4;
    private static final Logger LOG = LoggerFactory.getLogger(FoldSpectrum.class);

    private final KernelSpectrum spectrum;
    /** The spectrum at half the rank, when the rank cap stopped the factorisation; else null. */
    private final FoldSpectrum coarser;
    private final Parallelism pool;
    private final Map<Points, PointSet> cache = new HashMap<>();
    /**
     * For the spectrum at half the rank, the full one: its pivots are the full one's leading
     * half, in order, so its raw features are the full one's leading rows, read in place (at rank
     * 3000 of 32 000 training points, the evaluation fold and the test split hold 0.2 GB fewer per
     * fold); null for the full spectrum.
     */
    private final FoldSpectrum finer;
    private double[][] weightGram;
    private double[][] residualMap;
    private double[] weightsT;

    FoldSpectrum(KernelSpectrum spectrum, Parallelism pool) {
        this(spectrum, Optional.empty(), pool);
    }

    /**
     * @param spectrum the fold's spectrum
     * @param coarser  its coarser form (half the rank), when the rank cap stopped the
     *                 factorisation: every fit then carries a fit on it, whose risk the pipeline
     *                 compares ({@link io.calibrisk.api.estimator.CalibrationFunction#coarserApproximation})
     * @param pool     the run's pool
     */
    FoldSpectrum(KernelSpectrum spectrum, Optional<KernelSpectrum> coarser, Parallelism pool) {
        this(spectrum, coarser, pool, null);
    }

    private FoldSpectrum(KernelSpectrum spectrum, Optional<KernelSpectrum> coarser, Parallelism pool,
                         FoldSpectrum finer) {
        if (finer != null && spectrum.basis().rawSize() > finer.spectrum.basis().rawSize()) {
            throw new IllegalArgumentException("a coarser spectrum of " + spectrum.basis().rawSize()
                    + " raw features for a finer one of " + finer.spectrum.basis().rawSize());
        }
        this.spectrum = spectrum;
        this.pool = pool;
        this.finer = finer;
        this.coarser = coarser.map(c -> new FoldSpectrum(c, Optional.empty(), pool, this)).orElse(null);
    }

    /** @return the fold's spectrum at half the rank, when the rank cap stopped its factorisation */
    Optional<FoldSpectrum> coarser() {
        return Optional.ofNullable(coarser);
    }

    KernelSpectrum spectrum() {
        return spectrum;
    }

    /** @return the run's pool */
    Parallelism pool() {
        return pool;
    }

    /**
     * @param points n' points
     * @return the raw features κ, p × n' row-major (one column per point), or for the spectrum at
     *     half the rank the full one's, whose leading p rows are its own; shared, must not be modified
     */
    double[] raw(Points points) {
        return finer != null ? finer.raw(points) : pointSet(points).raw;
    }

    private PointSet pointSet(Points points) {
        synchronized (cache) {
            PointSet cached = cache.get(points);
            if (cached != null) {
                return cached;
            }
        }
        long start = System.nanoTime();
        double[] computed = spectrum.basis().raw(TrainingKernel.rows(points));
        if (LOG.isTraceEnabled()) {
            LOG.trace("raw features of {} points at {} training points in {} s", points.size(),
                    spectrum.basis().rawSize(), String.format(Locale.ROOT, "%.4f", (System.nanoTime() - start) / 1e9));
        }
        synchronized (cache) {
            if (cache.size() >= CACHED_SETS) {
                cache.clear();
            }
            cache.putIfAbsent(points, new PointSet(computed));
            return cache.get(points);
        }
    }

    /**
     * @param z one point
     * @return its raw features, p values
     */
    double[] raw(double[] z) {
        return spectrum.basis().raw(new double[][] {z});
    }

    /** @return whether the basis corrects the points it represents poorly ({@link HeldOutCorrection}) */
    boolean corrects() {
        return spectrum.basis().correction().isPresent();
    }

    /**
     * @param points n' points
     * @return the corrections of the points the basis represents poorly, cached with the point
     *     set's raw features; {@link Corrected#NONE} when the basis corrects none
     */
    Corrected correction(Points points) {
        if (!corrects()) {
            return Corrected.NONE;
        }
        PointSet set = pointSet(points);
        synchronized (set) {
            if (set.correction == null) {
                set.correction = correct(TrainingKernel.rows(points), set.raw);
                LOG.debug("held-out correction: {} of {} points beyond the pivots' reach",
                        set.correction.indices().length, points.size());
            }
            return set.correction;
        }
    }

    /**
     * @param z one point
     * @return its correction, {@link Corrected#NONE} if it needs none
     */
    Corrected correction(double[] z) {
        return corrects() ? correct(new double[][] {z}, raw(z)) : Corrected.NONE;
    }

    private Corrected correct(double[][] points, double[] raw) {
        int r = spectrum.rank();
        int n = points.length;
        double[][] base = new double[r][n];
        Gemm.multiplyAdd(pool, r, 0, n, spectrum.basis().rawSize(), spectrum.basis().map(), 0, 0, raw, 0, n, base, 0);
        return spectrum.basis().correction().orElseThrow().correct(points, base);
    }

    /**
     * @return {@code WᵀF}, m × p: applied to the raw features, the sums {@code a(z) = Σ_i b_i(z) w_i}
     *     over every mode, {@code Rᵀ QQᵀ k(z)}; shared, must not be modified
     */
    synchronized double[][] residualMap() {
        if (residualMap == null) {
            residualMap = combine(weightsT(), spectrum.dimension(), spectrum.rank());
        }
        return residualMap;
    }

    /** @return Wᵀ, m × r row-major: row c holds w_ic of every mode */
    synchronized double[] weightsT() {
        if (weightsT == null) {
            int r = spectrum.rank();
            int m = spectrum.dimension();
            double[] w = spectrum.weights();
            double[] wt = new double[m * r];
            for (int i = 0; i < r; i++) {
                for (int c = 0; c < m; c++) {
                    wt[c * r + i] = w[i * m + c];
                }
            }
            weightsT = wt;
        }
        return weightsT;
    }

    /**
     * @param a    A, rows × q row-major: a map of the leading q base features
     * @param rows the number of rows of A
     * @param q    the number of leading modes A acts on
     * @return {@code A F}, rows × p as rows
     */
    double[][] combine(double[] a, int rows, int q) {
        double[][] out = new double[rows][spectrum.basis().rawSize()];
        Gemm.multiplyAdd(pool, rows, 0, out[0].length, q, a, 0, q, spectrum.basis().map(), 0, out, 0);
        return out;
    }

    /**
     * @param combined {@code A F}, rows × p, from {@link #combine}
     * @param raw      the raw features κ of n points, p × n row-major
     * @param n        the number of points
     * @return {@code (AF)κ} transposed: n × rows, row-major, one row per point
     */
    double[] apply(double[][] combined, double[] raw, int n) {
        int rows = combined.length;
        ProductRows kept = (long) rows * n <= ProductRows.KEPT ? PRODUCT_ROWS.get() : null;
        double[][] transposed = kept == null ? new double[rows][n] : kept.take(rows, n);
        try {
            Gemm.multiplyAdd(pool, rows, 0, n, spectrum.basis().rawSize(), combined, 0, 0, raw, 0, n, transposed, 0);
            double[] out = new double[n * rows];
            Gemm.transpose(rows, n, transposed, 0, 0, out, 0, rows);
            return out;
        } finally {
            if (kept != null) {
                kept.release(transposed);
            }
        }
    }

    /**
     * Each thread's rows for {@link #apply}'s product before its transpose, kept between calls
     * while they hold at most {@value #KEPT} doubles: class-wise kkr and ukkr form the features
     * of a few thousand points at every grid point of every fold and class, and these rows were
     * a third of their allocations. Rows in use are not lent twice: a thread that waits for the
     * pool may run another fold's task meanwhile, which then gets rows of its own.
     */
    static final class ProductRows {
        static final int KEPT = 1 << 16;
        private double[][] rows = new double[0][];
        private boolean lent;

        /** @return rows × n zeros: these rows when free, fresh ones when they are lent */
        double[][] take(int count, int n) {
            if (lent) {
                return new double[count][n];
            }
            lent = true;
            if (rows.length < count || rows[0].length < n) {
                rows = new double[count][n];
            }
            for (int i = 0; i < count; i++) {
                Arrays.fill(rows[i], 0, n, 0.0);
            }
            return rows;
        }

        void release(double[][] taken) {
            if (taken == rows) {
                lent = false;
            }
        }
    }

    private static final ThreadLocal<ProductRows> PRODUCT_ROWS = ThreadLocal.withInitial(ProductRows::new);

    /**
     * @return {@code WWᵀ}, r × r: entry (i, j) is {@code w_i·w_j} (exactly symmetric); shared,
     *     must not be modified
     */
    synchronized double[][] weightGram() {
        if (weightGram == null) {
            int r = spectrum.rank();
            int m = spectrum.dimension();
            double[] w = spectrum.weights();
            double[][] wt = new double[m][r];
            for (int i = 0; i < r; i++) {
                for (int c = 0; c < m; c++) {
                    wt[c][i] = w[i * m + c];
                }
            }
            double[][] g = new double[r][r];
            Gemm.multiplyAdd(pool, r, 0, r, m, w, 0, m, wt, 0, g, 0);
            // the upper triangle mirrored, since the forms read rows of it: OpenBLAS in one thread
            // (as the launcher and the tests run it) gave (i, j) and (j, i) alike at every shape
            // tried, but with its own threads (a program that embeds calibrisk and leaves
            // OPENBLAS_NUM_THREADS unset) 1830 pairs differed at r = 700, m = 10
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < i; j++) {
                    g[i][j] = g[j][i];
                }
            }
            weightGram = g;
        }
        return weightGram;
    }

    /** A point set's raw features, and the correction of its points once asked for. */
    private static final class PointSet {
        private final double[] raw;
        private Corrected correction;

        PointSet(double[] raw) {
            this.raw = raw;
        }
    }
}
