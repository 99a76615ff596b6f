package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The progress display off a terminal: a plain line on standard error, or silence with --quiet. */
class ProgressDisplayTest {

    private static String show(boolean quiet) {
        StringWriter err = new StringWriter();
        try (ProgressDisplay display = ProgressDisplay.create(quiet, new PrintWriter(err), "net")) {
            display.update(new Progress.Event("bins", 0, 1, 4, 17, 90, 90));
        }
        return err.toString();
    }

    @Test
    void aFinishedEstimatorGetsALine() {
        assertEquals("net: bins: 90/90 fits (fold 5, grid point 18)" + System.lineSeparator(), show(false));
    }

    /** Off a terminal a line every few seconds says how long the estimator has left, from its pace so far. */
    @Test
    void plainLinesSayTheTimeLeft() {
        StringWriter err = new StringWriter();
        long[] now = {0};
        try (ProgressDisplay display = ProgressDisplay.plain(new PrintWriter(err), "", () -> now[0])) {
            display.update(new Progress.Event("kkr", 0, 1, 0, 0, 1, 90));
            now[0] = 30_000_000_000L;
            display.update(new Progress.Event("kkr", 0, 1, 1, 4, 30, 90));
            now[0] = 31_000_000_000L;
            display.update(new Progress.Event("kkr", 0, 1, 2, 4, 31, 90));
            now[0] = 45_000_000_000L;
            display.update(new Progress.Event("kkr", 0, 1, 3, 8, 80, 90));
        }
        String n = System.lineSeparator();
        assertEquals("kkr: 30/90 fits (fold 2, grid point 5), about 1 min 00 s left" + n
                + "kkr: 80/90 fits (fold 4, grid point 9), about 6 s left" + n, err.toString());
    }

    @Test
    void quietIsASilentDisplayNotNull() {
        assertEquals("", show(true));
    }
}
