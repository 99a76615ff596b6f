package io.calibrisk.estimators.kkr.spectrum;

import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.Parallelism;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.estimators.kkr.linalg.Gemm;
import io.calibrisk.estimators.kkr.linalg.PivotedCholesky;
import io.calibrisk.estimators.kkr.linalg.SymmetricEigen;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * The low-rank spectrum: a pivoted Cholesky factor {@code K ≈ LLᵀ} (n × r, pivots S), the
 * eigendecomposition {@code LᵀL = V Σ Vᵀ} of its r × r Gram matrix, so that
 * {@code LLᵀ = Q Σ Qᵀ} with {@code Q = L V Σ^{-1/2}}, and the Nyström extension of the kernel
 * to new points, {@code k̃(z) = L L_SS⁻¹ k_S(z)}. Kernel ridge regression with this spectrum is
 * exact kernel ridge regression with the Nyström kernel {@code k̃(x, y) = k_S(x)ᵀ K_SS⁻¹ k_S(y)},
 * which differs from k by a positive semi-definite residual of trace
 * {@link PivotedCholesky.Factor#residualTrace()} on the training points.
 *
 * <p>In the scaled form of {@link KernelSpectrum}: {@code b(z) = Vᵀ L_SS⁻¹ k_S(z)},
 * {@code w = Vᵀ LᵀR}, λ = Σ; no step divides by a small eigenvalue. Where
 * {@link HeldOutCorrection#applies} the spectrum keeps L for the {@link HeldOutCorrection}
 * of the points its pivots do not reach, and scale = 1, the bound of every point's base
 * features ({@code ‖b(z)‖² = k̃(z, z) ≤ k(z, z)}); otherwise scale = √Σ, the training points'.
 *
 * <p>Cost: O(n r² + r³) flops and n·r kernel evaluations to factor, O(n'·r·(r + m)) per
 * batch of n' points (and n·(d + r + m) per corrected point); memory O(n r + r²).
 */
public final class LowRankFactorisation {
    private static final int POINT_BLOCK = 64;
    /** Rows of the back substitution taken together, so that most of it is one matrix product. */
    private static final int SOLVE_BLOCK = 64;
    private static final Logger LOG = LoggerFactory.getLogger(LowRankFactorisation.class);

    private LowRankFactorisation() {
    }

    /**
     * @param kernel    the kernel bound to the n training points
     * @param residuals R, n × m
     * @param tolerance the pivoted Cholesky's relative trace tolerance
     * @param maxRank   the cap on the rank
     * @param pool      the pool
     * @return the spectrum with r modes
     */
    public static KernelSpectrum of(TrainingKernel kernel, Points residuals, double tolerance, int maxRank,
                                    Parallelism pool) {
        Optional<RbfProducts> products = RbfProducts.of(kernel);
        PivotedCholesky.Factor factor = factor(kernel, products, tolerance, maxRank, pool);
        return spectrum(kernel, products, residuals, factor, HeldOutCorrection.applies(kernel.size(), factor.rank()),
                pool);
    }

    /**
     * A spectrum and, when the pivoted Cholesky stopped at the rank cap with its residual trace
     * above the tolerance, the spectrum of its leading ⌈r/2⌉ steps ({@link PivotedCholesky.Factor#leading}):
     * the coarser approximation against which the estimators check that the truncation does
     * not decide a grid point's risk.
     *
     * @param spectrum the spectrum of rank r
     * @param coarser  the spectrum at half the rank, when the cap stopped the factorisation
     */
    public record Truncated(KernelSpectrum spectrum, Optional<KernelSpectrum> coarser) {
    }

    /**
     * {@link #of}, and the coarser spectrum when the rank cap, not the tolerance, stopped the
     * factorisation. Its eigendecomposition and feature map cost about an eighth of the full
     * rank's; its factor is the full one's leading columns, not a copy. It never has the
     * {@link HeldOutCorrection}, whether the full spectrum has it or not.
     *
     * @param kernel    the kernel bound to the n training points
     * @param residuals R, n × m
     * @param tolerance the pivoted Cholesky's relative trace tolerance
     * @param maxRank   the cap on the rank
     * @param pool      the pool
     * @return the spectrum, and its coarser form when the cap was reached short of the tolerance
     */
    public static Truncated withCheck(TrainingKernel kernel, Points residuals, double tolerance, int maxRank,
                                      Parallelism pool) {
        // one block form of the kernel for the factorisation and both spectra: it holds a copy
        // of the training points (n·d doubles), and each spectrum keeps it for its features
        Optional<RbfProducts> products = RbfProducts.of(kernel);
        PivotedCholesky.Factor factor = factor(kernel, products, tolerance, maxRank, pool);
        KernelSpectrum spectrum = spectrum(kernel, products, residuals, factor,
                HeldOutCorrection.applies(kernel.size(), factor.rank()), pool);
        boolean capped = factor.rank() >= maxRank && factor.rank() > 1
                && factor.residualTrace() > tolerance * factor.initialTrace();
        if (!capped) {
            return new Truncated(spectrum, Optional.empty());
        }
        int half = (factor.rank() + 1) / 2;
        LOG.debug("the rank cap {} stopped the pivoted Cholesky at residual trace {}; checking against rank {}",
                maxRank, factor.residualTrace(), half);
        // never corrected: the correction's own approximation (the modes outside the factor's span
        // weighed 1/μ) would be shared by both ranks and hide from the comparison (600 points, 20
        // classes, cap 60, c = 1: both corrected, the risks agreed to within the threshold while
        // the fit was 1.1e−6 from exact mode); and at half the rank n·r/2 may admit a correction
        // the full rank did not, which cost far more per grid point than the fit it checks
        return new Truncated(spectrum, Optional.of(spectrum(kernel, products, residuals, factor.leading(half), false,
                pool)));
    }

    /**
     * @param kernel    the positive-definite kernel
     * @param dimension the points' coordinates
     * @return whether the fast mode computes the kernel's values as inner products through the
     *     native BLAS ({@link RbfProducts})
     */
    public static boolean kernelProducts(PositiveDefiniteKernel kernel, int dimension) {
        return RbfProducts.applies(kernel, dimension);
    }

    /**
     * The rank the fast mode's pivoted Cholesky reaches on a kernel, with the factorisation's own
     * pivots and stops but without the rest of it (L's Gram, the spectrum): for estimating,
     * before a run, the rank of its folds from a sample of their points.
     *
     * @param kernel    the kernel bound to the points
     * @param tolerance the relative trace tolerance
     * @param maxRank   the cap on the rank
     * @param pool      the pool
     * @return the rank
     */
    public static int rank(TrainingKernel kernel, double tolerance, int maxRank, Parallelism pool) {
        return PivotedCholesky.rank(diagonal(kernel), columns(kernel, RbfProducts.of(kernel)), tolerance, maxRank,
                pool);
    }

    private static double[] diagonal(TrainingKernel kernel) {
        double[][] x = kernel.rows();
        double[] diagonal = new double[x.length];
        for (int j = 0; j < x.length; j++) {
            diagonal[j] = kernel.value(x[j], x[j]);
        }
        return diagonal;
    }

    /** K's columns: as inner products through the BLAS where the kernel allows, else one value at a time. */
    private static PivotedCholesky.Columns columns(TrainingKernel kernel, Optional<RbfProducts> products) {
        double[][] x = kernel.rows();
        PivotedCholesky.Columns direct = (pivot, from, to, out, offset) -> {
            for (int j = from; j < to; j++) {
                out[offset + j] = kernel.value(x[j], x[pivot]);
            }
        };
        return products.isPresent() ? products.get().columns(direct) : direct;
    }

    private static PivotedCholesky.Factor factor(TrainingKernel kernel, Optional<RbfProducts> products,
                                                 double tolerance, int maxRank, Parallelism pool) {
        int n = kernel.size();
        long start = System.nanoTime();
        PivotedCholesky.Factor factor = PivotedCholesky.of(diagonal(kernel), columns(kernel, products), tolerance,
                maxRank, pool);
        if (LOG.isDebugEnabled()) {
            LOG.debug("pivoted Cholesky of n = {}: rank {} in {} s", n, factor.rank(),
                    seconds(System.nanoTime() - start));
        }
        return factor;
    }

    /**
     * The spectrum of a pivoted Cholesky factor: its Gram's eigendecomposition, the weights and
     * the feature map, with the {@link HeldOutCorrection} when {@code corrected}.
     */
    private static KernelSpectrum spectrum(TrainingKernel kernel, Optional<RbfProducts> products, Points residuals,
                                           PivotedCholesky.Factor factor, boolean corrected, Parallelism pool) {
        int n = kernel.size();
        int m = residuals.dimension();
        double[][] x = kernel.rows();
        int r = factor.rank();
        double[] l = factor.columns();
        double[] gram = factor.gram();
        long factored = System.nanoTime();
        SymmetricEigen eigen = SymmetricEigen.of(gram, r, pool);
        long decomposed = System.nanoTime();
        double[] v = eigen.vectors();
        double[] sigma = new double[r];
        for (int i = 0; i < r; i++) {
            sigma[i] = Math.max(0.0, eigen.values()[i]);
        }
        int[] pivots = factor.pivots();
        // w = Vᵀ (LᵀR): the eigenvectors are stored one per row, so V's transpose is row-major
        double[][] res = TrainingKernel.rows(residuals);
        double[][] ltr = new double[r][m];
        Gemm.multiplyAdd(pool, r, 0, m, n, l, 0, n, res, 0, ltr, 0);
        double[][] wRows = new double[r][m];
        Gemm.multiplyAdd(pool, r, 0, m, r, v, 0, r, ltr, 0, wRows, 0);
        double[] w = new double[r * m];
        for (int i = 0; i < r; i++) {
            System.arraycopy(wRows[i], 0, w, i * m, m);
        }
        double[][] bt = featureMap(l, n, r, pivots, v);
        if (LOG.isDebugEnabled()) {
            long end = System.nanoTime();
            LOG.debug("low-rank spectrum of n = {}: rank {}; seconds: eigendecomposition {}, weights and feature "
                    + "map {}", n, r, seconds(decomposed - factored), seconds(end - decomposed));
        }
        Optional<HeldOutCorrection> correction = corrected
                ? Optional.of(HeldOutCorrection.of(kernel, l, v, sigma, w, res, pool)) : Optional.empty();
        // with the correction, any point's base features may reach the bound ‖b(z)‖² ≤ k(z, z) in
        // every mode, so the forms are measured with scale 1; without it, in the training points'
        // metric √Σ, which at n = 50 000, d = 100 gives the same results to 10⁻¹⁴ with up to half
        // the features
        double[] scale = new double[r];
        for (int i = 0; i < r; i++) {
            scale[i] = correction.isPresent() ? (sigma[i] > 0 ? 1.0 : 0.0) : Math.sqrt(sigma[i]);
        }
        double[][] pivotRows = new double[r][];
        for (int a = 0; a < r; a++) {
            pivotRows[a] = x[pivots[a]];
        }
        FeatureBasis basis = new FeatureBasis() {
            @Override
            public int rawSize() {
                return r;
            }

            /** Row a holds k(x_{pivot a}, z) for every point, so that the product runs along the points. */
            @Override
            public double[] raw(double[][] points) {
                return products.isPresent() ? products.get().rows(pivots, points, pool)
                        : kernelRows(kernel, pivotRows, points, pool);
            }

            @Override
            public double[][] map() {
                return bt;
            }

            @Override
            public Optional<HeldOutCorrection> correction() {
                return correction;
            }
        };
        return new KernelSpectrum(n, m, sigma, w, scale, basis, sigma[0], factor.residualTrace(), false);
    }

    /** @return nanoseconds as seconds with three decimals, for the log */
    static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e9);
    }

    /**
     * {@code Bᵀ = Vᵀ L_SS⁻¹} (r × r, as rows), so that the base features of z are
     * {@code Bᵀ k_S(z)}: B solves the upper triangular system {@code L_SSᵀ B = V} by back
     * substitution, row t of B from the rows after it,
     * {@code B[t] = (V[t] − Σ_{a>t} L_SS[a][t] B[a]) / L_SS[t][t]}, by blocks of {@value
     * #SOLVE_BLOCK} rows so that the terms from outside a block are one matrix product (a row at
     * a time, the solve would stream B from memory r times); r³/2 multiply-adds in all.
     */
    private static double[][] featureMap(double[] l, int n, int r, int[] pivots, double[] vt) {
        // B starts as V: row t holds component t of every eigenvector
        double[][] b = new double[r][r];
        for (int i = 0; i < r; i++) {
            for (int t = 0; t < r; t++) {
                b[t][i] = vt[i * r + t];
            }
        }
        // by blocks of rows from the last: first the terms of the rows after the block, one product
        // over whole rows (−L[pivot_a][t] for t in the block and a after it, negated so that the
        // product subtracts), then the block's own rows one by one
        for (int t1 = r; t1 > 0; t1 -= SOLVE_BLOCK) {
            int t0 = Math.max(0, t1 - SOLVE_BLOCK);
            int later = r - t1;
            if (later > 0) {
                double[] outside = new double[(t1 - t0) * later];
                for (int t = t0; t < t1; t++) {
                    for (int a = t1; a < r; a++) {
                        outside[(t - t0) * later + a - t1] = -l[t * n + pivots[a]];
                    }
                }
                Gemm.multiplyAdd(t1 - t0, 0, r, later, outside, 0, later, b, t1, b, t0);
            }
            double[] coefficients = new double[SOLVE_BLOCK];
            for (int t = t1 - 1; t >= t0; t--) {
                int after = t1 - t - 1;
                for (int a = t + 1; a < t1; a++) {
                    coefficients[a - t - 1] = -l[t * n + pivots[a]];
                }
                if (after > 0) {
                    Gemm.multiplyAdd(1, 0, r, after, coefficients, 0, after, b, t + 1, b, t);
                }
                double inverse = 1.0 / l[t * n + pivots[t]];
                double[] row = b[t];
                for (int i = 0; i < r; i++) {
                    row[i] *= inverse;
                }
            }
        }
        double[][] bt = new double[r][r];
        for (int t = 0; t < r; t++) {
            double[] row = b[t];
            for (int i = 0; i < r; i++) {
                bt[i][t] = row[i];
            }
        }
        return bt;
    }

    /**
     * @param kernel the kernel
     * @param rows   p points x_a
     * @param points n' points z_j
     * @param pool   the pool
     * @return {@code k(x_a, z_j)} at {@code [a·n' + j]}, p × n' row-major
     */
    static double[] kernelRows(TrainingKernel kernel, double[][] rows, double[][] points, Parallelism pool) {
        int count = points.length;
        double[] out = new double[rows.length * count];
        pool.forEach((count + POINT_BLOCK - 1) / POINT_BLOCK, block -> {
            int last = Math.min(count, (block + 1) * POINT_BLOCK);
            for (int a = 0; a < rows.length; a++) {
                double[] x = rows[a];
                int row = a * count;
                for (int j = block * POINT_BLOCK; j < last; j++) {
                    out[row + j] = kernel.value(x, points[j]);
                }
            }
        });
        return out;
    }
}
