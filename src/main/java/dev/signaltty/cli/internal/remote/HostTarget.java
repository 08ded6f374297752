package dev.signaltty.cli.internal.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/**
 * One remote machine: the name people use for it, where ssh goes ({@code [user@]box}, with an optional
 * port) and the signaltty command to run there.
 *
 * @param name        the configured name, or the target itself when used ad hoc
 * @param destination what ssh connects to: {@code [user@]host}, or a Host alias of the ssh config
 * @param port        the ssh port, or null for ssh's own default
 * @param command     the remote signaltty command (default {@code signaltty}, found on the remote PATH)
 */
public record HostTarget(String name, String destination, @Nullable Integer port, String command) {

    /** Longest target accepted: ssh itself takes far less, and the name ends up in file names. */
    static final int MAX_TARGET = 255;
    private static final Pattern DESTINATION = Pattern.compile("([A-Za-z0-9._-]+@)?[A-Za-z0-9._-]+");
    public static final String DEFAULT_COMMAND = "signaltty";

    /** Parses {@code [user@]box[:port]} (the form every {@code --host} takes). */
    public static HostTarget parse(String name, String target, @Nullable String command) {
        if (target.isEmpty() || target.length() > MAX_TARGET) {
            throw new CliException("BAD_PARAMS", "host: expected [user@]box[:port], got '" + target + "'");
        }
        String destination = target;
        Integer port = null;
        int colon = target.lastIndexOf(':');
        if (colon >= 0) {
            destination = target.substring(0, colon);
            try {
                port = Integer.parseInt(target.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new CliException("BAD_PARAMS", "host: port must be 1..65535 in '" + target + "'");
            }
        }
        if (!DESTINATION.matcher(destination).matches()) {
            throw new CliException("BAD_PARAMS", "host: expected [user@]box[:port], got '" + target + "'");
        }
        String remote = command == null || command.isBlank() ? DEFAULT_COMMAND : command;
        return new HostTarget(name, destination, port, remote);
    }

    /** The target as written: {@code [user@]box[:port]}. */
    public String target() {
        return port == null ? destination : destination + ":" + port;
    }

    /** ssh's own arguments that say where to go (port), before the destination. */
    List<String> portArgs() {
        List<String> args = new ArrayList<>();
        if (port != null) {
            args.add("-p");
            args.add(Integer.toString(port));
        }
        return args;
    }

    /** How messages name this host: {@code build (me@box:2222)}, or just the target when ad hoc. */
    public String label() {
        return name.equals(target()) ? name : name + " (" + target() + ")";
    }
}
