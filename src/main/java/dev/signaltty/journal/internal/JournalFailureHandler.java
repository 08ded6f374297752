package dev.signaltty.journal.internal;

/**
 * What happens when the audit or the reservation cannot be written (seed R176): the server stops. The
 * production handler exits the JVM; tests record the call instead.
 */
@FunctionalInterface
public interface JournalFailureHandler {

    /** Called once, from the journal thread that found the failure; must not block on the journal. */
    void journalFailed(Throwable cause);
}
