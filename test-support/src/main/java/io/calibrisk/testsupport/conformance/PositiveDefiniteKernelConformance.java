package io.calibrisk.testsupport.conformance;

import io.calibrisk.api.PluginNames;
import io.calibrisk.api.kernel.KernelDomain;
import io.calibrisk.api.kernel.PositiveDefiniteKernel;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.Seeds;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.EigenDecompositionSymmetric;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * The conformance test of a positive-definite kernel plugin {@code k(x, y)}, as kernel ridge
 * regression ({@code kkr}, {@code ukkr}) uses it. Extend it and name the kernel:
 *
 * <pre>{@code
 * class MyKernelConformanceTest extends PositiveDefiniteKernelConformance {
 *     @Override
 *     protected PositiveDefiniteKernel kernel() {
 *         return new MyKernel();
 *     }
 * }
 * }</pre>
 *
 * <p>On points drawn by QuickTheories (scalars in [0, 1] and probability vectors, as the
 * notions give them, with exact 0 and 1, vertices and repeated points; for a Euclidean kernel
 * also vectors in the unit ball with negative entries) and at each of {@link #parameters()}, it
 * checks that k is finite and symmetric; that every Gram matrix is positive semi-definite to
 * rounding (its smallest eigenvalue is at least −1e−10 times its largest); that
 * {@code rankBound}, when the kernel gives one, holds: the eigenvalues beyond the bound sum to
 * at most the tolerance times the trace; and that names, parameter name and description are
 * well formed.
 */
public abstract class PositiveDefiniteKernelConformance {

    /** @return the kernel under test */
    protected abstract PositiveDefiniteKernel kernel();

    /**
     * @return the parameters to check at; by default those of 0.1, 1 and 10 that lie in the
     *     kernel's parameter domain
     */
    protected double[] parameters() {
        return Arrays.stream(new double[] {0.1, 1, 10}).filter(kernel().parameterDomain()::contains).toArray();
    }

    /** @return how many point sets each property draws; 30 by default */
    protected int examples() {
        return 30;
    }

    /** The name, parameter name, parameter domain and description. */
    @Test
    public void describesItself() {
        PositiveDefiniteKernel kernel = kernel();
        UserTexts.assertName("positive-definite kernel", kernel.name());
        UserTexts.assertDescription("kernel " + kernel.name() + " description", kernel.description());
        UserTexts.assertFreeName("kernel " + kernel.name() + " parameter", kernel.parameterName());
        if (kernel.parameterDomain() == null || kernel.domain() == null) {
            throw new AssertionError("kernel " + kernel.name() + " has no parameter domain or no domain");
        }
        if (parameters().length == 0) {
            throw new AssertionError("none of 0.1, 1 and 10 lies in the parameter domain of " + kernel.name() + ", "
                    + kernel.parameterDomain().describe() + "; override parameters()");
        }
    }

    /** k(x, y) = k(y, x), finite; every Gram matrix is positive semi-definite. */
    @Test
    public void gramMatricesArePositiveSemiDefinite() {
        PositiveDefiniteKernel kernel = kernel();
        Seeds.qt(examples()).forAll(Generators.datasets(2, 30, 2, 4)).checkAssert(data -> {
            for (List<double[]> points : pointSets(kernel.domain(), data)) {
                for (double parameter : parameters()) {
                    double[][] gram = gram(kernel, points, parameter, data.toString());
                    double[] eigenvalues = eigenvalues(gram);
                    double largest = Math.max(Math.abs(eigenvalues[0]), Math.abs(eigenvalues[eigenvalues.length - 1]));
                    double smallest = eigenvalues[eigenvalues.length - 1];
                    if (smallest < -1e-10 * largest) {
                        throw new AssertionError(kernel.name() + " at " + kernel.parameterName() + " = " + parameter
                                + ": the Gram matrix of " + points.size() + " points of dimension " + points.get(0).length
                                + " has the eigenvalue " + smallest + " (largest " + largest
                                + "), so it is not positive semi-definite; points from " + data);
                    }
                }
            }
        });
    }

    /** When the kernel bounds the rank, the eigenvalues beyond the bound sum to at most tolerance · trace. */
    @Test
    public void rankBoundHolds() {
        PositiveDefiniteKernel kernel = kernel();
        Seeds.qt(Math.max(1, examples() / 3)).forAll(Generators.datasets(60, 60, 2, 3)).checkAssert(data -> {
            for (List<double[]> points : pointSets(kernel.domain(), data)) {
                int dimension = points.get(0).length;
                for (double parameter : parameters()) {
                    double[] eigenvalues = null;
                    for (double tolerance : new double[] {1e-2, 1e-4, 1e-8}) {
                        OptionalLong bound = kernel.rankBound(dimension, parameter, tolerance);
                        if (bound.isEmpty()) {
                            continue;
                        }
                        if (bound.getAsLong() < 0) {
                            throw new AssertionError(kernel.name() + ": rankBound(" + dimension + ", " + parameter + ", "
                                    + tolerance + ") = " + bound.getAsLong());
                        }
                        if (eigenvalues == null) {
                            eigenvalues = eigenvalues(gram(kernel, points, parameter, data.toString()));
                        }
                        double trace = 0;
                        double beyond = 0;
                        for (int i = 0; i < eigenvalues.length; i++) {
                            double lambda = Math.max(0, eigenvalues[i]);
                            trace += lambda;
                            if (i >= bound.getAsLong()) {
                                beyond += lambda;
                            }
                        }
                        if (beyond > tolerance * trace + 1e-12 * trace * points.size()) {
                            throw new AssertionError(kernel.name() + ": rankBound(" + dimension + ", " + parameter + ", "
                                    + tolerance + ") = " + bound.getAsLong() + ", but beyond that rank the Gram matrix of "
                                    + points.size() + " points keeps " + beyond + " of its trace " + trace
                                    + " (allowed " + tolerance * trace + "); points from " + data);
                        }
                    }
                }
            }
        });
    }

    /**
     * Point sets of every dimension the kernel serves: the dataset's top-label confidences with 0,
     * 1 and a repeat (scalars), its probability rows with the vertices (vectors on the simplex),
     * and for a Euclidean kernel vectors in the unit ball with negative entries.
     */
    private static List<List<double[]>> pointSets(KernelDomain domain, Generators.Dataset data) {
        List<List<double[]>> out = new ArrayList<>();
        double[][] rows = data.samples().rows();
        if (domain != KernelDomain.SIMPLEX) {
            List<double[]> scalars = new ArrayList<>();
            scalars.add(new double[] {0});
            scalars.add(new double[] {1});
            for (double[] row : rows) {
                scalars.add(new double[] {Arrays.stream(row).max().orElse(0)});
            }
            scalars.add(scalars.get(scalars.size() - 1).clone());
            out.add(scalars);
        }
        if (domain != KernelDomain.UNIT_INTERVAL) {
            List<double[]> vectors = new ArrayList<>();
            int d = rows[0].length;
            double[] vertex = new double[d];
            vertex[0] = 1;
            vectors.add(vertex);
            vectors.addAll(Arrays.asList(rows));
            vectors.add(rows[0].clone());
            out.add(vectors);
        }
        if (domain == KernelDomain.EUCLIDEAN) {
            SplittableRandom random = new SplittableRandom(data.seed());
            List<double[]> ball = new ArrayList<>();
            for (double[] row : rows) {
                double[] v = new double[row.length];
                for (int k = 0; k < v.length; k++) {
                    v[k] = (2 * random.nextDouble() - 1) / Math.sqrt(v.length);
                }
                ball.add(v);
            }
            out.add(ball);
        }
        return out;
    }

    private static double[][] gram(PositiveDefiniteKernel kernel, List<double[]> points, double parameter, String data) {
        int n = points.size();
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double a = value(kernel, points.get(i), points.get(j), parameter);
                double b = value(kernel, points.get(j), points.get(i), parameter);
                if (!Double.isFinite(a)) {
                    throw new AssertionError(kernel.name() + "(" + Arrays.toString(points.get(i)) + ", "
                            + Arrays.toString(points.get(j)) + ") at " + kernel.parameterName() + " = " + parameter
                            + " is " + a + "; points from " + data);
                }
                if (!(Math.abs(a - b) <= 1e-14 * Math.max(Math.abs(a), Math.abs(b)))) {
                    throw new AssertionError(kernel.name() + " is not symmetric at " + kernel.parameterName() + " = "
                            + parameter + ": k(x, y) = " + a + " but k(y, x) = " + b + " for x = "
                            + Arrays.toString(points.get(i)) + ", y = " + Arrays.toString(points.get(j)) + "; points from " + data);
                }
                k[i][j] = a;
                k[j][i] = a;
            }
        }
        return k;
    }

    private static double value(PositiveDefiniteKernel kernel, double[] x, double[] y, double parameter) {
        try {
            return kernel.value(x.clone(), y.clone(), parameter);
        } catch (RuntimeException e) {
            throw new AssertionError(kernel.name() + "(" + Arrays.toString(x) + ", " + Arrays.toString(y) + ") at "
                    + kernel.parameterName() + " = " + parameter + " threw " + e, e);
        }
    }

    /** @return the eigenvalues, largest first */
    private static double[] eigenvalues(double[][] symmetric) {
        double[] values = new EigenDecompositionSymmetric(new Array2DRowRealMatrix(symmetric, false)).getEigenvalues().clone();
        Arrays.sort(values);
        for (int i = 0, j = values.length - 1; i < j; i++, j--) {
            double t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
        return values;
    }
}
