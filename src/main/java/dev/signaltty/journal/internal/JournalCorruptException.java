package dev.signaltty.journal.internal;

import java.nio.file.Path;

import dev.signaltty.transport.StartupRefused;

/**
 * Startup found history it cannot trust (a corrupt or missing reservation, an unreadable audit line,
 * inconsistent retention metadata, a special file in the state dir). The server refuses to start;
 * {@code signaltty server recover} (the property {@code signaltty.journal.recover=true}) records the loss
 * of proof and lets it start.
 */
public class JournalCorruptException extends StartupRefused {

    static final String REMEDY = "run `signaltty server recover` to record the loss of proof and start";

    public JournalCorruptException(Path file, String problem) {
        this(file, problem, null);
    }

    public JournalCorruptException(Path file, String problem, Throwable cause) {
        super(file, problem, REMEDY, cause);
    }
}
