package io.calibrisk.cli.estimators;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.calibrisk.api.CalibriskPlugin;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.EstimatorProvider;
import io.calibrisk.api.estimator.PreparedTraining;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.api.estimator.TimeNeed;
import io.calibrisk.api.estimator.TrainingFold;
import io.calibrisk.api.estimator.Workload;
import io.calibrisk.api.search.SearchSpace;
import io.calibrisk.api.setting.Setting;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.data.Labels;
import io.calibrisk.pipeline.data.Predictions;
import io.calibrisk.pipeline.evaluation.RunPlan;
import io.calibrisk.testsupport.Generators;
import io.calibrisk.testsupport.plugin.MapRunCache;
import io.calibrisk.testsupport.plugin.ThreadPool;
import io.calibrisk.testsupport.toy.ToyBins;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kkr and kde say how long a run will take before any work starts, for the run's own folds,
 * classes, grid and threads ({@link CalibrationEstimator#timeNeed}), from the sizes alone:
 * nothing is computed here. kkr counts a training fold's factorisation once for kkr and ukkr,
 * which share it, and says the factorisation is the other's where it is; kde gives its whole
 * run. The pipeline says the line before the first fold: a warning from a minute on.
 */
class TimeEstimateAnnouncementTest {
    private static final String PIPELINE = "io.calibrisk.pipeline.evaluation.TimeNeeds";
    /** A duration in {@code CostModel.words}' form; its value depends on the native libraries found. */
    private static final String DURATION = "(\\d+ s|\\d+ min \\d\\d s|\\d+ h \\d\\d min)";
    /** Canonical n = 50 000, d = 100 with the default folds and grid on two threads: the README's example. */
    private static final Workload CANONICAL_50K = new Workload(5, 1, 32_000, 10_000, 100, 18, 2);

    @Test
    void kkrCountsTheFactorisationOnceForKkrAndUkkrAndTheRunsOwnFoldsAndGrid() {
        RunCache cache = new MapRunCache();
        CalibrationEstimator kkr = estimator("kkr", Notion.CANONICAL, 100, "fast", cache);
        TimeNeed need = kkr.timeNeed(CANONICAL_50K).orElseThrow();
        assertTrue(need.upperBound(), "fast mode: a bound, for the rank the memory plan assumes");
        assertTrue(Pattern.matches("fast mode, a pivoted Cholesky of rank up to 3000 per training fold of 32000 points "
                + "\\(up to about " + DURATION + " each, less where its tolerance stops it first\\) and the grid points' "
                + "fits \\(up to about " + DURATION + " a fold\\)", need.account()), need.account());
        assertTrue(need.seconds() >= 60, need.toString());
        assertEquals(need, kkr.timeNeed(CANONICAL_50K).orElseThrow(), "asked again, kkr still owns the factorisation");
        assertEquals(Optional.empty(), estimator("ukkr", Notion.CANONICAL, 100, "fast", cache).timeNeed(CANONICAL_50K),
                "ukkr's fits cost little and its factorisation is kkr's");

        // the run's folds, threads and grid: 10 folds on 2 threads are 5 rounds, not 3; on 1 thread 10
        double perRound = need.seconds() / 3;
        assertEquals(5 * perRound, kkr.timeNeed(new Workload(10, 1, 32_000, 10_000, 100, 18, 2)).orElseThrow()
                .seconds(), 1e-9 * need.seconds());
        assertEquals(10 * perRound, kkr.timeNeed(new Workload(10, 1, 32_000, 10_000, 100, 18, 1)).orElseThrow()
                .seconds(), 1e-9 * need.seconds());
        TimeNeed twiceTheGrid = kkr.timeNeed(new Workload(5, 1, 32_000, 10_000, 100, 36, 2)).orElseThrow();
        assertTrue(twiceTheGrid.seconds() > need.seconds() * 1.1, twiceTheGrid + " against " + need);

        // ukkr asked first owns the factorisation; kkr then counts its fits alone and says whose it is
        RunCache other = new MapRunCache();
        TimeNeed ukkr = estimator("ukkr", Notion.CANONICAL, 100, "fast", other).timeNeed(CANONICAL_50K).orElseThrow();
        TimeNeed fits = estimator("kkr", Notion.CANONICAL, 100, "fast", other).timeNeed(CANONICAL_50K).orElseThrow();
        assertTrue(Pattern.matches("fast mode, the grid points' fits \\(up to about " + DURATION + " a fold\\); the "
                + "factorisation is ukkr's", fits.account()), fits.account());
        assertEquals(need.seconds(), ukkr.seconds() + fits.seconds(), 1e-9 * need.seconds());
    }

    @Test
    void exactModeNamesTheEigendecompositionAndFitsFromASecondAFold() {
        TimeNeed exact = estimator("kkr", Notion.CANONICAL, 10, "exact", new MapRunCache())
                .timeNeed(new Workload(5, 1, 6400, 3600, 10, 18, 2)).orElseThrow();
        assertFalse(exact.upperBound());
        assertTrue(exact.seconds() >= 60, exact.toString());
        assertTrue(Pattern.matches("exact mode, the eigendecomposition of the kernel matrix of each training fold of "
                + "6400 points \\(about " + DURATION + " each, (native|Java) LAPACK\\) and the grid points' fits "
                + "\\(about " + DURATION + " a fold\\)", exact.account()), exact.account());

        // 4100 points: with the native LAPACK the factorisations alone (three rounds of about 12 s)
        // stay under a minute, and the fits (about 10 s a fold) take the run over it
        TimeNeed fits = estimator("kkr", Notion.CANONICAL, 10, "exact", new MapRunCache())
                .timeNeed(new Workload(5, 1, 4100, 2300, 10, 18, 2)).orElseThrow();
        assertTrue(fits.seconds() >= 60, fits.toString());
        assertTrue(fits.account().contains("grid points' fits"), fits.account());

        // fits under a second a fold are not named
        TimeNeed quick = estimator("kkr", Notion.CANONICAL, 10, "exact", new MapRunCache())
                .timeNeed(new Workload(5, 1, 1000, 600, 10, 18, 2)).orElseThrow();
        assertTrue(quick.seconds() < 60, quick.toString());
        assertTrue(Pattern.matches("exact mode, the eigendecomposition of the kernel matrix of each training fold of "
                + "1000 points \\(about 1 s each, (native|Java) LAPACK\\)", quick.account()), quick.account());

        // CIFAR-10's class-wise folds: the rbf kernel's rank bound plans for rank 46, a fit costs
        // nothing, and the ten classes' factorisations are five rounds' work each
        Workload classWise = new Workload(5, 10, 6400, 2000, 1, 9, 2);
        TimeNeed small = estimator("kkr", Notion.CLASS_WISE, 10, "fast", new MapRunCache()).timeNeed(classWise)
                .orElseThrow();
        assertEquals("fast mode, a pivoted Cholesky of rank up to 46 per training fold of 6400 points (up to about 1 s "
                + "each, less where its tolerance stops it first)", small.account());
        TimeNeed oneClass = estimator("kkr", Notion.TOP_LABEL, 10, "fast", new MapRunCache())
                .timeNeed(new Workload(5, 1, 6400, 2000, 1, 9, 2)).orElseThrow();
        assertEquals(25.0 / 3 * oneClass.seconds(), small.seconds(), 1e-9 * small.seconds());
    }

    @Test
    void kdeSaysItsWholeRun() {
        // kde's default grid has 20 bandwidths
        TimeNeed canonical = estimator("kde", Notion.CANONICAL, 100, null, new MapRunCache())
                .timeNeed(new Workload(5, 1, 32_000, 10_000, 100, 20, 2)).orElseThrow();
        assertFalse(canonical.upperBound());
        assertEquals(84, canonical.seconds(), 0.5, "KdeCost's rates, fitted to the 86.5 s measured");
        assertEquals("training folds of 32000 points; the dirichlet kernel through its 100 statistics per point",
                canonical.account());

        // CIFAR-10, class-wise: ten scalar problems per fold
        TimeNeed classWise = estimator("kde", Notion.CLASS_WISE, 10, null, new MapRunCache())
                .timeNeed(new Workload(5, 10, 6400, 2000, 1, 20, 2)).orElseThrow();
        assertEquals("training folds of 6400 points; the beta kernel through windows of its sorted centres",
                classWise.account());
        TimeNeed ten = estimator("kde", Notion.CLASS_WISE, 10, null, new MapRunCache())
                .timeNeed(new Workload(5, 10, 6400, 2000, 1, 20, 1)).orElseThrow();
        assertEquals(2 * classWise.seconds(), ten.seconds(), 1e-12, "one thread takes twice two threads' time");
    }

    /** The pipeline says each estimator's line before the first fold, with the run's own folds and threads. */
    @Test
    void theRunSaysTheLineBeforeItStartsAsAWarningFromAMinuteOn() {
        Generators.Dataset data = Generators.dataset(200, 3, Generators.RowStyle.CONFIDENT, 5);
        Predictions predictions = Predictions.ofProbabilities(data.samples().size(), 3, data.samples().probabilities(),
                "test");
        Labels labels = Labels.of(data.samples().labels(), 3, "test");
        List<ILoggingEvent> events = events(PIPELINE, () -> Calibrisk.builder()
                .plugin(plugin(new Slow("slow", 125), new Slow("quick", 3))).estimators("slow", "quick")
                .notion(Notion.TOP_LABEL).folds(4).threads(2).build().evaluate(predictions, labels));
        assertEquals(2, events.size(), events.toString());
        assertEquals(Level.WARN, events.get(0).getLevel());
        assertEquals("slow: takes up to about 2 min for 4 folds × 3 grid points on 2 threads: a model of slow",
                events.get(0).getFormattedMessage());
        assertEquals(Level.INFO, events.get(1).getLevel());
        assertEquals("quick: takes up to about 3 s for 4 folds × 3 grid points on 2 threads: a model of quick",
                events.get(1).getFormattedMessage());
    }

    /** toy-bins under another name, with a time estimate of its own. */
    private static final class Slow implements EstimatorProvider {
        private final String name;
        private final double seconds;
        private final ToyBins toy = new ToyBins();

        Slow(String name, double seconds) {
            this.name = name;
            this.seconds = seconds;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "toy-bins with a time estimate";
        }

        @Override
        public Set<Notion> notions() {
            return toy.notions();
        }

        @Override
        public SearchSpace defaultSearchSpace(Notion notion) {
            return toy.defaultSearchSpace(notion);
        }

        @Override
        public List<Setting> settings(Notion notion) {
            return toy.settings(notion);
        }

        @Override
        public CalibrationEstimator create(EstimatorContext context) {
            CalibrationEstimator estimator = toy.create(context);
            return new CalibrationEstimator() {
                @Override
                public PreparedTraining prepare(TrainingFold training) {
                    return estimator.prepare(training);
                }

                @Override
                public Optional<TimeNeed> timeNeed(Workload workload) {
                    return Optional.of(new TimeNeed(seconds, true, "a model of " + name));
                }
            };
        }
    }

    private static CalibriskPlugin plugin(EstimatorProvider... providers) {
        return new CalibriskPlugin() {
            @Override
            public String name() {
                return "timed";
            }

            @Override
            public String spiVersion() {
                return SPI_VERSION;
            }

            @Override
            public List<EstimatorProvider> estimators() {
                return List.of(providers);
            }
        };
    }

    /** @return the estimator as a run with two threads and the cache creates it, with its default settings but mode (if given) */
    private static CalibrationEstimator estimator(String name, Notion notion, int classes, String mode, RunCache cache) {
        Calibrisk.Builder builder = Calibrisk.builder().notion(notion).estimators(name);
        Calibrisk run = (mode == null ? builder : builder.setting(name, "mode", mode)).build();
        RunPlan.PlannedEstimator planned = run.plan().estimators().get(0);
        // the pool only says how many folds run at once: asked for sizes, kkr starts no task
        try (ThreadPool pool = new ThreadPool(2)) {
            return planned.provider().create(new EstimatorContext(notion, classes, planned.settings(), pool, cache));
        }
    }

    /** @return what the logger logs at info level and above while {@code work} runs */
    private static List<ILoggingEvent> events(String name, Runnable work) {
        Logger logger = (Logger) LoggerFactory.getLogger(name);
        Level level = logger.getLevel();
        boolean additive = logger.isAdditive();
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.INFO);
        // the lines are checked here, not printed among the test run's output
        logger.setAdditive(false);
        try {
            work.run();
        } finally {
            logger.detachAppender(appender);
            logger.setLevel(level);
            logger.setAdditive(additive);
        }
        return new ArrayList<>(appender.list);
    }
}
