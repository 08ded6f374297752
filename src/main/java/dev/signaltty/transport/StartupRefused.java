package dev.signaltty.transport;

import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * The daemon refuses to start because of something on disk. Its message is the one line the CLI shows:
 * the file, the problem and, when there is one, the command that recovers (docs/security.md).
 * {@code SignalttyApplication} prints it after {@link #LINE_PREFIX}, so the CLI can find it in the log.
 */
public class StartupRefused extends RuntimeException {

    /** The daemon's last output line on a refused start begins with this. */
    public static final String LINE_PREFIX = "signaltty: cannot start: ";

    private final Path file;

    public StartupRefused(Path file, String problem, @Nullable String remedy, @Nullable Throwable cause) {
        super(file + ": " + problem + (remedy == null ? "" : " (" + remedy + ")"), cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** The refusal somewhere in {@code failure}'s cause chain, or null. */
    public static @Nullable StartupRefused in(@Nullable Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StartupRefused refused) {
                return refused;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
