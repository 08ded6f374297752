package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;

/**
 * {@code events}: a daemon's event stream that survives losing its connection, to a host through its tunnel
 * (the ssh connection dropping) or to this machine's daemon (a {@code server restart} in place, ADR 1062).
 * After a drop it follows the seed's recovery order: it connects again, resubscribes from the last seq it
 * printed (or the journal's head when the stream began, {@code head_seq}, if it printed none), and goes on
 * when the replay is {@code complete}. When the replay cannot prove the gap, it never goes on silently: it
 * prints a {@code {"type":"gap",…}} line (and says so on stderr) before a fresh subscription, so a script knows
 * to refresh its state (workspace list, pane list, task list). A source that does not come back ends the
 * stream with exit 1. It lives beside the daemon launcher, as this machine's daemon is its first source; a host's
 * source is made by {@code RemoteHosts.eventSource} (ADR 1062).
 */
public final class ResumingEvents {

    static final long RETRY_MS = 500;
    /** This machine's daemon: retried this long after a drop, and on while its state dir is held (a restart). */
    static final long LOCAL_GRACE_MS = 5_000;

    /** Opens a connection; {@code noStart} as the command's option. */
    public interface Connector {
        Client connect(boolean noStart);
    }

    /**
     * Where the stream comes from: {@code what} names it in notices ("host box", "the daemon"), {@code host} is
     * the host's name for gap lines (null for this machine's daemon). A drop is retried for {@code graceMs}, and
     * while {@code comingBack} holds, up to {@code comingBackMs}. {@code startsAgain}: a reconnect may start
     * the daemon as the first connect may (a host's, as before); this machine's stopped daemon stays stopped.
     */
    public record Source(Connector connector, String what, @Nullable String host, long graceMs, long comingBackMs,
                         BooleanSupplier comingBack, boolean startsAgain) {

        /** This machine's daemon: a drop is retried while a daemon of its state dir is coming back (a restart). */
        static Source local(Daemon daemon, PrintStream err) {
            return new Source(noStart -> daemon.connect(noStart, err), "the daemon", null, LOCAL_GRACE_MS,
                    daemon.startDeadline(), daemon::daemonComingBack, false);
        }
    }

    private final Source source;
    private final PrintStream out;
    private final PrintStream err;
    private long lastSeq = -1;

    public ResumingEvents(Source source, PrintStream out, PrintStream err) {
        this.source = source;
        this.out = out;
        this.err = err;
    }

    /** Streams until the reader goes away (0) or the source stays gone past its deadline (1). */
    public int run(Map<String, Object> params, boolean json, boolean noStart) {
        Map<String, Object> subscribe = new LinkedHashMap<>(params);
        Client client = source.connector().connect(noStart);
        if (!subscribe(client, subscribe, json, false)) {
            client.close();
            return 1;
        }
        while (true) {
            Map<String, Object> message;
            try {
                message = client.readMessage();
            } catch (CliException e) {
                message = null;
            }
            if (message == null) {
                client.close();
                if (client.cancelled()) {
                    return 0; // Ctrl-C in the console: the person stopped the stream, nothing to resume
                }
                err.println("signaltty: lost the connection to " + source.what()
                        + (lastSeq >= 0 ? " after seq " + lastSeq : "") + "; reconnecting");
                client = reconnect(noStart || !source.startsAgain());
                if (client == null) {
                    return 1;
                }
                if (lastSeq >= 0) {
                    subscribe.put("from_seq", lastSeq);
                }
                if (!subscribe(client, subscribe, json, true)) {
                    subscribe.remove("from_seq");
                    if (!subscribe(client, subscribe, json, true)) {
                        client.close();
                        return 1;
                    }
                }
                continue;
            }
            if ("event".equals(message.get("type"))) {
                print(message);
                if (out.checkError()) {
                    client.close();
                    return 0;
                }
            }
        }
    }

    /** Subscribes; false (after a gap line when {@code resumed}) when the replay was not complete. */
    private boolean subscribe(Client client, Map<String, Object> params, boolean json, boolean resumed) {
        Object reply = client.call("subscribe", params, this::print).orThrow();
        if (reply instanceof Map<?, ?> map && Boolean.FALSE.equals(map.get("subscribed"))) {
            Map<String, Object> gap = new LinkedHashMap<>();
            gap.put("type", "gap");
            if (source.host() != null) {
                gap.put("host", source.host());
            }
            gap.put("after_seq", lastSeq);
            gap.put("replay", map.get("replay"));
            out.println(Json.write(gap));
            out.flush();
            err.println("signaltty: " + source.what() + ": replay " + Json.write(map.get("replay"))
                    + (resumed ? "; events may be missing: refresh state (workspace list, pane list, task list)"
                            : ""));
            return false;
        }
        if (reply instanceof Map<?, ?> map && lastSeq < 0 && map.get("head_seq") instanceof Number head) {
            lastSeq = head.longValue(); // nothing printed yet: a resume starts where this stream began
        }
        if (resumed) {
            err.println("signaltty: reconnected to " + source.what() + "; replay complete");
        } else if (json) {
            err.println(Json.write(reply));
        }
        return true;
    }

    private void print(Map<String, Object> event) {
        if (event.get("seq") instanceof Number seq) {
            lastSeq = Math.max(lastSeq, seq.longValue());
        }
        out.println(Json.write(event));
        out.flush();
    }

    private @Nullable Client reconnect(boolean noStart) {
        long start = System.nanoTime();
        CliException last = null;
        while (true) {
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            boolean waiting = elapsedMs < source.graceMs()
                    || (elapsedMs < source.comingBackMs() && source.comingBack().getAsBoolean());
            if (!waiting) {
                break;
            }
            try {
                return source.connector().connect(noStart);
            } catch (CliException e) {
                last = e;
            }
            try {
                Thread.sleep(RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        err.println("signaltty: " + source.what() + " stayed unreachable for " + (System.nanoTime() - start) / 1_000_000_000
                + " s" + (last == null ? "" : ": " + last.code() + ": " + last.getMessage()));
        return null;
    }
}
