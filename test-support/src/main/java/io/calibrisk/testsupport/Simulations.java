package io.calibrisk.testsupport;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.simulation.DirichletSimulation;
import io.calibrisk.api.simulation.SimulatedData;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Data with a known truth for tests: the paper's Dirichlet simulation (through
 * {@link DirichletSimulation}) and scalar data whose {@code E[t | z]} is a given function.
 */
public final class Simulations {

    private Simulations() {
    }

    /**
     * @param seed the seed
     * @return the paper's simulation, n = 500, d = 5, α = 0.04, T = 0.3
     */
    public static SimulatedData paper(long seed) {
        return DirichletSimulation.paper(seed).generate();
    }

    /**
     * @param data simulated data
     * @return its canonical points and targets
     */
    public static CalibrationSet canonical(SimulatedData data) {
        return Notion.CANONICAL.components(data.predictions(), data.labels()).get(0);
    }

    /**
     * Scalar points uniform on [0, 1] with 0/1 targets drawn with probability {@code π(z)}.
     *
     * @param n    the number of samples
     * @param pi   the true {@code E[t | z]}, into [0, 1]
     * @param seed the seed
     * @return points z and targets t, n × 1 each
     */
    public static CalibrationSet scalar(int n, DoubleUnaryOperator pi, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] z = new double[n];
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = random.nextDouble();
            t[i] = random.nextDouble() < pi.applyAsDouble(z[i]) ? 1 : 0;
        }
        return new CalibrationSet(Points.of(n, 1, z), Points.of(n, 1, t));
    }
}
