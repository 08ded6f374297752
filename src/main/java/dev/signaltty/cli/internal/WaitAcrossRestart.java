package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The one-shot CLI's waits go on through a {@code server restart} (ADR 1061). The daemon cancels every wait when
 * it stops (seed: shutdown cancels the waiter), and a script's {@code signaltty task wait --context X} or
 * {@code wait <pane> --until done} then ended with exit 4 while the restart kept every program running. These
 * three waits are reads of state that outlives the restart (task states, a pane's agent state, its tail), so
 * asking the next image again is what the caller asked for: when the answer is a cancellation by a restart
 * (cause {@code restart}), or the connection ends while a daemon of this state dir is coming back, the CLI says
 * so on stderr, reconnects and waits again for the time left. A {@code server stop} (cause {@code shutdown})
 * ends the wait as before. A command opts in where the command table declares it
 * ({@link CommandSpec#waitsAcrossRestart()}). A wait with
 * {@code --after} sent again after a restart gets the daemon's own {@code IDENTITY_CHANGED} where the process
 * was replaced (seed R127): never a made-up match.
 */
final class WaitAcrossRestart {

    /** The methods' own default, when the caller gave no timeout. */
    private static final double DEFAULT_TIMEOUT_S = 3600;
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Daemon daemon;
    private final PrintStream err;

    WaitAcrossRestart(Daemon daemon, PrintStream err) {
        this.daemon = daemon;
        this.err = err;
    }

    /** {@code first}'s answer to the wait, or, when a restart cut it, the next image's answer. */
    Client.Response call(Client first, String method, Map<String, Object> params) {
        long deadline = System.nanoTime() + seconds(params.get("timeout_s"));
        Client client = first;
        boolean told = false;
        try {
            while (true) {
                Client.Response response;
                try {
                    response = client.call(method, params);
                    if (!cutByRestart(response)) {
                        return response;
                    }
                } catch (CliException lost) {
                    // Ctrl-C in the console closed it: the person ended the wait, the daemon did not go away
                    if (!"IO_ERROR".equals(lost.code()) || client.cancelled() || !daemon.daemonComingBack()) {
                        throw lost;
                    }
                    response = null;
                }
                // the restart's own deadline, not only the wait's: an image that never comes back is said at once
                Client next = reconnect(Math.min(deadline, System.nanoTime() + daemon.startDeadline() * 1_000_000L),
                        response != null);
                if (next == null) {
                    if (response == null) {
                        throw new CliException("IO_ERROR", "the daemon went away during the " + method
                                + " and did not come back", null, 1);
                    }
                    return response;
                }
                if (client != first) {
                    client.close();
                }
                client = next;
                double left = Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
                params = new LinkedHashMap<>(params);
                params.put("timeout_s", left);
                if (!told) {
                    err.printf("signaltty: the daemon restarted; waiting on (%.0f s left)%n", left);
                    told = true;
                }
            }
        } finally {
            if (client != first) {
                client.close();
            }
        }
    }

    /** Cancelled because the daemon restarts in place (cause {@code restart}; a stop says {@code shutdown}). */
    private static boolean cutByRestart(Client.Response response) {
        return !response.ok() && "TIMEOUT".equals(response.code()) && response.details() != null
                && "restart".equals(response.details().get("cause"));
    }

    /**
     * A connection to the daemon's next image, or null once no daemon of this state dir is coming back (a
     * {@code server stop}) or the wait's time is over. Never starts a daemon: one that was stopped stays so.
     */
    private Client reconnect(long deadline, boolean restarting) {
        while (System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(POLL_NS); // the stopping image may still accept for a moment: not it again at once
            try {
                return daemon.connect(true, err);
            } catch (CliException notYet) {
                if (!restarting && !daemon.daemonComingBack()) {
                    return null;
                }
            }
        }
        return null;
    }

    private static long seconds(Object timeout) {
        double s = timeout instanceof Number n ? n.doubleValue() : DEFAULT_TIMEOUT_S;
        return (long) (Math.min(s, 1e9) * 1e9);
    }
}
