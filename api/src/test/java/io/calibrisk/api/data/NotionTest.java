package io.calibrisk.api.data;

import io.calibrisk.api.InvalidSettingException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class NotionTest {
    private final Predictions predictions = Predictions.ofProbabilities(3, 3,
            new double[] {0.2, 0.5, 0.3, 0.4, 0.4, 0.2, 0.1, 0.1, 0.8}, "p");
    private final Labels labels = Labels.of(new int[] {1, 1, 0}, 3, "y");

    @Test
    void topLabelTakesTheMaximumAndBreaksTiesToTheLowestIndex() {
        CalibrationSet set = Notion.TOP_LABEL.components(predictions, labels).get(0);
        assertArrayEquals(new double[] {0.5, 0.4, 0.8}, set.points().toArray());
        // Row 1 ties classes 0 and 1; the prediction is class 0, the label 1: wrong.
        assertArrayEquals(new double[] {1, 0, 0}, set.targets().toArray());
    }

    @Test
    void canonicalUsesTheWholeVectorAndOneHotTargets() {
        CalibrationSet set = Notion.CANONICAL.components(predictions, labels).get(0);
        assertEquals(3, set.dimension());
        assertArrayEquals(new double[] {0, 1, 0, 0, 1, 0, 1, 0, 0}, set.targets().toArray());
    }

    @Test
    void classWiseHasOneScalarComponentPerClass() {
        List<CalibrationSet> sets = Notion.CLASS_WISE.components(predictions, labels);
        assertEquals(3, sets.size());
        assertArrayEquals(new double[] {0.3, 0.2, 0.8}, sets.get(2).points().toArray());
        assertArrayEquals(new double[] {0, 0, 1}, sets.get(0).targets().toArray());
    }

    @Test
    void parsesNames() {
        assertEquals(Notion.CLASS_WISE, Notion.parse("Class_Wise"));
        assertThrows(InvalidSettingException.class, () -> Notion.parse("ece"));
    }
}
