package dev.signaltty.journal.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stops the daemon after a journal write failure: logs it, closes the application context (which
 * closes the socket and every connection) on a thread of its own, then exits with status
 * {@value #STATUS}. The journal has already refused every later append, so nothing runs on silently.
 */
final class ExitOnJournalFailure implements JournalFailureHandler {

    static final int STATUS = 74; // EX_IOERR

    private static final Logger log = LoggerFactory.getLogger(ExitOnJournalFailure.class);

    private final ConfigurableApplicationContext context;

    ExitOnJournalFailure(ConfigurableApplicationContext context) {
        this.context = context;
    }

    @Override
    public void journalFailed(Throwable cause) {
        log.error("journal write failed; stopping the server", cause);
        Thread stopper = new Thread(() -> {
            try {
                SpringApplication.exit(context, () -> STATUS);
            } catch (RuntimeException e) {
                log.error("error while stopping after a journal failure", e);
            } finally {
                // Shutdown hooks get five seconds; a hung one must not keep a broken journal alive.
                Thread watchdog = new Thread(() -> {
                    try {
                        Thread.sleep(5_000);
                    } catch (InterruptedException ignored) {
                        // halting anyway
                    }
                    Runtime.getRuntime().halt(STATUS);
                }, "journal-failure-halt");
                watchdog.setDaemon(true);
                watchdog.start();
                System.exit(STATUS);
            }
        }, "journal-failure-exit");
        stopper.setDaemon(false);
        stopper.start();
    }
}
