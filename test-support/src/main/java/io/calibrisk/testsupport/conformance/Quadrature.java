package io.calibrisk.testsupport.conformance;

import org.hipparchus.analysis.integration.gauss.GaussIntegrator;
import org.hipparchus.analysis.integration.gauss.GaussIntegratorFactory;

import java.util.function.DoubleUnaryOperator;

/**
 * Numerical integration over [0, 1] and over the triangle {x₁, x₂ ≥ 0, x₁ + x₂ ≤ 1}, for
 * checking that a density kernel integrates to one. Composite 8-point Gauss–Legendre on panels
 * in u, with x = (1 − cos πu)/2: the nodes crowd towards 0 and 1, where kernels on [0, 1] and on
 * the simplex put their mass when the centre lies on the boundary, and the Jacobian
 * (π/2) sin πu tames integrable singularities there (such as x^{−1/2}). The triangle is the unit
 * square under Duffy's map (s, t) ↦ (s, (1 − s)t), Jacobian 1 − s.
 */
final class Quadrature {
    private static final int ORDER = 8;

    /** Nodes x_k in (0, 1) and weights w_k with Σ_k w_k f(x_k) ≈ ∫₀¹ f. */
    private final double[] nodes;
    private final double[] weights;

    /**
     * @param panels the number of panels in u
     */
    Quadrature(int panels) {
        GaussIntegrator rule = new GaussIntegratorFactory().legendre(ORDER, 0, 1);
        nodes = new double[panels * ORDER];
        weights = new double[panels * ORDER];
        for (int p = 0; p < panels; p++) {
            for (int k = 0; k < ORDER; k++) {
                double u = (p + rule.getPoint(k)) / panels;
                int at = p * ORDER + k;
                nodes[at] = (1 - Math.cos(Math.PI * u)) / 2;
                weights[at] = rule.getWeight(k) / panels * Math.PI / 2 * Math.sin(Math.PI * u);
            }
        }
    }

    /**
     * @param f a function on [0, 1]
     * @return ∫₀¹ f(x) dx
     */
    double interval(DoubleUnaryOperator f) {
        double sum = 0;
        for (int k = 0; k < nodes.length; k++) {
            sum += weights[k] * f.applyAsDouble(nodes[k]);
        }
        return sum;
    }

    /** A function on the simplex of three coordinates. */
    @FunctionalInterface
    interface SimplexFunction {
        /**
         * @param x1 the first coordinate
         * @param x2 the second
         * @param x3 the third, {@code 1 − x1 − x2} computed without cancellation
         * @return the value
         */
        double at(double x1, double x2, double x3);
    }

    /**
     * @param f a function on the simplex of three coordinates
     * @return ∫∫ f(x₁, x₂, 1 − x₁ − x₂) dx₁ dx₂ over x₁, x₂ ≥ 0, x₁ + x₂ ≤ 1
     */
    double triangle(SimplexFunction f) {
        double sum = 0;
        for (int a = 0; a < nodes.length; a++) {
            double s = nodes[a];
            double inner = 0;
            for (int b = 0; b < nodes.length; b++) {
                inner += weights[b] * f.at(s, (1 - s) * nodes[b], (1 - s) * (1 - nodes[b]));
            }
            sum += weights[a] * (1 - s) * inner;
        }
        return sum;
    }
}
