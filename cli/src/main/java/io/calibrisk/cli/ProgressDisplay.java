package io.calibrisk.cli;

import io.calibrisk.pipeline.Untrusted;
import io.calibrisk.pipeline.evaluation.Progress;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Shows the progress of a run: on a terminal a progress bar per estimator (with the fold,
 * the grid point and the time left, by the progressbar library), from the moment the estimator
 * starts; elsewhere a plain line every few seconds on standard error, with the estimator's time
 * left, also while a long fold completes no step (a heartbeat that names the running estimator
 * and how long it has run); nothing with --quiet.
 */
final class ProgressDisplay implements Progress, AutoCloseable {
    private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;

    private final boolean quiet;
    private final boolean terminal;
    private final PrintWriter err;
    private final String prefix;
    private final LongSupplier clock;
    private ScheduledExecutorService heartbeat;
    private ProgressBar bar;
    private String current;
    private long started;
    private long lastLine;
    private long completed;
    private long total;

    ProgressDisplay(boolean quiet, boolean terminal, PrintWriter err, String prefix, LongSupplier clock) {
        this.quiet = quiet;
        this.terminal = terminal;
        this.err = err;
        this.prefix = Untrusted.escape(prefix, 80);
        this.clock = clock;
    }

    /**
     * @param quiet  whether to show nothing
     * @param err    standard error, for plain lines
     * @param prefix what the run is about (e.g. a model's name), or empty
     * @return the display; with {@code quiet}, one that shows nothing
     */
    static ProgressDisplay create(boolean quiet, PrintWriter err, String prefix) {
        ProgressDisplay display = new ProgressDisplay(quiet, !quiet && System.console() != null, err, prefix,
                System::nanoTime);
        if (!quiet && !display.terminal) {
            display.heartbeat = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "calibrisk-progress");
                thread.setDaemon(true);
                return thread;
            });
            display.heartbeat.scheduleAtFixedRate(display::tick, 1, 1, TimeUnit.SECONDS);
        }
        return display;
    }

    @Override
    public synchronized void started(String estimator, int estimatorIndex, int estimators) {
        if (quiet) {
            return;
        }
        begin(name(estimator), -1);
    }

    /**
     * @param err    where plain lines go
     * @param prefix what the run is about, or empty
     * @param clock  nanoseconds, for the time left
     * @return a display of plain lines, as off a terminal, without the heartbeat thread
     */
    static ProgressDisplay plain(PrintWriter err, String prefix, LongSupplier clock) {
        return new ProgressDisplay(false, false, err, prefix, clock);
    }

    @Override
    public synchronized void update(Event event) {
        if (quiet) {
            return;
        }
        String name = name(event.estimator());
        if (!name.equals(current)) {
            begin(name, event.total());
        }
        completed = event.completed();
        total = event.total();
        String where = String.format(Locale.ROOT, "fold %d, grid point %d", event.fold() + 1, event.gridPoint() + 1);
        if (bar != null) {
            bar.maxHint(event.total());
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
     * The heartbeat, every second: off a terminal, a line when the running estimator has shown
     * nothing for a while, so that a long fold never looks like a hang (and a hang names the
     * estimator).
     */
    synchronized void tick() {
        if (quiet || terminal || current == null || (total > 0 && completed == total)) {
            return;
        }
        long now = clock.getAsLong();
        if (now - lastLine < LINE_INTERVAL_NANOS) {
            return;
        }
        lastLine = now;
        String done = completed == 0 ? "no fit finished yet" : completed + "/" + total + " fits";
        err.println(current + ": running for " + duration(now - started) + ", " + done);
        err.flush();
    }

    private void begin(String name, long max) {
        closeBar();
        current = name;
        started = clock.getAsLong();
        lastLine = started;
        completed = 0;
        total = 0;
        if (terminal) {
            bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(max)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(200).setMaxRenderedLength(100)
                    .continuousUpdate().build();
        }
    }

    private String name(String estimator) {
        return prefix.isEmpty() ? estimator : prefix + ": " + estimator;
    }

    /** @return the time as {@code 42 s}, {@code 3 min 05 s} or {@code 2 h 03 min} */
    static String duration(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", seconds / 3600, seconds % 3600 / 60);
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
        if (heartbeat != null) {
            heartbeat.shutdownNow();
        }
        current = null;
        closeBar();
    }
}
