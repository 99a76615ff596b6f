package io.calibrisk.pipeline.evaluation;

import io.calibrisk.pipeline.Untrusted;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress of a run as plain lines, for a log, a pipe or a terminal without a progress bar
 * (what {@code calibrisk} prints on standard error off a terminal): a line every few seconds
 * with the estimator's fits and its {@linkplain TimeLeft time left}, between steps a heartbeat
 * that names the running estimator, how long it has run and its time left, so that a long fold
 * never looks like a hang (and a hang names the estimator), and a last line when its fits are
 * done, with how long it took.
 *
 * <pre>{@code
 * try (ProgressLines progress = ProgressLines.start(new PrintWriter(System.err), "my model")) {
 *     report = calibrisk.evaluate(predictions, labels, progress);
 * }
 * }</pre>
 */
public final class ProgressLines implements Progress, AutoCloseable {
    private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintWriter out;
    private final String prefix;
    private final LongSupplier clock;
    private ScheduledExecutorService heartbeat;
    private String current;
    private long started;
    private long lastLine;
    private long completed;
    private long total;
    private TimeLeft timeLeft;

    /**
     * Lines without the heartbeat thread: {@link #tick()} is left to the caller.
     *
     * @param out    where the lines go
     * @param prefix what the run is about (e.g. a model's name), or empty
     * @param clock  nanoseconds, for the time left
     */
    public ProgressLines(PrintWriter out, String prefix, LongSupplier clock) {
        this.out = out;
        this.prefix = prefix;
        this.clock = clock;
    }

    /**
     * @param out    where the lines go
     * @param prefix what the run is about (e.g. a model's name), or empty
     * @return lines on the system clock, with a heartbeat every second on a daemon thread,
     *     which {@link #close()} stops
     */
    public static ProgressLines start(PrintWriter out, String prefix) {
        ProgressLines lines = new ProgressLines(out, prefix, System::nanoTime);
        lines.heartbeat = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "calibrisk-progress");
            thread.setDaemon(true);
            return thread;
        });
        lines.heartbeat.scheduleAtFixedRate(lines::tick, 1, 1, TimeUnit.SECONDS);
        return lines;
    }

    /**
     * @param prefix    what the run is about, or empty
     * @param estimator the estimator's name
     * @return the name a line or a progress bar shows: the prefix (escaped), then the estimator
     */
    public static String name(String prefix, String estimator) {
        return prefix.isEmpty() ? estimator : Untrusted.escape(prefix, 80) + ": " + estimator;
    }

    @Override
    public synchronized void started(String estimator, int estimatorIndex, int estimators) {
        begin(name(prefix, estimator));
    }

    @Override
    public synchronized void update(Event event) {
        String name = name(prefix, event.estimator());
        if (!name.equals(current)) {
            begin(name);
        }
        completed = event.completed();
        total = event.total();
        long now = clock.getAsLong();
        timeLeft.record(event, now);
        if (event.completed() == event.total()) {
            // the last step to finish need not be the last fold's: folds run side by side
            lastLine = now;
            out.println(String.format(Locale.ROOT, "%s: %d/%d fits, done in %s", name, event.completed(),
                    event.total(), took(now - started)));
            out.flush();
        } else if (now - lastLine > LINE_INTERVAL_NANOS) {
            lastLine = now;
            out.println(String.format(Locale.ROOT, "%s: %d/%d fits (%s)%s", name, event.completed(), event.total(),
                    where(event), left(now)));
            out.flush();
        }
    }

    /**
     * @param event a step
     * @return where in the search it was, as {@code fold 2, grid point 5} (counted from 1)
     */
    public static String where(Event event) {
        return String.format(Locale.ROOT, "fold %d, grid point %d", event.fold() + 1, event.gridPoint() + 1);
    }

    /**
     * The heartbeat: a line when the running estimator has shown nothing for a while (its steps
     * may be seconds apart, a fold's preparation minutes). Called every second by the thread of
     * {@link #start}.
     */
    public synchronized void tick() {
        if (current == null || (total > 0 && completed == total)) {
            return;
        }
        long now = clock.getAsLong();
        if (now - lastLine < LINE_INTERVAL_NANOS) {
            return;
        }
        lastLine = now;
        String done = completed == 0 ? "no fit finished yet" : completed + "/" + total + " fits";
        out.println(current + ": running for " + duration(now - started) + ", " + done + left(now));
        out.flush();
    }

    private void begin(String name) {
        current = name;
        started = clock.getAsLong();
        timeLeft = new TimeLeft(started);
        lastLine = started;
        completed = 0;
        total = 0;
    }

    /**
     * @param nanos a time
     * @return the time as {@code 42 s}, {@code 3 min 05 s} or {@code 2 h 03 min}
     */
    public static String duration(long nanos) {
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
     * @param nanos how long an estimator ran
     * @return the time as {@code 0.04 s} below a minute (as the report's seconds), else as {@link #duration}
     */
    static String took(long nanos) {
        return nanos < 60_000_000_000L ? String.format(Locale.ROOT, "%.2f s", nanos / 1e9) : duration(nanos);
    }

    /** @return {@code ", about 2 min 05 s left"}, or nothing while the pace is not known */
    private String left(long now) {
        OptionalLong seconds = timeLeft.seconds(now);
        return seconds.isPresent() ? ", about " + duration(seconds.getAsLong() * 1_000_000_000L) + " left" : "";
    }

    /** Stops the heartbeat; later ticks print nothing. */
    @Override
    public synchronized void close() {
        if (heartbeat != null) {
            heartbeat.shutdownNow();
        }
        current = null;
    }
}
