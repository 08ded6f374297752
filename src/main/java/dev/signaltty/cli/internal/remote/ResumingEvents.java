package dev.signaltty.cli.internal.remote;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.Json;

/**
 * {@code events --host H}: the event stream of a remote daemon, which survives the ssh connection
 * dropping. After a drop it follows the seed's recovery order: it connects again (within
 * {@code SIGNALTTY_RECONNECT_TIMEOUT_S}, default 60 s), resubscribes from the last seq it printed, and
 * goes on when the replay is {@code complete}. When the replay cannot prove the gap, it never goes on
 * silently: it prints a {@code {"type":"gap",…}} line (and says so on stderr) before a fresh
 * subscription, so a script knows to refresh its state (workspace list, pane list, task list).
 */
public final class ResumingEvents {

    static final long RECONNECT_DEADLINE_S = 60;
    static final long RETRY_MS = 500;

    private final SshTunnel tunnel;
    private final Function<String, @Nullable String> env;
    private final PrintStream out;
    private final PrintStream err;
    private long lastSeq = -1;

    public ResumingEvents(SshTunnel tunnel, Function<String, @Nullable String> env, PrintStream out, PrintStream err) {
        this.tunnel = tunnel;
        this.env = env;
        this.out = out;
        this.err = err;
    }

    /** Streams until the reader goes away (0) or the host stays gone past the deadline (1). */
    public int run(Map<String, Object> params, boolean json, boolean noStart) {
        Map<String, Object> subscribe = new LinkedHashMap<>(params);
        Client client = tunnel.connect(noStart);
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
                err.println("signaltty: lost the connection to host " + tunnel.host().label()
                        + (lastSeq >= 0 ? " after seq " + lastSeq : "") + "; reconnecting");
                client = reconnect(noStart);
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
            gap.put("host", tunnel.host().name());
            gap.put("after_seq", lastSeq);
            gap.put("replay", map.get("replay"));
            out.println(Json.write(gap));
            out.flush();
            err.println("signaltty: host " + tunnel.host().label() + ": replay " + Json.write(map.get("replay"))
                    + (resumed ? "; events may be missing: refresh state (workspace list, pane list, task list)"
                            : ""));
            return false;
        }
        if (resumed) {
            err.println("signaltty: reconnected to host " + tunnel.host().label() + "; replay complete");
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
        long deadline = System.nanoTime() + deadlineS() * 1_000_000_000L;
        CliException last = null;
        while (System.nanoTime() < deadline) {
            try {
                return tunnel.connect(noStart);
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
        err.println("signaltty: host " + tunnel.host().label() + " stayed unreachable for " + deadlineS() + " s"
                + (last == null ? "" : ": " + last.code() + ": " + last.getMessage()));
        return null;
    }

    private long deadlineS() {
        return reconnectDeadlineS(env);
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
