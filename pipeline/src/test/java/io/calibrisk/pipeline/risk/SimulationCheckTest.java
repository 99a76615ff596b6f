package io.calibrisk.pipeline.risk;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.testsupport.Simulations;
import io.calibrisk.testsupport.TrueCalibration;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The simulation of section 5.1 of Gruber and Bach: over 100 seeds, the mean empirical risk of
 * {@code h_θ} over a θ grid is smallest at θ = 1, where h_θ = h*.
 */
class SimulationCheckTest {

    @Test
    void meanRiskOverSeedsIsSmallestAtTheTrueFunction() {
        double[] thetas = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 1.3, 1.4, 1.5};
        double[] mean = new double[thetas.length];
        int seeds = 100;
        for (int seed = 0; seed < seeds; seed++) {
            CalibrationSet set = Simulations.canonical(Simulations.paper(seed));
            for (int j = 0; j < thetas.length; j++) {
                mean[j] += Risk.of(TrueCalibration.simulationFamily(5, thetas[j], 0.3), set).risk() / seeds;
            }
        }
        int best = 0;
        for (int j = 1; j < thetas.length; j++) {
            if (mean[j] < mean[best]) {
                best = j;
            }
        }
        assertEquals(1.0, thetas[best], "mean risks " + java.util.Arrays.toString(mean));
    }
}
