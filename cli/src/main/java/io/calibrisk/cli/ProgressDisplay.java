package io.calibrisk.cli;

import io.calibrisk.pipeline.evaluation.Progress;
import io.calibrisk.pipeline.evaluation.ProgressLines;
import io.calibrisk.pipeline.evaluation.TimeLeft;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Shows the progress of a run: on a terminal a progress bar per estimator (with the fold,
 * the grid point and the {@linkplain TimeLeft time left}, then "done", drawn by the progressbar library),
 * from the moment the estimator starts; elsewhere the {@linkplain ProgressLines plain lines}
 * on standard error, with the estimator's time left and a heartbeat while a long fold
 * completes no step; nothing with --quiet.
 */
final class ProgressDisplay implements Progress, AutoCloseable {
    private final boolean quiet;
    private final String prefix;
    /** Off a terminal, the plain lines; null on a terminal and with --quiet. */
    private final ProgressLines lines;
    private ProgressBar bar;
    private String current;
    private TimeLeft timeLeft;

    private ProgressDisplay(boolean quiet, String prefix, ProgressLines lines) {
        this.quiet = quiet;
        this.prefix = prefix;
        this.lines = lines;
    }

    /**
     * @param quiet  whether to show nothing
     * @param err    standard error, for plain lines
     * @param prefix what the run is about (e.g. a model's name), or empty
     * @return the display; with {@code quiet}, one that shows nothing
     */
    static ProgressDisplay create(boolean quiet, PrintWriter err, String prefix) {
        boolean plain = !quiet && System.console() == null;
        return new ProgressDisplay(quiet, prefix, plain ? ProgressLines.start(err, prefix) : null);
    }

    @Override
    public synchronized void started(String estimator, int estimatorIndex, int estimators) {
        if (lines != null) {
            lines.started(estimator, estimatorIndex, estimators);
        } else if (!quiet) {
            begin(ProgressLines.name(prefix, estimator), -1);
        }
    }

    @Override
    public synchronized void update(Event event) {
        if (lines != null) {
            lines.update(event);
        } else if (!quiet) {
            String name = ProgressLines.name(prefix, event.estimator());
            if (!name.equals(current)) {
                begin(name, event.total());
            }
            timeLeft.record(event, System.nanoTime());
            bar.maxHint(event.total());
            bar.stepTo(event.completed());
            bar.setExtraMessage(event.completed() == event.total() ? "done" : ProgressLines.where(event));
        }
    }

    private void begin(String name, long max) {
        closeBar();
        current = name;
        TimeLeft left = new TimeLeft(System.nanoTime());
        timeLeft = left;
        bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(max)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(200).setMaxRenderedLength(100)
                .setEtaFunction(state -> eta(left))
                .continuousUpdate().build();
    }

    /** @return the bar's time left, which the library would otherwise scale from the elapsed time alone */
    private static Optional<Duration> eta(TimeLeft left) {
        OptionalLong seconds = left.seconds(System.nanoTime());
        return seconds.isPresent() ? Optional.of(Duration.ofSeconds(seconds.getAsLong())) : Optional.empty();
    }

    private void closeBar() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }

    @Override
    public synchronized void close() {
        if (lines != null) {
            lines.close();
        }
        current = null;
        closeBar();
    }
}
