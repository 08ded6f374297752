package dev.signaltty.pane.internal;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The pane environment, like tmux's (docs/cli.md, "Environment"): the daemon's own environment without
 * any {@code SIGNALTTY_*} variable (a daemon started from inside a pane must not pass that pane's
 * identity on), then the {@code signaltty.environment.update} variables as the latest spawning client
 * sent them (tmux's {@code update-environment}), then the spawn's own {@code env}.
 *
 * <p>A client that sends {@code client_env} speaks for every listed name: a listed name it leaves out
 * is removed from later panes (tmux does the same), so a stale {@code SSH_AUTH_SOCK} does not linger.
 * A client that sends none (a raw protocol client) changes nothing.
 */
@Component
class ClientEnvironment {

    private final Set<String> names;
    /** Name → value, or null for "remove from the base". Guarded by {@code this}. */
    private final Map<String, @Nullable String> refreshed = new HashMap<>();

    ClientEnvironment(@Value("${signaltty.environment.update}") List<String> names) {
        this.names = new LinkedHashSet<>(names);
    }

    /** Takes the listed variables from one spawning client; names outside the list are ignored. */
    synchronized void refresh(@Nullable Map<String, String> clientEnv) {
        if (clientEnv == null) {
            return;
        }
        for (String name : names) {
            refreshed.put(name, clientEnv.get(name));
        }
    }

    /** base + refreshed + the spawn's overrides (the {@code SIGNALTTY_*} context is added by the caller). */
    synchronized Map<String, String> forPane(@Nullable Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(key -> key.startsWith("SIGNALTTY_"));
        refreshed.forEach((name, value) -> {
            if (value == null) {
                env.remove(name);
            } else {
                env.put(name, value);
            }
        });
        if (overrides != null) {
            env.putAll(overrides);
        }
        return env;
    }
}
