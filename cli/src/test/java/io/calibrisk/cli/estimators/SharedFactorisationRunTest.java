package io.calibrisk.cli.estimators;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.calibrisk.api.data.Notion;
import io.calibrisk.pipeline.Calibrisk;
import io.calibrisk.pipeline.report.CalibrationReport;
import io.calibrisk.testsupport.Simulations;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * kkr and ukkr in one run factor each training fold once: the second takes the first's
 * factorisation from the run's cache (keyed by fold and settings). Counted from the
 * factorisations kernel ridge regression logs at debug level. Their rank-cap warning, too, is
 * said once per run.
 */
class SharedFactorisationRunTest {
    private static final String LOGGER = "io.calibrisk.estimators.kkr.KernelRidgeProvider";

    @Test
    void kkrAndUkkrFactorEachFoldOncePerRun() {
        SharedData.Run data = SharedData.of(Simulations.paper(5).samples());
        for (Notion notion : List.of(Notion.TOP_LABEL, Notion.CLASS_WISE)) {
            int components = notion.componentCount(5);
            assertEquals(5 * components, factorisations(data, notion, "kkr", "ukkr"),
                    notion + ": one factorisation per fold and component, shared by kkr and ukkr");
            assertEquals(5 * components, factorisations(data, notion, "ukkr"), notion + ": the same for ukkr alone");
        }
    }

    /**
     * Every fold reaching the rank cap is said once per run as a warning, with the first fold's
     * residual trace; the other folds' at debug level (kkr and ukkr share the factorisations).
     */
    @Test
    void theRankCapIsWarnedOncePerRun() {
        SharedData.Run data = SharedData.of(Simulations.paper(5).samples());
        Calibrisk.Builder run = Calibrisk.builder().notion(Notion.CANONICAL).estimators("kkr", "ukkr").threads(2)
                .setting("kkr", "max-rank", "12").setting("ukkr", "max-rank", "12");
        List<ILoggingEvent> events = events(data, run);
        List<ILoggingEvent> cap = events.stream()
                .filter(e -> e.getFormattedMessage().contains("reached the rank cap 12")).toList();
        assertEquals(5, cap.size(), "one line per fold");
        assertEquals(1, cap.stream().filter(e -> e.getLevel() == Level.WARN).count(), "one warning");
        assertEquals(4, cap.stream().filter(e -> e.getLevel() == Level.DEBUG).count());
    }

    private static int factorisations(SharedData.Run data, Notion notion, String... estimators) {
        List<ILoggingEvent> events = events(data, Calibrisk.builder().notion(notion).estimators(estimators).threads(2));
        return (int) events.stream().filter(e -> e.getFormattedMessage().contains(" factorisation of n = ")).count();
    }

    /** @return what kernel ridge regression logs, debug level included, during the run */
    private static List<ILoggingEvent> events(SharedData.Run data, Calibrisk.Builder run) {
        Logger logger = (Logger) LoggerFactory.getLogger(LOGGER);
        Level level = logger.getLevel();
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.DEBUG);
        try {
            CalibrationReport report = run.build().evaluate(data.predictions(), data.labels());
            report.estimators().forEach(result -> assertFalse(result.failed(), result.name() + ": " + result.failure()));
        } finally {
            logger.detachAppender(events);
            logger.setLevel(level);
        }
        return events.list;
    }
}
