package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PredictionsTest {

    @Test
    void rowsWithinFloat32RoundingAreKeptAsGiven() {
        double[] rows = {0.3, 0.7 + 4e-7, 0.5, 0.5};
        Predictions p = Predictions.ofProbabilities(2, 2, rows, "p");
        assertEquals(0.7 + 4e-7, p.get(0, 1));
        assertEquals(0, p.renormalisedRows());
    }

    @Test
    void rowsWithinTheToleranceAreRenormalised() {
        Predictions p = Predictions.ofProbabilities(1, 2, new double[] {0.25, 0.75 + 5e-5}, "p");
        assertEquals(1, p.renormalisedRows());
        assertEquals(0.25 / (0.25 + (0.75 + 5e-5)), p.get(0, 0), 0);
    }

    @Test
    void badRowsNameTheSourceAndRow() {
        InvalidInputException nan = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(2, 2, new double[] {0.5, 0.5, Double.NaN, 1}, "probs.npy"));
        assertEquals("probs.npy: row 2, class 0: value NaN is not a finite number", nan.getMessage());
        InvalidInputException negative = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(1, 2, new double[] {-0.5, 1.5}, "p"));
        assertTrue(negative.getMessage().contains("row 1, class 0") && negative.getMessage().contains("--logits"),
                negative.getMessage());
        InvalidInputException sum = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(1, 2, new double[] {0.5, 0.6}, "p"));
        assertTrue(sum.getMessage().startsWith("p: row 1 sums to 1.1"), sum.getMessage());
        InvalidInputException logits = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(1, 3, new double[] {2.5, 1.0, 4.0}, "p"));
        assertTrue(logits.getMessage().contains("--logits"), logits.getMessage());
        assertThrows(InvalidInputException.class, () -> Predictions.ofProbabilities(1, 1, new double[] {1}, "p"));
    }

    @Test
    void softmaxOfLogitsIsStableAtAnyScale() {
        Predictions p = Predictions.ofLogits(2, 3, new double[] {1000, 999, -1000, -5e300, 0, -5e300}, "l");
        double e = Math.exp(-1);
        assertEquals(1 / (1 + e), p.get(0, 0), 1e-15);
        assertEquals(e / (1 + e), p.get(0, 1), 1e-15);
        assertEquals(0, p.get(0, 2));
        assertEquals(1, p.get(1, 1));
    }
}
