package dev.signaltty.cli.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A failed command: printed as {@code CODE: message} on stderr, exit status {@link #status()}.
 * Codes are the protocol's error codes; the CLI adds none of its own except through them
 * ({@code NO_SUCH_SERVER}, {@code IO_ERROR}, {@code TIMEOUT}).
 */
public final class CliException extends RuntimeException {

    private final String code;
    private final @Nullable Map<String, Object> details;
    private final int status;

    public CliException(String code, String message) {
        this(code, message, null, 1);
    }

    public CliException(String code, String message, @Nullable Map<String, Object> details, int status) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
        this.status = status;
    }

    public String code() {
        return code;
    }

    public @Nullable Map<String, Object> details() {
        return details;
    }

    public int status() {
        return status;
    }

    static CliException noServer(java.nio.file.Path socket) {
        return new CliException("NO_SUCH_SERVER", "no signaltty daemon listens on " + socket);
    }
}
