package io.calibrisk.api.data;

import io.calibrisk.api.estimator.TrainingFold;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The records whose equals and hashCode are written out (docs/performance.md, "Records' own
 * methods") compare by value and hash as a record would: 31·h + the next component's hash, from
 * 0, so that maps keyed by them iterate in the order they did.
 */
class RecordValuesTest {
    private static Points column(double... values) {
        double[][] rows = new double[values.length][];
        for (int i = 0; i < values.length; i++) {
            rows[i] = new double[] {values[i]};
        }
        return Points.ofRows(rows);
    }

    @Test
    void aTrainingFoldIdIsItsFoldAndComponent() {
        TrainingFold.Id id = new TrainingFold.Id(2, 7);
        assertEquals(new TrainingFold.Id(2, 7), id);
        assertEquals(31 * 2 + 7, id.hashCode());
        assertNotEquals(new TrainingFold.Id(7, 2), id);
        assertNotEquals(new TrainingFold.Id(2, 6), id);
        assertNotEquals(new TrainingFold.Id(3, 7), id);
        assertNotEquals(id, null);
        assertNotEquals(id, "Id[fold=2, component=7]");
        assertEquals("Id[fold=2, component=7]", id.toString());
    }

    @Test
    void aCalibrationSetIsItsPointsAndTargets() {
        CalibrationSet set = new CalibrationSet(column(0.2, 0.7), column(0, 1));
        assertEquals(new CalibrationSet(column(0.2, 0.7), column(0, 1)), set);
        assertEquals(31 * column(0.2, 0.7).hashCode() + column(0, 1).hashCode(), set.hashCode());
        assertNotEquals(new CalibrationSet(column(0.2, 0.7), column(1, 1)), set);
        assertNotEquals(new CalibrationSet(column(0.2, 0.8), column(0, 1)), set);
        assertNotEquals(new CalibrationSet(column(0, 1), column(0.2, 0.7)), set, "points and targets swapped");
        assertNotEquals(set, null);
        assertNotEquals(set, set.points());
    }
}
