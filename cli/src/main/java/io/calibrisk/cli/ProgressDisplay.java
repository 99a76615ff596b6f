package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Shows the progress of a run: on a terminal a progress bar per estimator (with the fold,
 * the grid point and the time left, by the progressbar library); elsewhere a plain line every
 * few seconds on standard error; nothing with --quiet.
 */
final class ProgressDisplay implements Progress, AutoCloseable {
    private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;

    private final boolean quiet;
    private final boolean terminal;
    private final PrintWriter err;
    private final String prefix;
    private ProgressBar bar;
    private String current;
    private long lastLine;

    private ProgressDisplay(boolean quiet, boolean terminal, PrintWriter err, String prefix) {
        this.quiet = quiet;
        this.terminal = terminal;
        this.err = err;
        this.prefix = prefix;
    }

    /**
     * @param quiet  whether to show nothing
     * @param err    standard error, for plain lines
     * @param prefix what the run is about (e.g. a model's name), or empty
     * @return the display; with {@code quiet}, one that shows nothing
     */
    static ProgressDisplay create(boolean quiet, PrintWriter err, String prefix) {
        return new ProgressDisplay(quiet, !quiet && System.console() != null, err, prefix);
    }

    @Override
    public synchronized void update(Event event) {
        if (quiet) {
            return;
        }
        String name = prefix.isEmpty() ? event.estimator() : prefix + ": " + event.estimator();
        if (!name.equals(current)) {
            closeBar();
            current = name;
            if (terminal) {
                bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(event.total())
                        .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(200).setMaxRenderedLength(100)
                        .continuousUpdate().build();
            }
            lastLine = System.nanoTime();
        }
        String where = String.format(Locale.ROOT, "fold %d, grid point %d", event.fold() + 1, event.gridPoint() + 1);
        if (bar != null) {
            bar.stepTo(event.completed());
            bar.setExtraMessage(where);
        } else if (System.nanoTime() - lastLine > LINE_INTERVAL_NANOS || event.completed() == event.total()) {
            lastLine = System.nanoTime();
            String line = String.format(Locale.ROOT, "%s: %d/%d fits (%s)", name, event.completed(), event.total(), where);
            err.println(line);
            err.flush();
        }
    }

    private void closeBar() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }

    @Override
    public synchronized void close() {
        closeBar();
    }
}
