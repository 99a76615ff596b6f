package io.calibrisk.estimators.kernel;

import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;

/**
 * {@code dirichlet}: the Dirichlet density kernel on the probability simplex,
 * {@code k(c; x) = Dir(x; c/b + 1)}, the density at x of the Dirichlet distribution with
 * concentration {@code α = c / b + 1} (Ouimet and Tolosana-Delgado, 2022), used by kernel
 * density ratio estimation of canonical calibration (Popordanoska et al., 2022; Gruber and
 * Bach, TMLR 2025):
 *
 * <pre>  log k(c; x) = Σ_k (c_k / b) log x_k − Σ_k lnΓ(α_k) + lnΓ(Σ_k α_k).</pre>
 *
 * <p>Not symmetric and not positive definite. Coordinates of exactly 0 follow 0·log 0 = 0 (see
 * {@link DirichletDensity}). Cost: O(d) per evaluation (d + 1 evaluations of lnΓ).
 */
public final class DirichletKernel implements DensityKernel {

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
    public double logDensity(double[] center, double[] x, double bandwidth) {
        return DirichletDensity.logDensity(center, x, bandwidth);
    }
}
