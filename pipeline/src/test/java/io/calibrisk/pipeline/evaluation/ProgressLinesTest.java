package io.calibrisk.pipeline.evaluation;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Progress as plain lines (what the command shows off a terminal): the time left, and a heartbeat, so that a fold that runs for minutes (or an estimator that hangs)
 * still names the running estimator every few seconds. The clock is the test's, so no
 * assertion depends on time passing.
 */
class ProgressLinesTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aLongFoldStillNamesTheRunningEstimatorEveryFewSeconds() {
        AtomicLong now = new AtomicLong(1000 * SECOND);
        StringWriter err = new StringWriter();
        ProgressLines display = new ProgressLines(new PrintWriter(err), "model", now::get);
        display.tick();
        display.started("kde", 2, 4);
        now.addAndGet(4 * SECOND);
        display.tick();
        now.addAndGet(2 * SECOND);
        display.tick();
        now.addAndGet(2 * SECOND);
        display.tick();
        display.update(new Progress.Event("kde", 2, 4, 0, 0, 1, 75));
        now.addAndGet(190 * SECOND);
        display.tick();
        display.update(new Progress.Event("kde", 2, 4, 4, 14, 75, 75));
        now.addAndGet(60 * SECOND);
        display.tick();
        display.started("kkr", 3, 4);
        now.addAndGet(3 * 3600 * SECOND);
        display.tick();
        display.close();
        now.addAndGet(60 * SECOND);
        display.tick();
        assertEquals(List.of(
                "model: kde: running for 6 s, no fit finished yet",
                "model: kde: running for 3 min 18 s, 1/75 fits",
                "model: kde: 75/75 fits, done in 3 min 18 s",
                "model: kkr: running for 3 h 00 min, no fit finished yet"), err.toString().lines().toList());
    }

    /**
     * A line every few seconds, and the heartbeat between steps, say how long the estimator has
     * left ({@link TimeLeftTest} has the estimate): nothing until a fold has two steps.
     */
    @Test
    void plainLinesSayTheTimeLeft() {
        StringWriter err = new StringWriter();
        long[] now = {0};
        try (ProgressLines lines = new ProgressLines(new PrintWriter(err), "", () -> now[0])) {
            lines.started("kkr", 0, 1);
            now[0] = 61 * SECOND;
            lines.update(new Progress.Event("kkr", 0, 1, 0, 0, 1, 90, 5, 2));
            lines.update(new Progress.Event("kkr", 0, 1, 1, 0, 2, 90, 5, 2));
            now[0] = 62 * SECOND;
            lines.update(new Progress.Event("kkr", 0, 1, 0, 1, 3, 90, 5, 2));
            lines.update(new Progress.Event("kkr", 0, 1, 1, 1, 4, 90, 5, 2));
            now[0] = 67 * SECOND;
            lines.tick();
            now[0] = 73 * SECOND;
            lines.update(new Progress.Event("kkr", 0, 1, 0, 2, 5, 90, 5, 2));
        }
        assertEquals(List.of(
                "kkr: 1/90 fits (fold 1, grid point 1)",
                "kkr: running for 1 min 07 s, 4/90 fits, about 2 min 49 s left",
                "kkr: 5/90 fits (fold 1, grid point 3), about 5 min 41 s left"), err.toString().lines().toList());
    }

    @Test
    void durationsReadAsSecondsMinutesOrHours() {
        assertEquals("59 s", ProgressLines.duration(59_999_999_999L));
        assertEquals("1 min 05 s", ProgressLines.duration(65 * SECOND));
        assertEquals("2 h 03 min", ProgressLines.duration((2 * 3600 + 3 * 60 + 59) * SECOND));
    }

    /** A finished estimator's time reads as the report's seconds below a minute. */
    @Test
    void finishedEstimatorsSayHowLongTheyTook() {
        assertEquals("0.04 s", ProgressLines.took(40_000_000L));
        assertEquals("59.99 s", ProgressLines.took(59_990_000_000L));
        assertEquals("1 min 00 s", ProgressLines.took(60 * SECOND));
    }

    /**
     * The line of a finished estimator says it is done, not the fold of its last step, which
     * need not be the last fold (folds run side by side).
     */
    @Test
    void theLastStepOfAnEarlierFoldEndsTheEstimator() {
        StringWriter err = new StringWriter();
        long[] now = {0};
        try (ProgressLines lines = new ProgressLines(new PrintWriter(err), "", () -> now[0])) {
            lines.started("ukkr", 0, 1);
            now[0] = 2 * SECOND;
            lines.update(new Progress.Event("ukkr", 0, 1, 4, 8, 44, 45));
            now[0] = 2_500_000_000L;
            lines.update(new Progress.Event("ukkr", 0, 1, 3, 8, 45, 45));
        }
        assertEquals(List.of("ukkr: 45/45 fits, done in 2.50 s"), err.toString().lines().toList());
    }
}
