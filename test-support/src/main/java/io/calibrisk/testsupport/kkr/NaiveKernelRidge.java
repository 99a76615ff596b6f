package io.calibrisk.testsupport.kkr;

import java.util.function.BiFunction;

/**
 * Kernel ridge regression estimators solved the naive way, for n up to about 12.
 *
 * <p>Kronecker ({@code kkr}): the coefficients C (n × n) solve
 * {@code (K ⊗ K + μ I) vec(C) = vec(RRᵀ)}, and {@code h(z, z') = k(z)ᵀ C k(z')}; this is the
 * closed form that the eigendecomposition {@code Q (Λ̃ ⊙ QᵀRRᵀQ) Qᵀ} diagonalises. Two-step
 * ({@code ukkr}): {@code (K + μI) A = R}, {@code ĝ(z) = Aᵀ k(z)}, {@code h = ⟨ĝ(z), ĝ(z')⟩}.
 *
 * <p>Cost: O(n⁶) for the Kronecker system.
 */
public final class NaiveKernelRidge {
    private final BiFunction<double[], double[], Double> kernel;
    private final double[][] x;

    /**
     * @param kernel the kernel k(x, y)
     * @param x      the training points
     */
    public NaiveKernelRidge(BiFunction<double[], double[], Double> kernel, double[][] x) {
        this.kernel = kernel;
        this.x = x.clone();
    }

    /** @return the kernel matrix K */
    public double[][] gram() {
        int n = x.length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                k[i][j] = kernel.apply(x[i], x[j]);
            }
        }
        return k;
    }

    /**
     * @param z a point
     * @return {@code k(z) = [k(x_j, z)]_j}
     */
    public double[] column(double[] z) {
        double[] out = new double[x.length];
        for (int j = 0; j < x.length; j++) {
            out[j] = kernel.apply(x[j], z);
        }
        return out;
    }

    /**
     * @param residuals R, n rows of m values
     * @param mu        the regularisation μ = c·n^1.5
     * @return the fitted {@code h_kkr}
     */
    public BiFunction<double[], double[], Double> kronecker(double[][] residuals, double mu) {
        int n = x.length;
        double[][] k = gram();
        int size = n * n;
        double[][] system = new double[size][size];
        double[] rhs = new double[size];
        // vec is row-major: index a·n + b holds C[a][b]; (K⊗K vec C)[i·n+j] = Σ_ab K_ia K_jb C_ab = (K C Kᵀ)_ij
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int row = i * n + j;
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        system[row][a * n + b] = k[i][a] * k[j][b];
                    }
                }
                system[row][row] += mu;
                double s = 0;
                for (int c = 0; c < residuals[i].length; c++) {
                    s += residuals[i][c] * residuals[j][c];
                }
                rhs[row] = s;
            }
        }
        double[] c = solve(system, rhs);
        return (z, zPrime) -> {
            double[] kz = column(z);
            double[] kzPrime = column(zPrime);
            double s = 0;
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    s += kz[a] * c[a * n + b] * kzPrime[b];
                }
            }
            return s;
        };
    }

    /**
     * @param residuals R, n rows of m values
     * @param mu        the regularisation μ = c·n^0.75
     * @return the fitted {@code h_ukkr}
     */
    public BiFunction<double[], double[], Double> twoStep(double[][] residuals, double mu) {
        int n = x.length;
        int m = residuals[0].length;
        double[][] k = gram();
        double[][] alpha = new double[m][];
        for (int c = 0; c < m; c++) {
            double[][] system = new double[n][n];
            double[] rhs = new double[n];
            for (int i = 0; i < n; i++) {
                system[i] = k[i].clone();
                system[i][i] += mu;
                rhs[i] = residuals[i][c];
            }
            alpha[c] = solve(system, rhs);
        }
        return (z, zPrime) -> {
            double[] kz = column(z);
            double[] kzPrime = column(zPrime);
            double s = 0;
            for (int c = 0; c < m; c++) {
                double g = 0;
                double gPrime = 0;
                for (int j = 0; j < n; j++) {
                    g += alpha[c][j] * kz[j];
                    gPrime += alpha[c][j] * kzPrime[j];
                }
                s += g * gPrime;
            }
            return s;
        };
    }

    /**
     * Gaussian elimination with partial pivoting.
     *
     * @param a   a square matrix, overwritten
     * @param rhs the right-hand side, overwritten
     * @return the solution
     * @throws ArithmeticException if the matrix is singular to working precision
     */
    static double[] solve(double[][] a, double[] rhs) {
        int n = rhs.length;
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int row = col + 1; row < n; row++) {
                if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
                    pivot = row;
                }
            }
            if (a[pivot][col] == 0) {
                throw new ArithmeticException("singular system at column " + col);
            }
            double[] swap = a[col];
            a[col] = a[pivot];
            a[pivot] = swap;
            double t = rhs[col];
            rhs[col] = rhs[pivot];
            rhs[pivot] = t;
            for (int row = col + 1; row < n; row++) {
                double f = a[row][col] / a[col][col];
                if (f == 0) {
                    continue;
                }
                for (int c = col; c < n; c++) {
                    a[row][c] -= f * a[col][c];
                }
                rhs[row] -= f * rhs[col];
            }
        }
        double[] out = new double[n];
        for (int row = n - 1; row >= 0; row--) {
            double s = rhs[row];
            for (int c = row + 1; c < n; c++) {
                s -= a[row][c] * out[c];
            }
            out[row] = s / a[row][row];
        }
        return out;
    }
}
