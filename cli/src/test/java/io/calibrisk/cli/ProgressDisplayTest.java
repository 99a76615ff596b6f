package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The progress display off a terminal: the plain lines on standard error (their content is
 * ProgressLinesTest's), or silence with --quiet.
 */
class ProgressDisplayTest {

    private static String show(boolean quiet) {
        StringWriter err = new StringWriter();
        try (ProgressDisplay display = ProgressDisplay.create(quiet, new PrintWriter(err), "net")) {
            display.started("bins", 0, 1);
            display.update(new Progress.Event("bins", 0, 1, 4, 17, 90, 90));
        }
        return err.toString();
    }

    @Test
    void aFinishedEstimatorGetsALine() {
        assertEquals("net: bins: 90/90 fits, done in 0.00 s" + System.lineSeparator(), show(false));
    }

    @Test
    void quietIsASilentDisplayNotNull() {
        assertEquals("", show(true));
    }
}
