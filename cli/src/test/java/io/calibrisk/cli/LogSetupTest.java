package io.calibrisk.cli;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command's logging set up in code: found by Logback, and the lines logback.xml used to give. */
class LogSetupTest {

    private static final String NL = System.lineSeparator();

    private static LogSetup.Line line(LoggerContext context) {
        LogSetup.Line line = new LogSetup.Line();
        line.setContext(context);
        line.start();
        return line;
    }

    @Test
    void logbackFindsItThroughTheServiceFile() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Appender<?> appender = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        ConsoleAppender<?> console = assertInstanceOf(ConsoleAppender.class, appender);
        assertEquals("System.err", console.getTarget());
        LayoutWrappingEncoder<?> encoder = assertInstanceOf(LayoutWrappingEncoder.class, console.getEncoder());
        assertInstanceOf(LogSetup.Line.class, encoder.getLayout());
    }

    @Test
    void warningsOnlyOnStandardError() {
        LoggerContext context = new LoggerContext();
        LogSetup setup = new LogSetup();
        setup.setContext(context);
        assertEquals(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, setup.configure(context));
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertEquals(Level.WARN, root.getLevel());
        assertTrue(root.getAppender("STDERR").isStarted());
    }

    @Test
    void aConfigurationFileNamedOnTheCommandLineWins() {
        LoggerContext context = new LoggerContext();
        LogSetup setup = new LogSetup();
        setup.setContext(context);
        String before = System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
        System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, "bench/logback-stages.xml");
        try {
            assertEquals(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY, setup.configure(context));
        } finally {
            if (before == null) {
                System.clearProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
            } else {
                System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, before);
            }
        }
        assertNull(context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
    }

    @Test
    void aLineIsTheLevelWordAndTheEscapedMessage() {
        LoggerContext context = new LoggerContext();
        Logger logger = context.getLogger("io.calibrisk.test");
        LoggingEvent warning = new LoggingEvent("x", logger, Level.WARN, "plugin {} skipped", null,
                new Object[] {"evil\u001b[2Jjar"});
        assertEquals("calibrisk: warning: plugin evil\\x1b[2Jjar skipped" + NL, line(context).doLayout(warning));
        LoggingEvent debug = new LoggingEvent("x", logger, Level.DEBUG, "found {}", null, new Object[] {"kde"});
        assertEquals("calibrisk: debug: found kde" + NL, line(context).doLayout(debug));
    }

    @Test
    void aStackTraceFollowsItsLineEscapedWithoutTabs() {
        LoggerContext context = new LoggerContext();
        Logger logger = context.getLogger("io.calibrisk.test");
        LoggingEvent event = new LoggingEvent("x", logger, Level.ERROR, "failed", new IllegalStateException("bad\u0007"),
                null);
        String[] lines = line(context).doLayout(event).split(NL);
        assertEquals("calibrisk: error: failed", lines[0]);
        assertEquals("java.lang.IllegalStateException: bad\\x07", lines[1]);
        assertTrue(lines[2].startsWith("    at io.calibrisk.cli.LogSetupTest."), lines[2]);
    }
}
