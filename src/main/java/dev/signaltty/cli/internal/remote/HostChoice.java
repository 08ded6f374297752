package dev.signaltty.cli.internal.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.Client;

/**
 * One daemon a view can show: this machine's, or a remote host's through its ssh tunnel. A view keeps
 * the whole list ({@link #all}) to switch between hosts, and reconnects to the one it shows through
 * {@link #connect}, so a dropped ssh master is set up again to the same host, never swapped for
 * another daemon.
 *
 * @param name     {@code local} or the host's configured name (or its target when used ad hoc)
 * @param remote   true when the daemon is reached over ssh
 * @param connect  a new connection to that daemon (a remote one starts on demand, as with --host)
 * @param reconnectMs how long a lost connection is retried
 * @param comingBack  true while the daemon is known to be on its way back (a local {@code server restart} holds
 *                    the state dir's lock): the retry goes on, up to {@code comingBackMs}
 * @param comingBackMs the longest a daemon that is coming back is waited for
 */
public record HostChoice(String name, boolean remote, Supplier<Client> connect, long reconnectMs,
                         BooleanSupplier comingBack, long comingBackMs) {

    /** Until when a connection lost at {@code lostNanos} is retried, given the deadline so far (ADR 0850). */
    public long retryUntil(long lostNanos, long deadlineNanos) {
        if (!comingBack.getAsBoolean()) {
            return deadlineNanos;
        }
        long wait = reconnectMs * 1_000_000;
        long cap = lostNanos + Math.max(wait, comingBackMs * 1_000_000);
        return Math.min(cap, Math.max(deadlineNanos, System.nanoTime() + wait));
    }

    /**
     * This machine's daemon, then every configured host in the hosts file's order; a host named with
     * {@code --host} that is not in the file comes right after this machine.
     */
    public static List<HostChoice> all(Function<String, @Nullable String> env, long localReconnectMs,
                                       BooleanSupplier localComingBack, long localComingBackMs) {
        var paths = RemoteHosts.localPaths(env);
        long remoteMs = RemoteHosts.reconnectDeadlineS(env) * 1_000;
        List<HostChoice> hosts = new ArrayList<>();
        hosts.add(new HostChoice(HostsFile.LOCAL, false, () -> Client.connect(paths.socket()), localReconnectMs,
                localComingBack, localComingBackMs));
        SshTunnel current = RemoteHosts.tunnel(env);
        var configured = new HostsFile(paths.configDir()).all();
        if (current != null && !configured.containsKey(current.host().name())) {
            hosts.add(over(current, remoteMs));
        }
        for (HostTarget host : configured.values()) {
            hosts.add(over(new SshTunnel(host, paths.socket().getParent(), env), remoteMs));
        }
        return List.copyOf(hosts);
    }

    /** Where in {@code hosts} the daemon that {@code env} names ({@code SIGNALTTY_HOST}) is. */
    public static int indexOf(List<HostChoice> hosts, Function<String, @Nullable String> env) {
        SshTunnel current = RemoteHosts.tunnel(env);
        String name = current == null ? HostsFile.LOCAL : current.host().name();
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).name().equals(name)) {
                return i;
            }
        }
        return 0;
    }

    private static HostChoice over(SshTunnel tunnel, long reconnectMs) {
        // the lock that says a daemon is coming back is the remote machine's: not seen from here
        return new HostChoice(tunnel.host().name(), true, () -> tunnel.connect(false), reconnectMs, () -> false, reconnectMs);
    }
}
