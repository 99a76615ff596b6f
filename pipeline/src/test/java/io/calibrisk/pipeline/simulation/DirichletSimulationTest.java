package io.calibrisk.pipeline.simulation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DirichletSimulationTest {

    @Test
    void predictionsAreTheTemperedTruth() {
        SimulatedData data = DirichletSimulation.paper(3).generate();
        assertEquals(500, data.predictions().size());
        assertEquals(5, data.predictions().classes());
        for (int i = 0; i < 500; i++) {
            double[] truth = data.trueProbabilities().row(i);
            double norm = 0;
            for (double p : truth) {
                norm += Math.pow(p, 0.3);
            }
            for (int k = 0; k < 5; k++) {
                assertEquals(Math.pow(truth[k], 0.3) / norm, data.predictions().get(i, k), 1e-12);
            }
        }
    }

    @Test
    void theSeedDecidesTheData() {
        assertArrayEquals(DirichletSimulation.paper(1).generate().labels().toArray(),
                DirichletSimulation.paper(1).generate().labels().toArray());
        assertTrue(!java.util.Arrays.equals(DirichletSimulation.paper(1).generate().labels().toArray(),
                DirichletSimulation.paper(2).generate().labels().toArray()));
    }

    @Test
    void labelsFollowTheTruth() {
        SimulatedData data = new DirichletSimulation(200_000, 3, 1.0, 0.5, 9).generate();
        double[] expected = new double[3];
        double[] observed = new double[3];
        for (int i = 0; i < 200_000; i++) {
            for (int k = 0; k < 3; k++) {
                expected[k] += data.trueProbabilities().get(i, k);
            }
            observed[data.labels().get(i)]++;
        }
        for (int k = 0; k < 3; k++) {
            // Binomial standard deviation is about sqrt(n/4.5) ≈ 210; allow five of them.
            assertEquals(expected[k], observed[k], 1100, "class " + k);
        }
    }
}
