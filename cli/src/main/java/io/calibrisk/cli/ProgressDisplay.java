package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Shows the progress of a run: on a terminal a progress bar per estimator (with the fold,
 * the grid point and the time left, by the progressbar library); elsewhere a plain line every
 * few seconds on standard error, with the estimator's time left; nothing with --quiet.
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
    private long started;
    private final LongSupplier clock;

    private ProgressDisplay(boolean quiet, boolean terminal, PrintWriter err, String prefix, LongSupplier clock) {
        this.clock = clock;
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
        return new ProgressDisplay(quiet, !quiet && System.console() != null, err, prefix, System::nanoTime);
    }

    /**
     * @param err    where plain lines go
     * @param prefix what the run is about, or empty
     * @param clock  nanoseconds, for the time left
     * @return a display of plain lines, as off a terminal
     */
    static ProgressDisplay plain(PrintWriter err, String prefix, LongSupplier clock) {
        return new ProgressDisplay(false, false, err, prefix, clock);
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
            lastLine = clock.getAsLong();
            started = lastLine;
        }
        String where = String.format(Locale.ROOT, "fold %d, grid point %d", event.fold() + 1, event.gridPoint() + 1);
        if (bar != null) {
            bar.stepTo(event.completed());
            bar.setExtraMessage(where);
        } else if (clock.getAsLong() - lastLine > LINE_INTERVAL_NANOS || event.completed() == event.total()) {
            lastLine = clock.getAsLong();
            String line = String.format(Locale.ROOT, "%s: %d/%d fits (%s)%s", name, event.completed(), event.total(),
                    where, left(event));
            err.println(line);
            err.flush();
        }
    }

    /**
     * The time left for this estimator, from its fits so far: the elapsed time scaled by the
     * fits still to come (the first fits of a fold also prepare it, so early figures run high).
     */
    private String left(Event event) {
        if (event.completed() <= 0 || event.completed() >= event.total()) {
            return "";
        }
        double elapsed = (clock.getAsLong() - started) / 1e9;
        long seconds = Math.round(elapsed * (event.total() - event.completed()) / event.completed());
        return seconds < 60 ? String.format(Locale.ROOT, ", about %d s left", Math.max(1, seconds))
                : String.format(Locale.ROOT, ", about %d min %02d s left", seconds / 60, seconds % 60);
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
