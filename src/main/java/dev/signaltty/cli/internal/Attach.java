package dev.signaltty.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.SignalttyPaths;

/**
 * {@code signaltty attach <pane>}: the terminal in raw mode shows the pane, keys go to it, and its size
 * follows the terminal. Detach with Ctrl-\ or Ctrl-B d.
 *
 * <p>Two connections: one carries {@code pane.attach} and the {@code pty.data} stream, the other the
 * input writes and resizes, so responses never interleave with the stream. Output the snapshot already
 * covers is trimmed; a forward byte gap, or a lost stream connection, triggers a reattach (attach is
 * not mutating, so repeating it is safe). Writes are never resent.
 */
final class Attach {

    static final long RESIZE_POLL_MS = 250;
    static final long RECONNECT_DEADLINE_MS = 5_000;

    private final Daemon daemon;
    private final SignalttyPaths paths;
    private final PrintStream out;
    private final PrintStream err;
    private final AtomicBoolean detached = new AtomicBoolean();
    private volatile @Nullable Client stream;
    private @Nullable Client control;
    private final OutputCursor cursor = new OutputCursor(0);

    Attach(Daemon daemon, SignalttyPaths paths, PrintStream out, PrintStream err) {
        this.daemon = daemon;
        this.paths = paths;
        this.out = out;
        this.err = err;
    }

    int run(String pane, boolean noStart) {
        Tty tty = Tty.open();
        if (tty == null) {
            throw new CliException("BAD_PARAMS", "attach needs a terminal (no controlling tty)");
        }
        Client first = daemon.connect(noStart, err);
        stream = first;
        control = Client.connect(paths.socket());
        int[] size = tty.size();
        if (size != null) {
            resize(pane, size);
        }
        attach(first, pane);
        tty.raw();
        Thread restore = new Thread(tty::restore);
        Runtime.getRuntime().addShutdownHook(restore);
        Thread input = Thread.ofPlatform().daemon().name("attach-input").start(() -> pumpInput(pane));
        Thread resizer = Thread.ofVirtual().name("attach-resize").start(() -> followSize(tty, pane, size));
        try {
            return streamOutput(pane);
        } finally {
            detached.set(true);
            resizer.interrupt();
            input.interrupt();
            closeQuietly(stream);
            closeQuietly(control);
            tty.restore();
            Runtime.getRuntime().removeShutdownHook(restore);
            out.print("\r\n[detached from " + pane + "]\r\n");
            out.flush();
        }
    }

    private int streamOutput(String pane) {
        while (!detached.get()) {
            Client current = stream;
            Map<String, Object> message = current == null ? null : current.readMessage();
            if (message == null) {
                if (detached.get()) {
                    return 0;
                }
                if (!reconnect(pane)) {
                    err.print("\r\nIO_ERROR: lost the daemon connection\r\n");
                    return 1;
                }
                continue;
            }
            if (!"pty.data".equals(message.get("event")) || !(message.get("payload") instanceof Map<?, ?> payload)) {
                continue;
            }
            Long end = OutputCursor.offset(payload.get("output_offset"));
            if (!(payload.get("data_b64") instanceof String data) || end == null) {
                continue;
            }
            OutputCursor.Step step = cursor.accept(Base64.getDecoder().decode(data), end);
            if (step instanceof OutputCursor.Feed feed) {
                out.write(feed.bytes(), 0, feed.bytes().length);
                out.flush();
            } else {
                attach(current, pane); // seed R301: a forward gap → reattach before feeding more
            }
        }
        return 0;
    }

    /** pane.attach on {@code client}: paints the snapshot and moves the cursor to the offset it covers. */
    private void attach(Client client, String pane) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("pane_id", pane);
        // Events that arrive before the reply are older than the snapshot: drop them.
        Object result = client.call("pane.attach", params, event -> { }).orThrow();
        if (!(result instanceof Map<?, ?> reply)) {
            throw new CliException("INTERNAL", "pane.attach returned no snapshot");
        }
        byte[] snapshot = new byte[0];
        if (reply.get("snapshot") instanceof String s) {
            snapshot = s.getBytes(StandardCharsets.UTF_8);
        } else if (reply.get("snapshot_b64") instanceof String b64) {
            snapshot = Base64.getDecoder().decode(b64);
        }
        Long offset = OutputCursor.offset(reply.get("output_offset"));
        cursor.reset(offset == null ? 0 : offset);
        out.print("\u001b[H\u001b[2J");
        out.write(snapshot, 0, snapshot.length);
        out.flush();
    }

    private boolean reconnect(String pane) {
        long deadline = System.nanoTime() + RECONNECT_DEADLINE_MS * 1_000_000;
        while (!detached.get() && System.nanoTime() < deadline) {
            try {
                Client fresh = Client.connect(paths.socket());
                stream = fresh;
                attach(fresh, pane);
                return true;
            } catch (CliException e) {
                if (!"NO_SUCH_SERVER".equals(e.code()) && !"IO_ERROR".equals(e.code())) {
                    return false; // e.g. NO_SUCH_PANE: nothing to come back to
                }
                sleep(200);
            }
        }
        return detached.get();
    }

    private void pumpInput(String pane) {
        DetachKeys keys = new DetachKeys();
        byte[] buffer = new byte[4096];
        InputStream in = System.in;
        try {
            int n;
            while (!detached.get() && (n = in.read(buffer)) >= 0) {
                DetachKeys.Filtered filtered = keys.filter(buffer, n);
                if (filtered.forward().length > 0) {
                    Map<String, Object> params = new LinkedHashMap<>();
                    params.put("pane_id", pane);
                    params.put("data_b64", Base64.getEncoder().encodeToString(filtered.forward()));
                    controlCall("pane.write", params);
                }
                if (filtered.detach()) {
                    break;
                }
            }
        } catch (IOException e) {
            // stdin closed
        }
        detached.set(true);
        closeQuietly(stream);
    }

    private void followSize(Tty tty, String pane, int @Nullable [] initial) {
        int[] last = initial;
        while (!detached.get()) {
            try {
                Thread.sleep(RESIZE_POLL_MS);
            } catch (InterruptedException e) {
                return;
            }
            int[] now = tty.size();
            if (now != null && (last == null || now[0] != last[0] || now[1] != last[1])) {
                last = now;
                resize(pane, now);
            }
        }
    }

    private void resize(String pane, int[] rowsCols) {
        if (rowsCols[0] <= 0 || rowsCols[1] <= 0) {
            return; // a terminal that does not know its size (e.g. a bare pty): keep the pane's
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("pane_id", pane);
        params.put("cols", (long) rowsCols[1]);
        params.put("rows", (long) rowsCols[0]);
        controlCall("pane.resize", params);
    }

    /** One request on the control connection; a failure is reported, never retried. */
    private synchronized void controlCall(String method, Map<String, Object> params) {
        try {
            Client c = control;
            if (c == null) {
                c = Client.connect(paths.socket());
                control = c;
            }
            Client.Response response = c.call(method, params);
            if (!response.ok()) {
                err.print("\r\n" + response.code() + ": " + response.message() + "\r\n");
            }
        } catch (CliException e) {
            closeQuietly(control);
            control = null; // the next input opens a new connection; this one is not resent
            err.print("\r\n" + e.code() + ": " + e.getMessage() + "\r\n");
        }
    }

    private static void closeQuietly(@Nullable Client client) {
        if (client != null) {
            client.closeNow();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
