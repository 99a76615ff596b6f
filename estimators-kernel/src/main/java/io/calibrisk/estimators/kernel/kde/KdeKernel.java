package io.calibrisk.estimators.kernel.kde;

import io.calibrisk.api.EstimationException;
import io.calibrisk.api.InvalidInputException;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;

import java.util.Arrays;

/**
 * The density kernel {@code kde} was given, as {@code kde} evaluates it: through its
 * {@link DensityKernel.ExponentialForm exponential form} when it has one, so that the log
 * weights of all pairs are one matrix product shared by every bandwidth, and otherwise pair by
 * pair with {@link DensityKernel#logDensity}. Every value a kernel plugin returns is checked
 * here, so that a faulty kernel fails with a message that names it instead of turning into a
 * NaN estimate.
 */
final class KdeKernel {
    private final DensityKernel kernel;
    /** The exponential form, or null for the pairwise evaluation. */
    private final DensityKernel.ExponentialForm form;

    private KdeKernel(DensityKernel kernel, DensityKernel.ExponentialForm form) {
        this.kernel = kernel;
        this.form = form;
    }

    /**
     * @param kernel the density kernel plugin
     * @return the kernel as kde evaluates it
     */
    static KdeKernel of(DensityKernel kernel) {
        return new KdeKernel(kernel, kernel.exponentialForm().orElse(null));
    }

    /** @return the kernel's name, for messages */
    String name() {
        return kernel.name();
    }

    /** @return whether the log weights come from the exponential form's matrix product */
    boolean exponential() {
        return form != null;
    }

    /**
     * @param dimension the dimension m of a point
     * @return whether kde plans for scalar windows ({@link ScalarRegression}) on points of this
     *     dimension, as its memory plan and time estimate do: scalar points and an exponential
     *     form (each training set then checks that the form is the Beta's,
     *     {@link TrainingSet#sortedScalar()})
     */
    boolean windowed(int dimension) {
        return dimension == 1 && exponential();
    }

    /** @return whether the kernel's domain is the unit interval */
    boolean unitInterval() {
        return kernel.domain() == KernelDomain.UNIT_INTERVAL;
    }

    /**
     * @param dimension the dimension m of a point
     * @return the numbers kept per centre and per query: the exponential form's q statistics,
     *     or the m coordinates for the pairwise evaluation
     * @throws EstimationException if the form states fewer than one statistic
     */
    int width(int dimension) {
        if (form == null) {
            return dimension;
        }
        int q = form.statistics(dimension);
        if (q < 1) {
            throw new EstimationException("kde: kernel " + name() + " states " + q + " statistics for points of dimension "
                    + dimension + "; it needs at least 1");
        }
        return q;
    }

    /**
     * Refuses points outside the kernel's domain: on the unit interval and the simplex every
     * coordinate must lie in [0, 1] (the pipeline has checked that rows sum to one).
     *
     * @param points points of a notion
     * @param what   their role, for messages
     * @throws InvalidInputException if a value lies outside the domain
     */
    void checkDomain(Points points, String what) {
        if (kernel.domain() == KernelDomain.EUCLIDEAN) {
            return;
        }
        int m = points.dimension();
        double[] values = points.toArray();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (!(v >= 0 && v <= 1)) {
                throw new InvalidInputException("kde " + what + ": row " + i / m + ", column " + i % m
                        + ": value " + v + " is outside [0, 1]");
            }
        }
    }

    /**
     * @param rows  points, row-major, {@code dimension} wide
     * @param count the number of points
     * @param dimension m
     * @return the centre statistics u of every point, row-major, {@link #width} wide
     * @throws EstimationException if a statistic is negative or not finite
     */
    double[] centreStatistics(double[] rows, int count, int dimension) {
        int q = width(dimension);
        double[] out = new double[count * q];
        double[] centre = new double[dimension];
        double[] u = new double[q];
        for (int j = 0; j < count; j++) {
            System.arraycopy(rows, j * dimension, centre, 0, dimension);
            form.centreStatistics(centre, u);
            for (int k = 0; k < q; k++) {
                if (!(u[k] >= 0) || u[k] == Double.POSITIVE_INFINITY) {
                    throw new EstimationException("kde: kernel " + name() + " gave the centre statistic u_" + k + " = "
                            + u[k] + " at centre " + Arrays.toString(centre) + "; it must be finite and non-negative");
                }
            }
            System.arraycopy(u, 0, out, j * q, q);
        }
        return out;
    }

    /**
     * @param x   a point
     * @param out receives its statistics s(x), {@link #width} values, finite or −∞
     * @throws EstimationException if a statistic is NaN or +∞
     */
    void pointStatistics(double[] x, double[] out) {
        form.pointStatistics(x, out);
        for (int k = 0; k < out.length; k++) {
            if (Double.isNaN(out[k]) || out[k] == Double.POSITIVE_INFINITY) {
                throw new EstimationException("kde: kernel " + name() + " gave the point statistic s_" + k + " = "
                        + out[k] + " at " + Arrays.toString(x) + "; it must be finite or -Infinity");
            }
        }
    }

    /**
     * @param centre    a centre
     * @param bandwidth the bandwidth b
     * @return the exponential form's A(c, b)
     * @throws EstimationException if it is not finite
     */
    double logNormaliser(double[] centre, double bandwidth) {
        double value = form.logNormaliser(centre, bandwidth);
        if (!Double.isFinite(value)) {
            throw new EstimationException("kde: kernel " + name() + " gave the log normaliser " + value + " at centre "
                    + Arrays.toString(centre) + ", bandwidth " + bandwidth + "; it must be finite");
        }
        return value;
    }

    /**
     * @param centre    a centre
     * @param x         a point
     * @param bandwidth the bandwidth b
     * @return {@code log k(c; x)}, finite or −∞
     * @throws EstimationException if the kernel returns NaN or +∞
     */
    double logDensity(double[] centre, double[] x, double bandwidth) {
        double value = kernel.logDensity(centre, x, bandwidth);
        if (Double.isNaN(value) || value == Double.POSITIVE_INFINITY) {
            throw new EstimationException("kde: kernel " + name() + " gave the log density " + value + " at "
                    + Arrays.toString(x) + ", centre " + Arrays.toString(centre) + ", bandwidth " + bandwidth
                    + "; it must be finite or -Infinity");
        }
        return value;
    }
}
