package dev.signaltty.cli.internal.remote;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.ResumingEvents;
import dev.signaltty.transport.SignalttyPaths;

/**
 * Which daemon a command talks to: {@code --host} (or {@code SIGNALTTY_HOST}) names a remote one,
 * {@code --all-hosts} asks every configured host and this machine. Both are taken off the command
 * line before it is parsed, so every command takes them.
 *
 * @param host     the host named, or null for this machine's daemon
 * @param allHosts true for {@code --all-hosts}
 * @param words    the command line without them
 */
public record RemoteHosts(@Nullable String host, boolean allHosts, List<String> words) {

    public static final String HOST_ENV = "SIGNALTTY_HOST";
    /** How long a host's lost connection is retried unless {@code SIGNALTTY_RECONNECT_TIMEOUT_S} says otherwise. */
    static final long RECONNECT_DEADLINE_S = 60;

    /** Takes {@code --host X}, {@code --host=X} and {@code --all-hosts} from before any {@code --}. */
    public static RemoteHosts extract(List<String> words, Function<String, @Nullable String> env) {
        List<String> rest = new ArrayList<>();
        String host = null;
        boolean all = false;
        boolean trailing = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (trailing || w.equals("--")) {
                trailing = true;
                rest.add(w);
            } else if (w.equals("--host") && i + 1 < words.size()) {
                host = words.get(++i);
            } else if (w.startsWith("--host=")) {
                host = w.substring("--host=".length());
            } else if (w.equals("--all-hosts")) {
                all = true;
            } else {
                rest.add(w);
            }
        }
        if (host == null) {
            host = env.apply(HOST_ENV);
        }
        if (host != null && (host.isBlank() || host.equals(HostsFile.LOCAL))) {
            host = null;
        }
        return new RemoteHosts(host, all, List.copyOf(rest));
    }

    /** True for commands that always concern this machine: hooks report from here, the daemon runs here. */
    public boolean local() {
        return host == null || (!words.isEmpty() && words.getFirst().equals("hook-event"))
                || (words.size() >= 2 && words.get(0).equals("server") && words.get(1).equals("run"))
                || (!words.isEmpty() && words.getFirst().equals("hosts"));
    }

    /** True for {@code server start|stop|status|recover}: run as a whole on the remote host. */
    public boolean serverCommand() {
        return host != null && words.size() >= 2 && words.getFirst().equals("server") && !local();
    }

    /**
     * The environment the rest of the CLI sees: for a remote host, {@code SIGNALTTY_HOST} set and
     * {@code SIGNALTTY_SOCKET} pointing at the local end of the forward, so every socket path in the
     * CLI is the remote daemon's.
     */
    public Function<String, @Nullable String> environment(Function<String, @Nullable String> env) {
        if (local()) {
            return key -> key.equals(HOST_ENV) ? null : env.apply(key);
        }
        SshTunnel tunnel = tunnel(host, env);
        String socket = tunnel.localSocket().toString();
        String named = host;
        return key -> switch (key) {
            case HOST_ENV -> named;
            case "SIGNALTTY_SOCKET" -> socket;
            default -> env.apply(key);
        };
    }

    /** The tunnel for the host named in {@code env}'s {@code SIGNALTTY_HOST}, or null for local. */
    public static @Nullable SshTunnel tunnel(Function<String, @Nullable String> env) {
        String host = env.apply(HOST_ENV);
        return host == null || host.isBlank() || host.equals(HostsFile.LOCAL) ? null : tunnel(host, env);
    }

    static SshTunnel tunnel(String host, Function<String, @Nullable String> env) {
        SignalttyPaths local = localPaths(env);
        return new SshTunnel(new HostsFile(local.configDir()).resolve(host), local.socket().getParent(), env);
    }

    /**
     * This machine's runtime and config dirs: tunnels always live under
     * {@code $XDG_RUNTIME_DIR/signaltty/hosts}, whatever {@code SIGNALTTY_SOCKET} says.
     */
    static SignalttyPaths localPaths(Function<String, @Nullable String> env) {
        return SignalttyPaths.resolve(key -> key.equals("SIGNALTTY_SOCKET") ? null : env.apply(key));
    }

    /** {@code events --host}: the host's stream through its tunnel, retried for the reconnect deadline after a drop. */
    public static ResumingEvents.Source eventSource(SshTunnel tunnel, Function<String, @Nullable String> env) {
        long ms = reconnectDeadlineS(env) * 1_000;
        return new ResumingEvents.Source(tunnel::connect, "host " + tunnel.host().label(), tunnel.host().name(), ms, ms,
                () -> false, true);
    }

    /** {@code SIGNALTTY_RECONNECT_TIMEOUT_S}: how long a remote connection is retried after a drop. */
    public static long reconnectDeadlineS(Function<String, @Nullable String> env) {
        String value = env.apply("SIGNALTTY_RECONNECT_TIMEOUT_S");
        try {
            return value == null || value.isBlank() ? RECONNECT_DEADLINE_S : Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new CliException("BAD_PARAMS", "SIGNALTTY_RECONNECT_TIMEOUT_S: not a number: " + value);
        }
    }
}
