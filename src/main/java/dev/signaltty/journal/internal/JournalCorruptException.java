package dev.signaltty.journal.internal;

import java.nio.file.Path;

/**
 * Startup found history it cannot trust (a corrupt reservation, an unreadable audit line, inconsistent
 * retention metadata). The server refuses to start; {@code signaltty server recover} (the property
 * {@code signaltty.journal.recover=true}) records the loss of proof and lets it start.
 */
public class JournalCorruptException extends RuntimeException {

    private final Path file;

    public JournalCorruptException(Path file, String problem) {
        this(file, problem, null);
    }

    public JournalCorruptException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem + " (run `signaltty server recover` to record the loss of proof and start)",
                cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
