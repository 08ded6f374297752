package dev.signaltty.transport;

import java.nio.file.Path;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Where signaltty keeps its socket, state and configuration (docs/protocol.md, "Files").
 *
 * <p>Resolved from a lookup function so the daemon can read Spring's environment (env vars, system
 * properties, test properties) while the one-shot CLI reads {@link System#getenv}.
 *
 * @param socket    {@code $SIGNALTTY_SOCKET}, else {@code $XDG_RUNTIME_DIR/signaltty/signaltty.sock},
 *                  else a private per-user directory under {@code /tmp}
 * @param stateDir  {@code $XDG_STATE_HOME/signaltty} (default {@code ~/.local/state/signaltty})
 * @param configDir {@code $XDG_CONFIG_HOME/signaltty} (default {@code ~/.config/signaltty})
 */
public record SignalttyPaths(Path socket, Path stateDir, Path configDir) {

    public static SignalttyPaths fromEnvironment() {
        return resolve(System::getenv);
    }

    public static SignalttyPaths resolve(Function<String, @Nullable String> env) {
        String home = orElse(env.apply("HOME"), System.getProperty("user.home"));
        Path socket;
        String explicit = env.apply("SIGNALTTY_SOCKET");
        String runtime = env.apply("XDG_RUNTIME_DIR");
        if (present(explicit)) {
            socket = Path.of(explicit);
        } else if (present(runtime)) {
            socket = Path.of(runtime, "signaltty", "signaltty.sock");
        } else {
            socket = Path.of("/tmp", "signaltty-" + orElse(env.apply("USER"), System.getProperty("user.name")),
                    "signaltty.sock");
        }
        String state = env.apply("XDG_STATE_HOME");
        Path stateDir = present(state) ? Path.of(state, "signaltty") : Path.of(home, ".local", "state", "signaltty");
        String config = env.apply("XDG_CONFIG_HOME");
        Path configDir = present(config) ? Path.of(config, "signaltty") : Path.of(home, ".config", "signaltty");
        return new SignalttyPaths(socket, stateDir, configDir);
    }

    /**
     * The restart in place's hand-over file, {@code <socket>.handover} (ADR 0810): written by the old image, read
     * and deleted by the next one.
     */
    public Path handOver() {
        return socket.resolveSibling(socket.getFileName() + ".handover");
    }

    private static boolean present(@Nullable String value) {
        return value != null && !value.isBlank();
    }

    private static String orElse(@Nullable String value, String fallback) {
        return present(value) ? value : fallback;
    }
}
