package io.calibrisk.pipeline.evaluation;

import io.calibrisk.api.data.CalibrationSet;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.data.Points;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.CountingProvider;
import io.calibrisk.pipeline.TestData;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The time estimate each estimator gives before a run: asked for the run's own folds,
 * components, sizes, grid and threads, said in one line, and never the run's failure.
 */
class TimeNeedsTest {
    private static final Workload CANONICAL = new Workload(5, 1, 32_000, 10_000, 100, 18, 2);
    private static final CalibrationSet SAMPLE = new CalibrationSet(Points.of(3, 1, new double[] {0.2, 0.5, 0.9}),
            Points.of(3, 1, new double[] {0, 1, 1}));

    @Test
    void anEstimatorIsAskedForTheRunAsPlanned() {
        Generators.Dataset data = Generators.dataset(400, 4, Generators.RowStyle.CONFIDENT, 17);
        Predictions predictions = TestData.predictions(data.samples());
        Labels labels = TestData.labels(data.samples());
        CountingProvider counting = new CountingProvider(new ToyBins());
        Calibrisk.builder().plugin(counting.plugin()).estimators("toy-bins").notion(Notion.CLASS_WISE).folds(4)
                .threads(3).grid("toy-bins", "bins", 2, 3, 5, 8, 13).build().evaluate(predictions, labels);
        // 400 samples: 320 to optimise in 4 folds of 80, so 240 to train on; the test split is 80
        assertEquals(List.of(new Workload(4, 4, 240, 80, 1, 5, 3)), counting.workloads);
        // with the largest training fold of the first class to look at: its 240 scores of class 0
        assertEquals(1, counting.samples.size());
        assertEquals(240, counting.samples.get(0).size());
        assertEquals(1, counting.samples.get(0).dimension());

        CountingProvider canonical = new CountingProvider(new ToyBins());
        Calibrisk.builder().plugin(canonical.plugin()).estimators("toy-bins").notion(Notion.TOP_LABEL).threads(1)
                .build().evaluate(predictions, labels);
        assertEquals(List.of(new Workload(5, 1, 256, 80, 1, 3, 1)), canonical.workloads);
        assertEquals(256, canonical.samples.get(0).size());
    }

    @Test
    void theLineSaysTheRunItIsForAndTheEstimatorsAccount() {
        assertEquals("kkr: takes up to about 2 min for 5 folds × 18 grid points on 2 threads: fast mode, a pivoted "
                        + "Cholesky",
                TimeNeeds.line("kkr", CANONICAL, new TimeNeed(114, true, " fast mode, a pivoted Cholesky "), "grid"));
        assertEquals("kde: takes about 1 s for 1 fold × 10 classes × 1 grid point on 1 thread",
                TimeNeeds.line("kde", new Workload(1, 10, 6400, 2000, 1, 1, 1), new TimeNeed(0.2, false, "  "), "grid"));
        assertEquals("kde: takes about 45 s for 5 folds × 20 grid points (and whatever rounds search refine adds) on "
                        + "2 threads: a",
                TimeNeeds.line("kde", new Workload(5, 1, 6400, 2000, 1, 20, 2), new TimeNeed(45, false, "a"),
                        "refine"));
        // a plugin's account is escaped and cut
        assertEquals("x: takes about 1 s for 5 folds × 18 grid points on 2 threads: a\\x1b[31mb",
                TimeNeeds.line("x", CANONICAL, new TimeNeed(1, false, "a\u001b[31mb"), "grid"));
        String longAccount = TimeNeeds.line("x", CANONICAL, new TimeNeed(1, false, "y".repeat(1000)), "grid");
        assertEquals(true, longAccount.length() < 400, longAccount);
    }

    /**
     * Fewer folds at once than the threads (the memory plan's) take more rounds: 5 folds on 2
     * threads are 3 rounds, one at a time 5, so 114 s become a bound of 190 s, and the line says why.
     */
    @Test
    void anEstimateForFewerFoldsAtOnceCountsTheirRoundsAndSaysSo() {
        TimeNeeds.Estimate estimate = new TimeNeeds.Estimate("kkr", CANONICAL, new TimeNeed(114, false, "a"));
        assertEquals(2, estimate.atOnce());
        assertSame(estimate, estimate.withAtOnce(2));
        TimeNeeds.Estimate one = estimate.withAtOnce(1);
        assertEquals(190, one.need().seconds(), 1e-9);
        assertEquals(true, one.need().upperBound());
        assertEquals("kkr: takes up to about 3 min for 5 folds × 18 grid points on 2 threads, 1 fold at a time (the "
                + "memory plan's): a", TimeNeeds.line("kkr", CANONICAL, one.need(), "grid", one.atOnce()));
        assertEquals(Double.MAX_VALUE, new TimeNeeds.Estimate("x", CANONICAL, new TimeNeed(Double.MAX_VALUE, false, ""))
                .withAtOnce(1).need().seconds());
        // 4 folds × 10 classes on 8 threads are 5 rounds; 3 at a time, 14
        TimeNeeds.Estimate classes = new TimeNeeds.Estimate("kde", new Workload(4, 10, 6400, 2000, 1, 20, 8),
                new TimeNeed(50, true, "")).withAtOnce(3);
        assertEquals(140, classes.need().seconds(), 1e-9);
        assertEquals("kde: takes up to about 2 min for 4 folds × 10 classes × 20 grid points on 8 threads, 3 folds at "
                + "a time (the memory plan's)", TimeNeeds.line("kde", classes.workload(), classes.need(), "grid",
                classes.atOnce()));
    }

    @Test
    void durationsAsRoughlyAsAnEstimateKnowsThem() {
        assertEquals("1 s", TimeNeeds.words(0));
        assertEquals("1 s", TimeNeeds.words(0.2));
        assertEquals("89 s", TimeNeeds.words(89.4));
        assertEquals("2 min", TimeNeeds.words(89.6));
        assertEquals("3 min", TimeNeeds.words(170));
        assertEquals("89 min", TimeNeeds.words(89 * 60 + 29));
        assertEquals("1 h 30 min", TimeNeeds.words(89 * 60 + 31));
        assertEquals("2 h 05 min", TimeNeeds.words(2 * 3600 + 5 * 60 + 10));
    }

    @Test
    void aMinuteOrMoreIsLong() {
        assertEquals(false, TimeNeeds.isLong(new TimeNeed(59.999, false, "")));
        assertEquals(true, TimeNeeds.isLong(new TimeNeed(60, false, "")));
    }

    @Test
    void anEstimatorThatFailsToSaySaysNothing() {
        assertEquals(Optional.empty(), TimeNeeds.ask(saying(workload -> {
            throw new IllegalStateException("no model");
        }), CANONICAL, SAMPLE, "x"));
        assertEquals(Optional.empty(), TimeNeeds.ask(saying(workload -> null), CANONICAL, SAMPLE, "x"));
        CalibrationEstimator silent = training -> null;
        assertEquals(Optional.empty(), TimeNeeds.ask(silent, CANONICAL, SAMPLE, "x"));
        TimeNeed need = new TimeNeed(3, false, "a");
        assertEquals(Optional.of(new TimeNeeds.Estimate("x", CANONICAL, need)),
                TimeNeeds.ask(saying(workload -> Optional.of(need)), CANONICAL, SAMPLE, "x"));
        // one that looks at the sample is asked with it, and its answer wins
        CalibrationEstimator looking = new CalibrationEstimator() {
            @Override
            public PreparedTraining prepare(TrainingFold training) {
                throw new UnsupportedOperationException("asked only for its time");
            }

            @Override
            public Optional<TimeNeed> timeNeed(Workload workload) {
                return Optional.of(new TimeNeed(1000, true, "without the data"));
            }

            @Override
            public Optional<TimeNeed> timeNeed(Workload workload, CalibrationSet sample) {
                return Optional.of(new TimeNeed(sample.size(), false, "from the data"));
            }
        };
        assertEquals(Optional.of(new TimeNeeds.Estimate("x", CANONICAL, new TimeNeed(3, false, "from the data"))),
                TimeNeeds.ask(looking, CANONICAL, SAMPLE, "x"));
    }

    /** @return an estimator whose time estimate is {@code answer}'s */
    private static CalibrationEstimator saying(Function<Workload, Optional<TimeNeed>> answer) {
        return new CalibrationEstimator() {
            @Override
            public PreparedTraining prepare(TrainingFold training) {
                throw new UnsupportedOperationException("asked only for its time");
            }

            @Override
            public Optional<TimeNeed> timeNeed(Workload workload) {
                return answer.apply(workload);
            }
        };
    }
}
