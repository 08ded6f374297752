package dev.signaltty.support;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.List;

import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

/**
 * The last lines the daemons of this test JVM logged (they log to the console, not to a daemon.log), kept in
 * memory so a failure message can quote them: what the daemon said about a pane is usually the explanation.
 * Capped at {@link #LINES}; installed once per JVM on the {@code dev.signaltty} logger.
 */
public final class RecentLog extends AppenderBase<ILoggingEvent> {

    static final int LINES = 400;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private static final RecentLog INSTANCE = new RecentLog();

    private final ArrayDeque<String> lines = new ArrayDeque<>();

    private RecentLog() {
    }

    /** Starts keeping the log's last lines (once per JVM; later calls do nothing). */
    public static synchronized void install() {
        if (INSTANCE.isStarted()) {
            return;
        }
        Logger logger = (Logger) LoggerFactory.getLogger("dev.signaltty");
        INSTANCE.setContext(logger.getLoggerContext());
        INSTANCE.setName("recent-log");
        INSTANCE.start();
        logger.addAppender(INSTANCE);
    }

    /** The kept lines that contain any of {@code needles} (all kept lines when none is given), oldest first. */
    public static List<String> lines(String... needles) {
        synchronized (INSTANCE.lines) {
            return INSTANCE.lines.stream()
                    .filter(line -> needles.length == 0 || List.of(needles).stream().anyMatch(line::contains))
                    .toList();
        }
    }

    @Override
    protected void append(ILoggingEvent event) {
        String line = TIME.format(Instant.ofEpochMilli(event.getTimeStamp())) + " " + event.getLevel() + " [" + event.getThreadName() + "] "
                + event.getLoggerName().substring(event.getLoggerName().lastIndexOf('.') + 1) + ": "
                + event.getFormattedMessage();
        synchronized (lines) {
            if (lines.size() == LINES) {
                lines.removeFirst();
            }
            lines.addLast(line);
        }
    }
}
