package io.calibrisk.estimators.kkr.linalg;

import io.calibrisk.api.estimator.Parallelism;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The split of a range of rows into blocks: consecutive, of the fixed size, the last one short, none empty. */
class BlocksTest {

    private static List<List<Integer>> ranges(int count, int blockSize) {
        List<List<Integer>> ranges = new ArrayList<>();
        Blocks.rows(Parallelism.sequential(), count, blockSize, (from, to) -> ranges.add(List.of(from, to)));
        return ranges;
    }

    @Test
    void consecutiveBlocksOfTheFixedSize() {
        assertEquals(List.of(List.of(0, 64), List.of(64, 128), List.of(128, 130)), ranges(130, 64));
        assertEquals(List.of(List.of(0, 64), List.of(64, 128)), ranges(128, 64), "no empty block after a full one");
        assertEquals(List.of(List.of(0, 3), List.of(3, 5)), ranges(5, 3));
        assertEquals(List.of(List.of(0, 1), List.of(1, 2)), ranges(2, 1));
    }

    @Test
    void aRangeOfOneBlockRunsWholeAndAnEmptyOneNotAtAll() {
        assertEquals(List.of(List.of(0, 64)), ranges(64, 64));
        assertEquals(List.of(List.of(0, 10)), ranges(10, 64));
        assertEquals(List.of(), ranges(0, 64));
    }
}
