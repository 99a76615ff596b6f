package io.calibrisk.pipeline.data;

import io.calibrisk.api.InvalidInputException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LabelsTest {

    @Test
    void aLabelOutsideTheClassesNamesItsRowAndTheRange() {
        assertEquals("y: row 3: label 3 is outside [0, 2] for 3 classes (are the labels 1-based?)",
                assertThrows(InvalidInputException.class, () -> Labels.of(new int[] {1, 2, 3}, 3, "y")).getMessage());
        assertEquals("y: row 2: label 4 is outside [0, 2] for 3 classes",
                assertThrows(InvalidInputException.class, () -> Labels.of(new int[] {0, 4, 1}, 3, "y")).getMessage());
        assertEquals("y: row 1: label -1 is outside [0, 2] for 3 classes",
                assertThrows(InvalidInputException.class, () -> Labels.of(new int[] {-1}, 3, "y")).getMessage());
        assertEquals("y: no labels", assertThrows(InvalidInputException.class,
                () -> Labels.of(new int[0], 3, "y")).getMessage());
        assertEquals("y: 1 class(es); calibration needs at least 2 classes", assertThrows(InvalidInputException.class,
                () -> Labels.of(new int[] {0}, 1, "y")).getMessage());
    }

    /** Every notion's components: one for top-label and canonical, d for class-wise, class 0 first. */
    @Test
    void everyComponentOfTheNotionIsBuilt() {
        Predictions p = Predictions.ofProbabilities(3, 3, new double[] {0.2, 0.3, 0.5, 0.6, 0.3, 0.1, 0.1, 0.1, 0.8}, "p");
        Labels y = Labels.of(new int[] {2, 0, 1}, 3, "y");
        int[] rows = {0, 1, 2};
        for (io.calibrisk.api.data.Notion notion : io.calibrisk.api.data.Notion.values()) {
            var all = NotionComponents.all(notion, p, y);
            assertEquals(notion.componentCount(3), all.size(), notion.toString());
            for (int j = 0; j < all.size(); j++) {
                var expected = NotionComponents.of(notion, j, p, y, rows);
                assertEquals(expected.points(), all.get(j).points(), notion + " component " + j);
                assertEquals(expected.targets(), all.get(j).targets(), notion + " component " + j);
            }
        }
    }
}
