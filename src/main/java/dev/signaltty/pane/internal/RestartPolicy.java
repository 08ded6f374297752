package dev.signaltty.pane.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolException;

/**
 * What a pane does after a daemon restart or reboot (issue 17 item 3, ADR 0133): {@code never} (comes
 * back exited, the default), {@code resume} (relaunched at start through its agent adapter, which
 * resumes the agent's last session), {@code rerun} (its stored argv started again in its last cwd).
 */
final class RestartPolicy {

    static final String NEVER = "never";
    static final String RESUME = "resume";
    static final String RERUN = "rerun";
    static final List<String> ALL = List.of(NEVER, RESUME, RERUN);

    private RestartPolicy() {
    }

    /** BAD_PARAMS naming {@code restart} for anything but the three policies (null: the default). */
    static void check(@Nullable String restart) {
        if (restart != null && !ALL.contains(restart)) {
            throw ProtocolException.badParams("restart", "must be one of never, resume, rerun");
        }
    }
}
