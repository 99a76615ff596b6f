package io.calibrisk.cli.estimators;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.calibrisk.api.data.Notion;
import io.calibrisk.api.estimator.CalibrationEstimator;
import io.calibrisk.api.estimator.EstimatorContext;
import io.calibrisk.api.estimator.RunCache;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.evaluation.RunPlan;
import io.calibrisk.testsupport.plugin.MapRunCache;
import io.calibrisk.testsupport.plugin.ThreadPool;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kkr and kde say how long they will take before any work starts (from the sizes their memory
 * plan is asked about), once per run. kkr gives a training fold's factorisation and a grid
 * point's fit, the factorisation once for kkr and ukkr, which share it; kde gives its whole run.
 * A run whose default folds and grid would take over a minute is warned about, with how many
 * folds or threads share the work; a short one is said at info level. Only the sizes are given,
 * so nothing is computed here.
 */
class TimeEstimateAnnouncementTest {
    private static final String KKR = "io.calibrisk.estimators.kkr.KernelRidgeProvider";
    private static final String KDE = "io.calibrisk.estimators.kernel.kde.KdeEstimator";
    /** A duration in {@code CostModel.words}' form; its value depends on the native libraries found. */
    private static final String DURATION = "(\\d+ s|\\d+ min \\d\\d s|\\d+ h \\d\\d min)";

    @Test
    void aLongRunIsWarnedAboutOnceAndTheFactorisationOnceForKkrAndUkkr() {
        RunCache cache = new MapRunCache();
        List<ILoggingEvent> events = events(KKR, () -> {
            CalibrationEstimator kkr = estimator("kkr", Notion.CANONICAL, 100, "fast", cache);
            // the sizes of canonical n = 50 000, d = 100: the README's example of the warning
            kkr.memoryNeed(32_000, 18_000, 100);
            kkr.memoryNeed(32_000, 18_000, 100);
            estimator("ukkr", Notion.CANONICAL, 100, "fast", cache).memoryNeed(32_000, 18_000, 100);
        });
        assertEquals(1, events.size(), events.toString());
        assertEquals(Level.WARN, events.get(0).getLevel());
        String line = events.get(0).getFormattedMessage();
        assertTrue(Pattern.matches("kkr: fast mode takes up to about " + DURATION + " per training fold of 32000 points "
                + "\\(a pivoted Cholesky of rank up to 3000, less where its tolerance stops it first\\) and up to about "
                + DURATION + " for the 18 grid points' fits on such a fold \\(the default grid\\); folds run 2 at a "
                + "time", line), line);
    }

    @Test
    void exactModeNamesTheEigendecompositionAndAShortRunIsSaidAtInfoLevel() {
        RunCache cache = new MapRunCache();
        List<ILoggingEvent> exact = events(KKR, () -> estimator("kkr", Notion.CANONICAL, 10, "exact", cache)
                .memoryNeed(6400, 3600, 10));
        assertEquals(1, exact.size(), exact.toString());
        assertEquals(Level.WARN, exact.get(0).getLevel());
        String line = exact.get(0).getFormattedMessage();
        assertTrue(Pattern.matches("kkr: exact mode takes about " + DURATION + " per training fold of 6400 points "
                + "\\(the eigendecomposition of its kernel matrix, (native|Java) LAPACK\\) and about " + DURATION
                + " for the 18 grid points' fits on such a fold \\(the default grid\\); folds run 2 at a time", line),
                line);

        // 4100 points: with the native LAPACK the factorisations alone (three rounds of about 12 s)
        // stay under a minute, and the fits (about 10 s a fold) take the run over it
        List<ILoggingEvent> fits = events(KKR, () -> estimator("kkr", Notion.CANONICAL, 10, "exact", new MapRunCache())
                .memoryNeed(4100, 2300, 10));
        assertEquals(1, fits.size(), fits.toString());
        assertEquals(Level.WARN, fits.get(0).getLevel(), fits.get(0).getFormattedMessage());
        assertTrue(fits.get(0).getFormattedMessage().contains("grid points' fits"), fits.get(0).getFormattedMessage());

        // fits under a second a fold are not named
        List<ILoggingEvent> quick = events(KKR, () -> estimator("kkr", Notion.CANONICAL, 10, "exact", new MapRunCache())
                .memoryNeed(1000, 600, 10));
        assertEquals(1, quick.size(), quick.toString());
        assertEquals(Level.INFO, quick.get(0).getLevel());
        assertTrue(Pattern.matches("kkr: exact mode takes about 1 s per training fold of 1000 points \\(the "
                + "eigendecomposition of its kernel matrix, (native|Java) LAPACK\\)", quick.get(0).getFormattedMessage()),
                quick.get(0).getFormattedMessage());

        // CIFAR-10's top-label folds: the rbf kernel's rank bound plans for rank 46, a fit costs nothing
        List<ILoggingEvent> small = events(KKR, () -> estimator("kkr", Notion.TOP_LABEL, 10, "fast", new MapRunCache())
                .memoryNeed(6400, 3600, 1));
        assertEquals(1, small.size(), small.toString());
        assertEquals(Level.INFO, small.get(0).getLevel());
        assertEquals("kkr: fast mode takes up to about 1 s per training fold of 6400 points (a pivoted Cholesky of "
                + "rank up to 46, less where its tolerance stops it first)", small.get(0).getFormattedMessage());
    }

    @Test
    void kdeSaysHowLongItsWholeRunTakesOnce() {
        List<ILoggingEvent> canonical = events(KDE, () -> {
            CalibrationEstimator kde = estimator("kde", Notion.CANONICAL, 100, null, new MapRunCache());
            kde.memoryNeed(32_000, 10_000, 100);
            kde.memoryNeed(32_000, 10_000, 100);
        });
        assertEquals(1, canonical.size(), canonical.toString());
        assertEquals(Level.WARN, canonical.get(0).getLevel());
        assertEquals("kde: takes about 84 s with the default 5 folds and 20 bandwidths on 2 threads (training "
                + "folds of 32000 points; the dirichlet kernel through its 100 statistics per point)",
                canonical.get(0).getFormattedMessage());

        // CIFAR-10, class-wise: ten scalar problems per fold
        List<ILoggingEvent> classWise = events(KDE, () -> estimator("kde", Notion.CLASS_WISE, 10, null,
                new MapRunCache()).memoryNeed(6400, 2000, 1));
        assertEquals(1, classWise.size(), classWise.toString());
        assertEquals(Level.INFO, classWise.get(0).getLevel());
        assertEquals("kde: takes about 1 s with the default 5 folds and 20 bandwidths on 2 threads (training folds "
                + "of 6400 points, for each of 10 classes; the beta kernel through windows of its sorted centres)",
                classWise.get(0).getFormattedMessage());
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
