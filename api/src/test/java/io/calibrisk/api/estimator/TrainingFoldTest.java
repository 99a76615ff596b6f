package io.calibrisk.api.estimator;

import io.calibrisk.api.InvalidSettingException;
import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Points;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TrainingFoldTest {
    private static final CalibrationSet DATA = new CalibrationSet(Points.ofRows(new double[][] {{0.2}, {0.7}, {0.9}}),
            Points.ofRows(new double[][] {{0}, {1}, {1}}));
    private static final TrainingFold.Id HELD_OUT_1 = new TrainingFold.Id(1, 0);

    private static TrainingFold fold(int[] foldOf, Points test) {
        return new TrainingFold(HELD_OUT_1, DATA, List.of(), new TrainingFold.Partition(3, foldOf, test));
    }

    @Test
    void aPartitionNamesTheFoldOfEachTrainingPointAndIsCopied() {
        int[] foldOf = {0, 2, 0};
        Points test = Points.ofRows(new double[][] {{0.5}});
        TrainingFold fold = fold(foldOf, test);
        foldOf[0] = 1;
        assertArrayEquals(new int[] {0, 2, 0}, fold.partition().foldOf());
        fold.partition().foldOf()[1] = 1;
        assertArrayEquals(new int[] {0, 2, 0}, fold.partition().foldOf());
        assertEquals(test, fold.partition().test());
        assertNull(new TrainingFold(HELD_OUT_1, DATA, List.of()).partition(), "the SPI 1.2 constructor has none");
        assertNull(TrainingFold.of(DATA).partition());
        assertNull(fold(new int[] {0, 2, 2}, null).partition().test(), "a run without a test split");
    }

    @Test
    void aPartitionThatDoesNotFitTheDataIsRefusedByName() {
        assertEquals("partition foldOf length = 2: must be the number of training points, 3",
                assertThrows(InvalidSettingException.class, () -> fold(new int[] {0, 2}, null)).getMessage());
        assertEquals("partition fold of a training point = 1: must be in 0..2 and not the held-out fold 1",
                assertThrows(InvalidSettingException.class, () -> fold(new int[] {0, 1, 2}, null)).getMessage());
        assertEquals("partition fold of a training point = 3: must be in 0..2 and not the held-out fold 1",
                assertThrows(InvalidSettingException.class, () -> fold(new int[] {0, 3, 2}, null)).getMessage());
        assertEquals("partition fold of a training point = -1: must be in 0..2 and not the held-out fold 1",
                assertThrows(InvalidSettingException.class, () -> fold(new int[] {-1, 0, 2}, null)).getMessage());
        assertEquals("partition test point dimension = 2: must be the training points' dimension, 1",
                assertThrows(InvalidSettingException.class,
                        () -> fold(new int[] {0, 0, 2}, Points.ofRows(new double[][] {{0.5, 0.5}}))).getMessage());
        assertEquals("partition folds = 1: must be at least 2", assertThrows(InvalidSettingException.class,
                () -> new TrainingFold.Partition(1, new int[] {0}, null)).getMessage());
        assertThrows(InvalidSettingException.class, () -> new TrainingFold.Partition(2, null, null));
    }
}
