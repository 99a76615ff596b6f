package io.calibrisk.pipeline.evaluation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time left of an estimator whose folds prepare for a minute and then fit a point a second,
 * two folds at a time (as kkr at n = 50 000): the estimate follows the true time left from the
 * second step of a fold on, where the elapsed time scaled by the steps to come said twenty
 * minutes for three.
 */
class TimeLeftTest {
    private static final long SECOND = 1_000_000_000L;
    /** When the estimator started, on the test's clock: any time, not 0. */
    private static final long START = 1000 * SECOND;
    private static final int FOLDS = 5;
    private static final int POINTS = 18;
    private static final int PREPARATION = 60;
    /** The schedule below ends here. */
    private static final int END = 234;

    private record Step(int second, int fold, int point) {
    }

    /** Folds 1 and 2 prepare in [0, 60] and fit at 61..78, folds 3 and 4 in [78, 138] and 139..156, fold 5 in [156, 216] and 217..234. */
    private static List<Step> schedule() {
        List<Step> steps = new ArrayList<>();
        int[] begins = {0, 0, 78, 78, 156};
        for (int f = 0; f < FOLDS; f++) {
            for (int p = 0; p < POINTS; p++) {
                steps.add(new Step(begins[f] + PREPARATION + 1 + p, f, p));
            }
        }
        steps.sort(Comparator.comparingInt(Step::second).thenComparingInt(Step::fold));
        return steps;
    }

    /** Records the schedule's steps up to and including the given one, and asks at {@code second}. */
    private static OptionalLong leftAt(int steps, int second) {
        TimeLeft left = new TimeLeft(START);
        List<Step> schedule = schedule();
        for (int s = 0; s < steps; s++) {
            Step step = schedule.get(s);
            left.record(new Progress.Event("kkr", 0, 1, step.fold(), step.point(), s + 1, FOLDS * POINTS, FOLDS, 2),
                    START + step.second() * SECOND);
        }
        return left.seconds(START + second * SECOND);
    }

    @Test
    void unknownUntilAFoldHasTwoSteps() {
        assertEquals(OptionalLong.empty(), leftAt(2, 61));
        assertTrue(leftAt(3, 62).isPresent());
    }

    @Test
    void followsTheTrueTimeLeftThroughPreparationsAndFits() {
        // two steps into each of folds 1 and 2: 172 s left (the elapsed time scaled would say 62·86/4 = 1333 s)
        assertEquals(174, leftAt(4, 62).getAsLong());
        // folds 1 and 2 done, folds 3 and 4 preparing: 134 s left
        assertEquals(136, leftAt(36, 100).getAsLong());
        // two steps into each of folds 3 and 4: 94 s left
        assertEquals(95, leftAt(40, 140).getAsLong());
        // fold 5 half done: 9 s left
        assertEquals(9, leftAt(81, 225).getAsLong());
    }

    /** At least a second while the estimate lasts; nothing once it has run out or every step is done. */
    @Test
    void neverZeroAndNothingOnceRunOutOrDone() {
        // 95 s estimated at the 40th step (140 s)
        assertEquals(1, leftAt(40, 234).getAsLong());
        assertEquals(OptionalLong.empty(), leftAt(40, 236));
        assertEquals(OptionalLong.empty(), leftAt(FOLDS * POINTS, END));
    }

    /**
     * An estimator that reports a fold's 20 steps at once when the fold is done (kde), 3.5 s per
     * fold, two at a time: after the first fold the other running fold is credited with the
     * second thread's time (true time left 7.0 s; without the credit 10.8 s).
     */
    @Test
    void foldsReportedAllAtOnceCountTheOtherThreadsWork() {
        long ms = 1_000_000L;
        TimeLeft left = new TimeLeft(0);
        for (int p = 0; p < 20; p++) {
            left.record(new Progress.Event("kde", 0, 1, 0, p, p + 1, 100, 5, 2), (3500 + 5 * p) * ms);
        }
        assertEquals(7, left.seconds(3600 * ms).getAsLong());
    }

    /** Without the threads, the most folds seen fitting at once stand for them: two here, each with 2 steps of 1 s left. */
    @Test
    void foldsSeenFittingAtOnceStandForTheThreadsWhenNotGiven() {
        TimeLeft left = new TimeLeft(0);
        left.record(new Progress.Event("bins", 0, 1, 0, 0, 1, 8), 10 * SECOND);
        left.record(new Progress.Event("bins", 0, 1, 1, 0, 2, 8), 10 * SECOND);
        left.record(new Progress.Event("bins", 0, 1, 0, 1, 3, 8), 11 * SECOND);
        left.record(new Progress.Event("bins", 0, 1, 1, 1, 4, 8), 11 * SECOND);
        assertEquals(2, left.seconds(11 * SECOND).getAsLong());
    }

    /** Without the number of folds (an event from a listener's own tests), the folds seen so far stand for all. */
    @Test
    void foldsSeenStandForAllWhenNotGiven() {
        TimeLeft left = new TimeLeft(0);
        left.record(new Progress.Event("bins", 0, 1, 0, 0, 1, 4), 10 * SECOND);
        left.record(new Progress.Event("bins", 0, 1, 0, 1, 2, 4), 11 * SECOND);
        // one fold of 4 steps: 2 steps of 1 s left
        assertEquals(2, left.seconds(11 * SECOND).getAsLong());
    }
}
