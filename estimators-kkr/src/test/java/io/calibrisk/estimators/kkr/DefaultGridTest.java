package io.calibrisk.estimators.kkr;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationFunction;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.search.Axis;
import io.calibrisk.api.search.Hyperparameters;
import io.calibrisk.testsupport.ReferenceRisk;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The published grids, and finite output across all of them down to c = 1e−17. */
class DefaultGridTest {

    private static double[] values(EstimatorProvider provider, Notion notion) {
        List<Axis> axes = provider.defaultSearchSpace(notion).axes();
        assertEquals(1, axes.size());
        assertEquals("lambda", axes.get(0).name());
        return axes.get(0).values();
    }

    @Test
    void gridsAreThePublishedOnes() {
        double[] tceKkr = {1e-1, 1e-3, 1e-5, 1e-7, 1e-9, 1e-11, 1e-13, 1e-15, 1e-17};
        assertArrayEquals(tceKkr, values(new KroneckerKrr(), Notion.TOP_LABEL));
        assertArrayEquals(tceKkr, values(new KroneckerKrr(), Notion.CLASS_WISE));
        assertArrayEquals(new double[] {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9},
                values(new TwoStepKrr(), Notion.TOP_LABEL));
        double[] cceKkr = IntStream.rangeClosed(0, 17).mapToDouble(i -> Axis.powerOfTen(8 - i)).toArray();
        assertArrayEquals(cceKkr, values(new KroneckerKrr(), Notion.CANONICAL));
        double[] cceUkkr = values(new TwoStepKrr(), Notion.CANONICAL);
        assertEquals(18, cceUkkr.length);
        assertEquals(1e4, cceUkkr[0]);
        assertEquals(Math.pow(10, -4.5), cceUkkr[17], 1e-20);
        assertEquals(1.5, new KroneckerKrr().defaultSearchSpace(Notion.CANONICAL).axes().get(0).nExponent());
        assertEquals(0.75, new TwoStepKrr().defaultSearchSpace(Notion.TOP_LABEL).axes().get(0).nExponent());
    }

    @Test
    void outputsAreFiniteAcrossTheWholeDefaultGrids() {
        Simulations.Simulated data = Simulations.paper(7);
        int n = 400;
        for (Notion notion : new Notion[] {Notion.TOP_LABEL, Notion.CANONICAL}) {
            CalibrationSet all = data.samples().component(notion);
            CalibrationSet train = all.select(IntStream.range(0, n).toArray());
            CalibrationSet rest = all.select(IntStream.range(n, all.size()).toArray());
            for (EstimatorProvider provider : new EstimatorProvider[] {new KroneckerKrr(), new TwoStepKrr()}) {
                for (String mode : new String[] {"exact", "fast"}) {
                    PreparedTraining prepared = Fixtures.prepare(provider, notion, train, Map.of("mode", mode));
                    List<Hyperparameters> grid = Fixtures.grid(provider, notion, n);
                    boolean smallestUnstable = false;
                    for (Hyperparameters point : grid) {
                        CalibrationFunction h = prepared.fit(point);
                        String what = provider.name() + " " + mode + " " + notion + " " + point;
                        assertTrue(Double.isFinite(ReferenceRisk.bilinear(h.bilinearForm().orElseThrow(), rest)), what);
                        assertTrue(Double.isFinite(ReferenceRisk.bilinearEstimate(h.bilinearForm().orElseThrow(),
                                rest.points())), what);
                        double[] z = rest.points().row(0);
                        assertTrue(Double.isFinite(h.value(z, z)), what);
                        assertTrue(h.diagnostics().get("rank") >= 1, what);
                        smallestUnstable = h.instability().isPresent();
                    }
                    if (provider instanceof KroneckerKrr) {
                        assertTrue(smallestUnstable, provider.name() + " " + notion + ": c = "
                                + grid.get(grid.size() - 1) + " is decided by rounding");
                    }
                    assertFalse(prepared.fit(grid.get(0)).instability().isPresent(), "the largest c is stable");
                }
            }
        }
    }
}
