package dev.signaltty.pane.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * The one rule for which spawn environment values reach disk (docs/security.md, ADR 0125): a pane's
 * env overrides are written to {@code snapshot/panes.json} only for names on {@link #ALLOWED} (locale,
 * time zone, paths, editor and pager: settings, not secrets) or listed by the daemon's own
 * {@code SIGNALTTY_PERSIST_ENV} (comma-separated names, {@code *} for all: the user asks). Any other
 * value, such as a token, lives only in the daemon's memory and the pane's process; after a daemon
 * restart a resumed pane starts without it.
 */
final class PersistedEnv {

    static final Set<String> ALLOWED = Set.of("LANG", "LANGUAGE", "TZ", "PATH", "HOME", "SHELL", "EDITOR", "VISUAL",
            "PAGER", "COLORTERM", "TERM_PROGRAM", "TMPDIR", "USER", "LOGNAME", "PWD");
    static final String ASK = "SIGNALTTY_PERSIST_ENV";

    private PersistedEnv() {
    }

    /** The entries of {@code overrides} that may be written, by the rule above. */
    static Map<String, String> writable(Map<String, String> overrides) {
        return writable(overrides, System.getenv(ASK));
    }

    static Map<String, String> writable(Map<String, String> overrides, @Nullable String asked) {
        Set<String> extra = asked == null ? Set.of()
                : Arrays.stream(asked.split(",")).map(String::strip).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
        Map<String, String> out = new HashMap<>();
        overrides.forEach((name, value) -> {
            if (extra.contains("*") || extra.contains(name) || ALLOWED.contains(name) || name.startsWith("LC_")) {
                out.put(name, value);
            }
        });
        return out;
    }
}
