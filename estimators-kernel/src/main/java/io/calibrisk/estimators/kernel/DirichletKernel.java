package io.calibrisk.estimators.kernel;

import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;

import java.util.Optional;

/**
 * {@code dirichlet}: the Dirichlet density kernel on the probability simplex,
 * {@code k(c; x) = Dir(x; c/b + 1)}, the density at x of the Dirichlet distribution with
 * concentration {@code α = c / b + 1} (Ouimet and Tolosana-Delgado, 2022), used by kernel
 * density ratio estimation of canonical calibration (Popordanoska et al., 2022; Gruber and
 * Bach, TMLR 2025):
 *
 * <pre>  log k(c; x) = Σ_k (c_k / b) log x_k − Σ_k lnΓ(α_k) + lnΓ(Σ_k α_k).</pre>
 *
 * <p>Its {@link #exponentialForm() exponential form} has u(c) = c, s(x) = log x and
 * A(c, b) = log B(c/b + 1). Not symmetric and not positive definite. Coordinates of exactly 0
 * follow 0·log 0 = 0 (see {@link DirichletDensity}). Bandwidths below
 * {@value DirichletDensity#MIN_BANDWIDTH} are refused. Cost: O(d) per evaluation (d + 1
 * evaluations of lnΓ).
 */
public final class DirichletKernel implements DensityKernel {
    /** The bandwidth's name in messages. */
    static final String BANDWIDTH = "dirichlet kernel bandwidth";
    private static final ExponentialForm FORM = new ExponentialForm() {
        @Override
        public int statistics(int dimension) {
            return dimension;
        }

        @Override
        public void centreStatistics(double[] centre, double[] out) {
            System.arraycopy(centre, 0, out, 0, centre.length);
        }

        @Override
        public void pointStatistics(double[] x, double[] out) {
            for (int k = 0; k < x.length; k++) {
                out[k] = DirichletDensity.logCoordinate(x[k]);
            }
        }

        @Override
        public double logNormaliser(double[] centre, double bandwidth) {
            return DirichletDensity.logNormaliser(centre, DirichletDensity.checkBandwidth(BANDWIDTH, bandwidth));
        }
    };

    @Override
    public String name() {
        return "dirichlet";
    }

    @Override
    public String description() {
        return "Dirichlet density kernel Dir(x; c/b + 1) on the simplex, bandwidth b (Ouimet & Tolosana-Delgado 2022)";
    }

    @Override
    public KernelDomain domain() {
        return KernelDomain.SIMPLEX;
    }

    @Override
    public double logDensity(double[] centre, double[] x, double bandwidth) {
        return DirichletDensity.logDensity(centre, x, bandwidth);
    }

    @Override
    public Optional<ExponentialForm> exponentialForm() {
        return Optional.of(FORM);
    }
}
