package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.PluginNames;
import io.calibrisk.api.kernel.DensityKernel;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Seeds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The conformance test of a density kernel plugin {@code k(c; x)}, as kernel density ratio
 * estimation ({@code kde}) uses it. Extend it and name the kernel:
 *
 * <pre>{@code
 * class MyKernelConformanceTest extends DensityKernelConformance {
 *     @Override
 *     protected DensityKernel kernel() {
 *         return new MyKernel();
 *     }
 * }
 * }</pre>
 *
 * <p>It checks that:
 * <ul>
 *   <li>for a few centres (on the boundary and inside) and {@link #bandwidths()}, the density
 *       integrates to 1 over its domain within {@link #integrationTolerance()}: by numerical
 *       quadrature on [0, 1], and on the simplex for d = 2 and d = 3, where a density on the
 *       simplex is taken with respect to the Lebesgue measure of its first d − 1 coordinates
 *       (the convention of the Dirichlet density);</li>
 *   <li>{@code logDensity} is never NaN nor +∞, for centres and points drawn by QuickTheories
 *       (with exact 0 and 1, vertices, ties) and bandwidths from 1e−8 to 1e3;</li>
 *   <li>when the kernel has an {@link DensityKernel.ExponentialForm}, it agrees with
 *       {@code logDensity}: {@code log k(c; x) − ⟨u(c), s(x)⟩/b + A(c, b)} depends on x alone,
 *       u is finite and non-negative, s finite or −∞, A finite;</li>
 *   <li>the name follows {@link PluginNames}, the description is one line without a Java class
 *       name, and the domain is the unit interval or the simplex.</li>
 * </ul>
 */
public abstract class DensityKernelConformance {
    /** Bandwidths for the checks of finiteness: very narrow to very wide. */
    private static final double[] EXTREME_BANDWIDTHS = {1e-8, 1e-4, 0.01, 0.3, 1, 10, 1e3};

    /** @return the kernel under test */
    protected abstract DensityKernel kernel();

    /** @return the bandwidths at which the density must integrate to 1; 0.02, 0.1 and 0.5 by default */
    protected double[] bandwidths() {
        return new double[] {0.02, 0.1, 0.5};
    }

    /** @return how far from 1 an integral may be; 1e−6 by default */
    protected double integrationTolerance() {
        return 1e-6;
    }

    /** @return how many sets of centres and points the properties draw; 30 by default */
    protected int examples() {
        return 30;
    }

    /** The name, description and domain. */
    @Test
    public void describesItself() {
        DensityKernel kernel = kernel();
        UserTexts.assertName("density kernel", kernel.name());
        UserTexts.assertDescription("density kernel " + kernel.name() + " description", kernel.description());
        if (kernel.domain() != KernelDomain.UNIT_INTERVAL && kernel.domain() != KernelDomain.SIMPLEX) {
            throw new AssertionError("density kernel " + kernel.name() + " has domain " + kernel.domain()
                    + "; kde needs the unit interval or the simplex");
        }
    }

    /** ∫ k(c; x) dx = 1 over the domain, for a few centres and bandwidths. */
    @Test
    public void integratesToOne() {
        DensityKernel kernel = kernel();
        if (kernel.domain() == KernelDomain.UNIT_INTERVAL) {
            Quadrature quadrature = new Quadrature(400);
            for (double c : new double[] {0, 0.03, 0.5, 0.9, 1}) {
                for (double b : bandwidths()) {
                    double[] centre = {c};
                    double integral = quadrature.interval(x -> density(kernel, centre, new double[] {x}, b));
                    expectOne(integral, centre, b, "[0, 1]");
                }
            }
            return;
        }
        Quadrature line = new Quadrature(400);
        for (double[] centre : new double[][] {{0.5, 0.5}, {1, 0}, {0.2, 0.8}}) {
            for (double b : bandwidths()) {
                double integral = line.interval(x -> density(kernel, centre, new double[] {x, 1 - x}, b));
                expectOne(integral, centre, b, "the simplex of 2 classes, over x₁");
            }
        }
        Quadrature triangle = new Quadrature(40);
        for (double[] centre : new double[][] {{1 / 3.0, 1 / 3.0, 1 / 3.0}, {1, 0, 0}, {0.7, 0.2, 0.1}, {0, 0.5, 0.5}}) {
            for (double b : bandwidths()) {
                double integral = triangle.triangle((x1, x2, x3) -> density(kernel, centre, new double[] {x1, x2, x3}, b));
                expectOne(integral, centre, b, "the simplex of 3 classes, over (x₁, x₂)");
            }
        }
    }

    /** logDensity is never NaN nor +∞, on awkward centres and points and extreme bandwidths. */
    @Test
    public void neverNaN() {
        DensityKernel kernel = kernel();
        Seeds.qt(examples()).forAll(Generators.datasets(2, 6, 2, 5)).checkAssert(data -> {
            List<double[]> points = points(kernel.domain(), data);
            for (double[] c : points) {
                for (double[] x : points) {
                    for (double b : EXTREME_BANDWIDTHS) {
                        double v = logDensity(kernel, c, x, b);
                        if (Double.isNaN(v) || v == Double.POSITIVE_INFINITY) {
                            throw new AssertionError(kernel.name() + ": log k(c = " + Arrays.toString(c) + "; x = "
                                    + Arrays.toString(x) + ") at bandwidth " + b + " is " + v + ", from " + data);
                        }
                    }
                }
            }
        });
    }

    /** The exponential form, when present, reproduces logDensity up to a term in x alone. */
    @Test
    public void exponentialFormAgreesWithLogDensity() {
        DensityKernel kernel = kernel();
        Optional<DensityKernel.ExponentialForm> found = kernel.exponentialForm();
        if (found.isEmpty()) {
            return;
        }
        DensityKernel.ExponentialForm form = found.get();
        Seeds.qt(examples()).forAll(Generators.datasets(2, 6, 2, 5)).checkAssert(data -> {
            List<double[]> points = points(kernel.domain(), data);
            int q = form.statistics(points.get(0).length);
            if (q < 1) {
                throw new AssertionError(kernel.name() + ": the exponential form has " + q + " statistics");
            }
            for (double[] x : points) {
                double[] s = new double[q];
                form.pointStatistics(x, s);
                for (int k = 0; k < q; k++) {
                    if (Double.isNaN(s[k]) || s[k] == Double.POSITIVE_INFINITY) {
                        throw new AssertionError(kernel.name() + ": s_" + k + "(" + Arrays.toString(x) + ") = " + s[k]
                                + "; it must be finite or −∞, from " + data);
                    }
                }
                Double reference = null;
                String referenceAt = null;
                for (double[] c : points) {
                    double[] u = new double[q];
                    form.centreStatistics(c, u);
                    for (int k = 0; k < q; k++) {
                        if (!(u[k] >= 0) || !Double.isFinite(u[k])) {
                            throw new AssertionError(kernel.name() + ": u_" + k + "(" + Arrays.toString(c) + ") = " + u[k]
                                    + "; it must be finite and non-negative, from " + data);
                        }
                    }
                    for (double b : new double[] {1e-4, 0.01, 0.1, 1}) {
                        double log = logDensity(kernel, c, x, b);
                        double a = form.logNormaliser(c, b);
                        if (!Double.isFinite(a)) {
                            throw new AssertionError(kernel.name() + ": A(" + Arrays.toString(c) + ", " + b + ") = " + a
                                    + ", from " + data);
                        }
                        double inner = 0;
                        double size = Math.abs(a) + Math.abs(log);
                        for (int k = 0; k < q; k++) {
                            if (u[k] != 0) {
                                inner += u[k] * s[k];
                                size += Math.abs(u[k] * s[k] / b);
                            }
                        }
                        String at = "c = " + Arrays.toString(c) + ", x = " + Arrays.toString(x) + ", b = " + b;
                        if (inner == Double.NEGATIVE_INFINITY || log == Double.NEGATIVE_INFINITY) {
                            if (inner != log) {
                                throw new AssertionError(kernel.name() + ": at " + at + " log k = " + log
                                        + " but the exponential form gives " + (inner / b - a) + ", from " + data);
                            }
                            continue;
                        }
                        double rest = log - (inner / b - a);
                        if (reference == null) {
                            reference = rest;
                            referenceAt = at;
                        } else if (!(Math.abs(rest - reference) <= 1e-9 * size + 1e-12)) {
                            throw new AssertionError(kernel.name() + ": log k − (⟨u(c), s(x)⟩/b − A(c, b)) must depend on x alone,"
                                    + " but it is " + reference + " at " + referenceAt + " and " + rest + " at " + at
                                    + ", from " + data);
                        }
                    }
                }
            }
        });
    }

    /** Centres and points of the domain from a dataset: its probabilities, and the domain's corners. */
    private static List<double[]> points(KernelDomain domain, Generators.Dataset data) {
        List<double[]> out = new ArrayList<>();
        if (domain == KernelDomain.UNIT_INTERVAL) {
            for (double v : new double[] {0, 1, 0.5, Double.MIN_VALUE, 1 - 0x1p-53}) {
                out.add(new double[] {v});
            }
            for (double p : data.samples().probabilities()) {
                out.add(new double[] {Math.min(1, p)});
            }
            return out;
        }
        int d = data.samples().classes();
        for (int k = 0; k < d; k++) {
            double[] vertex = new double[d];
            vertex[k] = 1;
            out.add(vertex);
        }
        double[] centre = new double[d];
        Arrays.fill(centre, 1.0 / d);
        out.add(centre);
        out.addAll(Arrays.asList(data.samples().rows()));
        return out;
    }

    private double density(DensityKernel kernel, double[] centre, double[] x, double b) {
        double log = logDensity(kernel, centre, x, b);
        if (Double.isNaN(log) || log > 700) {
            throw new AssertionError(kernel.name() + ": log k(c = " + Arrays.toString(centre) + "; x = " + Arrays.toString(x)
                    + ") at bandwidth " + b + " is " + log);
        }
        return Math.exp(log);
    }

    private static double logDensity(DensityKernel kernel, double[] centre, double[] x, double b) {
        try {
            return kernel.logDensity(centre.clone(), x.clone(), b);
        } catch (RuntimeException e) {
            throw new AssertionError(kernel.name() + ": log k(c = " + Arrays.toString(centre) + "; x = "
                    + Arrays.toString(x) + ") at bandwidth " + b + " threw " + e, e);
        }
    }

    private void expectOne(double integral, double[] centre, double b, String domain) {
        if (!(Math.abs(integral - 1) <= integrationTolerance())) {
            throw new AssertionError(kernel().name() + ": k(c = " + Arrays.toString(centre) + "; x) at bandwidth " + b
                    + " integrates to " + integral + " over " + domain + ", not 1 (allowed ±" + integrationTolerance() + ")");
        }
    }
}
