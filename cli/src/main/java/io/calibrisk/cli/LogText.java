package io.calibrisk.cli;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.CoreConstants;
import io.calibrisk.pipeline.Untrusted;

import java.util.Locale;

/**
 * The parts of the command's log lines ({@link LogSetup}), as Logback converters so that a
 * configuration file can name them too: log messages quote plugins and files, so they are
 * {@linkplain Untrusted#escape escaped} like every other line the command prints.
 */
public final class LogText {

    private LogText() {
    }

    /** {@code %safeMessage}: the formatted message, escaped. */
    public static final class Message extends ClassicConverter {
        @Override
        public String convert(ILoggingEvent event) {
            return Untrusted.escape(event.getFormattedMessage());
        }
    }

    /** {@code %levelWord}: the level as a lower-case word, {@code warning} for WARN. */
    public static final class Level extends ClassicConverter {
        @Override
        public String convert(ILoggingEvent event) {
            String level = event.getLevel().toString().toLowerCase(Locale.ROOT);
            return level.equals("warn") ? "warning" : level;
        }
    }

    /** {@code %safeThrowable}: the stack trace (logged with {@code --verbose}), each line escaped. */
    public static final class Trace extends ThrowableProxyConverter {
        @Override
        protected String throwableProxyToString(IThrowableProxy proxy) {
            StringBuilder out = new StringBuilder();
            super.throwableProxyToString(proxy).lines()
                    .forEach(line -> out.append(Untrusted.escape(line.replace("\t", "    ")))
                            .append(CoreConstants.LINE_SEPARATOR));
            return out.toString();
        }
    }
}
