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
    @Test
    void rowsAreCopiedInOrderAndARaggedRowIsNamed() {
        Predictions p = Predictions.ofProbabilities(new double[][] {{0.25, 0.75}, {0.6, 0.4}, {1, 0}}, "rows");
        assertEquals(3, p.size());
        assertEquals(2, p.classes());
        assertEquals(0.75, p.get(0, 1));
        assertEquals(0.6, p.get(1, 0));
        assertEquals(0.0, p.get(2, 1));
        InvalidInputException ragged = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(new double[][] {{0.5, 0.5}, {0.2, 0.3, 0.5}}, "rows"));
        assertEquals("rows: row 2 has 3 values but row 1 has 2", ragged.getMessage());
        assertEquals("rows: no samples", assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(new double[0][], "rows")).getMessage());
    }

    @Test
    void aLaterRowIsRenormalisedByItsOwnSum() {
        double sum = 0.3 + (0.7 + 5e-5);
        Predictions p = Predictions.ofProbabilities(2, 2, new double[] {0.5, 0.5, 0.3, 0.7 + 5e-5}, "p");
        assertEquals(1, p.renormalisedRows());
        assertEquals(0.5, p.get(0, 0));
        assertEquals(0.3 / sum, p.get(1, 0));
        assertEquals((0.7 + 5e-5) / sum, p.get(1, 1));
    }

    @Test
    void aSumFarBelowOneSuggestsLogitsAndOneNearOneDoesNot() {
        InvalidInputException low = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(1, 2, new double[] {0.1, 0.2}, "p"));
        assertTrue(low.getMessage().endsWith("; if these are logits, read them as logits (--logits)"), low.getMessage());
        InvalidInputException near = assertThrows(InvalidInputException.class,
                () -> Predictions.ofProbabilities(1, 2, new double[] {0.5, 0.6}, "p"));
        assertEquals("p: row 1 sums to 1.1, not to 1 within 1.0E-4", near.getMessage());
    }

    @Test
    void aBadLogitNamesItsRowAndClass() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Predictions.ofLogits(2, 2, new double[] {1, 2, 3, Double.POSITIVE_INFINITY}, "l"));
        assertEquals("l: row 2, class 1: logit Infinity is not a finite number", e.getMessage());
    }
}
