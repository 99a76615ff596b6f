package io.calibrisk.estimators.kernel;

import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;

import java.util.Optional;

/**
 * {@code beta}: the Beta density kernel on [0, 1] (Chen, 1999), {@code k(c; x)} = the density
 * at x of {@code Beta(c/b + 1, (1 − c)/b + 1)}, used by kernel density ratio estimation of
 * top-label and class-wise calibration (Popordanoska et al., 2022; Gruber and Bach, TMLR 2025):
 *
 * <pre>  log k(c; x) = (c/b) log x + ((1 − c)/b) log(1 − x) − lnΓ(p) − lnΓ(q) + lnΓ(p + q),
 *  p = c/b + 1,  q = (1 − c)/b + 1.</pre>
 *
 * <p>It is the {@link DirichletKernel} on the two coordinates {@code (z, 1 − z)}; its
 * {@link #exponentialForm() exponential form} has u(c) = (c, 1 − c),
 * s(x) = (log x, log(1 − x)) and A(c, b) = log B(c/b + 1, (1 − c)/b + 1). Not symmetric and
 * not positive definite; x = 0 or 1 follows 0·log 0 = 0. Bandwidths below
 * {@value DirichletDensity#MIN_BANDWIDTH} are refused. Cost: O(1) per evaluation.
 */
public final class BetaKernel implements DensityKernel {
    /** The bandwidth's name in messages. */
    static final String BANDWIDTH = "beta kernel bandwidth";
    private static final ExponentialForm FORM = new ExponentialForm() {
        @Override
        public int statistics(int dimension) {
            return 2;
        }

        @Override
        public void centreStatistics(double[] centre, double[] out) {
            out[0] = centre[0];
            out[1] = 1.0 - centre[0];
        }

        @Override
        public void pointStatistics(double[] x, double[] out) {
            out[0] = DirichletDensity.logCoordinate(x[0]);
            out[1] = DirichletDensity.logCoordinate(1.0 - x[0]);
        }

        @Override
        public double logNormaliser(double[] centre, double bandwidth) {
            return DirichletDensity.logNormaliser(centre[0], 1.0 - centre[0],
                    DirichletDensity.checkBandwidth(BANDWIDTH, bandwidth));
        }
    };

    @Override
    public String name() {
        return "beta";
    }

    @Override
    public String description() {
        return "Beta density kernel Beta(x; c/b + 1, (1 - c)/b + 1) on [0, 1], bandwidth b (Chen 1999)";
    }

    @Override
    public KernelDomain domain() {
        return KernelDomain.UNIT_INTERVAL;
    }

    @Override
    public double logDensity(double[] centre, double[] x, double bandwidth) {
        if (centre.length != 1 || x.length != 1) {
            throw new InvalidInputException("beta kernel: centre of dimension " + centre.length
                    + " and point of dimension " + x.length + " must both be scalars");
        }
        DirichletDensity.checkBandwidth(BANDWIDTH, bandwidth);
        return DirichletDensity.logDensity(pair(centre[0]), pair(x[0]), bandwidth);
    }

    @Override
    public Optional<ExponentialForm> exponentialForm() {
        return Optional.of(FORM);
    }

    private static double[] pair(double z) {
        return new double[] {z, 1.0 - z};
    }
}
