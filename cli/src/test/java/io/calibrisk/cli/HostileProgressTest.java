package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The heartbeat of the progress display off a terminal: a fold that runs for minutes (or an
 * estimator that hangs) still names the running estimator every few seconds. The clock is the
 * test's, so no assertion depends on time passing.
 */
class HostileProgressTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aLongFoldStillNamesTheRunningEstimatorEveryFewSeconds() {
        AtomicLong now = new AtomicLong(1000 * SECOND);
        StringWriter err = new StringWriter();
        ProgressDisplay display = new ProgressDisplay(false, false, new PrintWriter(err), "model", now::get);
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
                "model: kde: 75/75 fits (fold 5, grid point 15)",
                "model: kkr: running for 3 h 00 min, no fit finished yet"), err.toString().lines().toList());
    }

    @Test
    void quietShowsNoHeartbeat() {
        AtomicLong now = new AtomicLong();
        StringWriter err = new StringWriter();
        ProgressDisplay display = new ProgressDisplay(true, false, new PrintWriter(err), "", now::get);
        display.started("kde", 0, 1);
        now.addAndGet(600 * SECOND);
        display.tick();
        assertEquals("", err.toString());
    }
}
