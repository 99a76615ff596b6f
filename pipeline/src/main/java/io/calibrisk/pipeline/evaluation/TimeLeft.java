package io.calibrisk.pipeline.evaluation;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * An estimator's time left, from the steps its search has reported so far (what the progress
 * lines and the progress bar show).
 *
 * <p>A fold first prepares and then fits its points, and folds run several at a time. Preparing
 * can cost as much as dozens of fits (kkr and ukkr factorise the fold's kernel matrix: at
 * n = 50 000 about a minute, against about a second per fit), and some estimators report a
 * fold's steps all at once when it is done (kde). So the elapsed time scaled by the steps still
 * to come, which counts every preparation in the first steps' pace, said "61 min left" two steps
 * into a run that had 3 minutes left. Here instead, in seconds of wall time:
 * <ul>
 *   <li>a fold's preparation P is the time from the estimator's start to the first step any fold
 *       reported (the first folds started then), and a step's time r the time between the
 *       first and the last step of each fold over the steps between them, pooled over folds;</li>
 *   <li>each fold has {@code total / folds} steps: a fold that has reported steps has its
 *       remaining steps left, a fold that has not has P and all its steps;</li>
 *   <li>folds run on s slots, the threads (at most the folds), or where the events do not say,
 *       as many as were ever seen fitting at once. Slots that the work reported so far does not
 *       fill (s × elapsed, less P and r for each reported step) were working on folds not yet
 *       heard of, which are credited with it in order;</li>
 *   <li>the folds fitting keep their slots, and the others are dealt in order, each to the slot
 *       that frees first: the time left is when the last slot is done, counted from the last
 *       step.</li>
 * </ul>
 * Until some fold has reported two steps, r is unknown and so is the time left, and once the
 * estimate has run out without the next step it is unknown again. A fold that runs
 * alone at the end is counted as if it shared the machine, so the estimate runs high there.
 * Thread-safe: steps arrive from worker threads, and a progress bar asks from its own.
 */
public final class TimeLeft {
    private final long started;
    private final Map<Integer, Fold> folds = new HashMap<>();
    private int foldCount;
    private long total;
    private long completed;
    private int slots;
    private long lastStep;
    /** Seconds left as of {@link #lastStep}; NaN while unknown. */
    private double atLastStep = Double.NaN;

    private static final class Fold {
        private long steps;
        private long first;
        private long last;
    }

    /** @param started when the estimator started, in nanoseconds of the clock given to {@link #record} */
    public TimeLeft(long started) {
        this.started = started;
    }

    /**
     * @param event a step of this estimator
     * @param now   when it was reported, in nanoseconds
     */
    public synchronized void record(Progress.Event event, long now) {
        Fold fold = folds.computeIfAbsent(event.fold(), f -> new Fold());
        if (fold.steps++ == 0) {
            fold.first = now;
        }
        fold.last = now;
        lastStep = now;
        // steps of different threads may arrive out of order
        completed = Math.max(completed, event.completed());
        total = Math.max(total, event.total());
        foldCount = Math.max(Math.max(foldCount, event.folds()), event.fold() + 1);
        double perFold = (double) total / foldCount;
        slots = event.threads() > 0 ? Math.min(event.threads(), foldCount) : Math.max(slots, fitting(perFold));
        atLastStep = estimate(perFold, now);
    }

    /** @return the folds that have reported steps and have steps left: the slots' stand-in where the threads are not known */
    private int fitting(double perFold) {
        int fitting = 0;
        for (Fold f : folds.values()) {
            fitting += f.steps < perFold ? 1 : 0;
        }
        return fitting;
    }

    /**
     * @param now the time, in nanoseconds
     * @return the seconds left, at least 1; empty before the pace is known, once every step is
     *     done, and once the time estimated at the last step has run out (the estimate was low,
     *     and by how much is not known until the next step: "about 1 s left" for minutes would
     *     say something false)
     */
    public synchronized OptionalLong seconds(long now) {
        double left = atLastStep - (now - lastStep) / 1e9;
        if (Double.isNaN(left) || completed >= total || left <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, Math.round(left)));
    }

    private double estimate(double perFold, long now) {
        long firstStep = Long.MAX_VALUE;
        long between = 0;
        long spans = 0;
        for (Fold f : folds.values()) {
            firstStep = Math.min(firstStep, f.first);
            if (f.steps > 1) {
                between += f.steps - 1;
                spans += f.last - f.first;
            }
        }
        if (between == 0) {
            return Double.NaN;
        }
        double step = spans / 1e9 / between;
        double preparation = (firstStep - started) / 1e9;
        double done = 0;
        for (Fold f : folds.values()) {
            done += preparation + Math.min(f.steps, perFold) * step;
        }
        double[] free = new double[Math.max(1, slots)];
        double unheard = Math.max(0, free.length * (now - started) / 1e9 - done);
        int next = 0;
        for (int f = 0; f < foldCount; f++) {
            Fold fold = folds.get(f);
            if (fold != null && fold.steps < perFold) {
                free[next++ % free.length] += (perFold - fold.steps) * step;
            }
        }
        for (int f = 0; f < foldCount; f++) {
            if (!folds.containsKey(f)) {
                double work = preparation + perFold * step;
                double credit = Math.min(work, unheard);
                unheard -= credit;
                int earliest = 0;
                for (int s = 1; s < free.length; s++) {
                    earliest = free[s] < free[earliest] ? s : earliest;
                }
                free[earliest] += work - credit;
            }
        }
        return Arrays.stream(free).max().orElse(0);
    }
}
