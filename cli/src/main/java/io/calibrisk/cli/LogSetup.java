package io.calibrisk.cli;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The command's logging, set up in code (found by Logback through {@code META-INF/services}):
 * {@code calibrisk: <level word>: <message>} and, with {@code --verbose}, the stack trace, each
 * escaped as {@link LogText} says, on standard error so that reports on standard output stay
 * clean; warnings and errors only unless {@code --verbose}.
 *
 * <p>Why in code: reading the same configuration from XML loaded about 480 of Logback's classes
 * and took about 0.15 s of every run's start-up, {@code --version} included. A configuration file
 * named by {@code -Dlogback.configurationFile} (as {@code bench/paper.sh} does) still replaces
 * this one.
 */
public final class LogSetup extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY) != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        Line layout = new Line();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("STDERR");
        appender.setTarget("System.err");
        appender.setEncoder(encoder);
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(appender);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** One log line: what the pattern {@code calibrisk: %levelWord: %safeMessage%n%safeThrowable} gives. */
    static final class Line extends LayoutBase<ILoggingEvent> {
        private final LogText.Level level = new LogText.Level();
        private final LogText.Message message = new LogText.Message();
        private final LogText.Trace trace = new LogText.Trace();

        @Override
        public void start() {
            trace.setContext(getContext());
            trace.start();
            super.start();
        }

        @Override
        public String doLayout(ILoggingEvent event) {
            return "calibrisk: " + level.convert(event) + ": " + message.convert(event) + CoreConstants.LINE_SEPARATOR
                    + trace.convert(event);
        }
    }
}
