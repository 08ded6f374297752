package dev.signaltty.pane.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * The one rule for which spawn environment values reach disk (docs/security.md, ADR 0125): a pane's
 * env overrides are written to {@code snapshot/panes.json} only for names on {@link #ALLOWED} (locale,
 * time zone, paths, editor and pager: settings, not secrets), {@code LC_*}, {@code XDG_*}, names ending
 * in {@code _DIR}, {@code _HOME} or {@code _PATH} (directories such as an agent's config dir), or names asked for in
 * {@code SIGNALTTY_PERSIST_ENV} (comma-separated, {@code *} for all) — in the spawn's own env (per
 * pane; the ask is kept with the pane) or the daemon's environment (for every pane). Any other value,
 * such as a token, lives only in the daemon's memory and the pane's process; after a daemon restart a
 * resumed pane starts without it.
 */
final class PersistedEnv {

    static final Set<String> ALLOWED = Set.of("LANG", "LANGUAGE", "TZ", "PATH", "HOME", "SHELL", "EDITOR", "VISUAL",
            "PAGER", "COLORTERM", "TERM_PROGRAM", "TMPDIR", "USER", "LOGNAME", "PWD");
    static final String ASK = "SIGNALTTY_PERSIST_ENV";

    private PersistedEnv() {
    }

    /** The entries of {@code overrides} that may be written, by the rule above, plus the pane's ask. */
    static Map<String, String> writable(Map<String, String> overrides, @Nullable String paneAsk) {
        Set<String> extra = names(paneAsk);
        extra.addAll(names(System.getenv(ASK)));
        Map<String, String> out = new HashMap<>();
        if (paneAsk != null) {
            out.put(ASK, paneAsk);
        }
        overrides.forEach((name, value) -> {
            if (extra.contains("*") || extra.contains(name) || allowed(name)) {
                out.put(name, value);
            }
        });
        return out;
    }

    /** Settings, not secrets: the names above, locale and XDG variables, and directories (an agent's config dir). */
    static boolean allowed(String name) {
        return ALLOWED.contains(name) || name.startsWith("LC_") || name.startsWith("XDG_") || name.endsWith("_DIR")
                || name.endsWith("_HOME") || name.endsWith("_PATH");
    }

    private static Set<String> names(@Nullable String list) {
        return list == null ? new HashSet<>() : Arrays.stream(list.split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).collect(Collectors.toCollection(HashSet::new));
    }
}
