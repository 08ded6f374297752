package dev.signaltty.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.view.ColourQuery;
import dev.signaltty.cli.internal.view.OuterTerminal;

/**
 * {@code signaltty attach <pane>}: the terminal (JLine, raw mode, on the alternate screen) shows the
 * pane, keys go to it, and its size follows the terminal on SIGWINCH. Detach with Ctrl-\ or the
 * prefix then d; when the pane's program exits, attach ends with a message. Either way the outer
 * terminal is restored and the screen it had before comes back.
 *
 * <p>Two connections: one carries {@code pane.attach}, the {@code pty.data} stream and the pane's exit
 * event, the other the input writes and resizes, so responses never interleave with the stream. Output
 * the snapshot already covers is trimmed; a forward byte gap, or a lost stream connection, triggers a
 * reattach (attach is not mutating, so repeating it is safe). Writes are never resent.
 *
 * <p>Every connection, the first and each reconnect, goes through {@link Daemon#connect}: under
 * {@code --host} that is the ssh tunnel, so a dropped ssh connection is set up again to the same host
 * (a new ControlMaster and forward) and the pane is reattached there, never on this machine's daemon.
 */
final class Attach {

    static final long RECONNECT_DEADLINE_MS = 5_000;

    private final Daemon daemon;
    private final PrintStream out;
    private final PrintStream err;
    private final AtomicBoolean detached = new AtomicBoolean();
    private final AtomicBoolean resizePending = new AtomicBoolean();
    private volatile @Nullable Client stream;
    private @Nullable Client control;
    private final OutputCursor cursor = new OutputCursor(0);
    private @Nullable OuterTerminal tty;
    /** The user's terminal colours for pane.attach (ADR 1011), asked once. */
    private Map<String, String> colours = Map.of();
    /** The pane's id (the argument may be a name), from the attach reply. */
    private volatile String paneId = "";
    private volatile @Nullable String exitNote;
    /** The connection that subscribed to the pane's end (a reattach on it does not subscribe again). */
    private @Nullable Client subscribed;

    Attach(Daemon daemon, PrintStream out, PrintStream err) {
        this.daemon = daemon;
        this.out = out;
        this.err = err;
    }

    /** Attaches {@code t} (opened, still cooked, before any connection) to the pane; closes {@code t}. */
    int run(String pane, boolean noStart, byte prefix, OuterTerminal t) {
        tty = t;
        Thread restore = new Thread(t::close);
        ProcessExit.addShutdownHook(restore);
        int status;
        try {
            Client first = daemon.connect(noStart, err);
            stream = first;
            control = daemon.connect(true, err);
            resize(pane);
            colours = t.askColours(ColourQuery.TIMEOUT_MS).params();
            t.enterFullScreen(false);
            attach(first, pane);
            t.onResize(() -> {
                if (resizePending.compareAndSet(false, true)) { // SIGWINCHes that pile up make one resize
                    Thread.ofVirtual().start(() -> {
                        resizePending.set(false);
                        resize(pane);
                    });
                }
            });
            Thread input = Thread.ofPlatform().daemon().name("attach-input").start(() -> pumpInput(pane, prefix));
            status = streamOutput(pane);
            detached.set(true);
            input.interrupt();
        } finally {
            detached.set(true);
            closeQuietly(stream);
            closeQuietly(control);
            t.close();
            Runtime.getRuntime().removeShutdownHook(restore);
        }
        String note = exitNote;
        out.print(note != null ? "[" + note + "]\r\n" : "[detached from " + pane + "]\r\n");
        out.flush();
        return status;
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
                    exitNote = "IO_ERROR: lost the daemon connection";
                    return 1;
                }
                continue;
            }
            if (!(message.get("payload") instanceof Map<?, ?> payload) || !paneId.equals(payload.get("pane_id"))) {
                continue;
            }
            if ("pane.exited".equals(message.get("event"))) {
                exitNote = exitNote(payload.get("exit_code"));
                return 0;
            }
            if ("pane.closed".equals(message.get("event"))) {
                exitNote = "pane " + pane + " was closed";
                return 0;
            }
            if (!"pty.data".equals(message.get("event"))) {
                continue;
            }
            Long end = OutputCursor.offset(payload.get("output_offset"));
            if (!(payload.get("data_b64") instanceof String data) || end == null) {
                continue;
            }
            OutputCursor.Step step = cursor.accept(Base64.getDecoder().decode(data), end);
            if (step instanceof OutputCursor.Feed feed) {
                AltScreenFilter.Result shown = AltScreenFilter.filter(feed.bytes());
                write(shown.bytes());
                if (shown.left()) {
                    attach(current, pane); // the pane's main screen is back: a snapshot shows it exactly
                }
            } else {
                attach(current, pane); // seed R301: a forward gap → reattach before feeding more
            }
        }
        return 0;
    }

    private String exitNote(@Nullable Object code) {
        return "pane " + paneId + " exited" + (code instanceof Number n ? " with status " + n : "");
    }

    /**
     * Subscribes to the pane's end, then pane.attach on {@code client}: paints the snapshot and moves
     * the cursor to the offset it covers. A pane that has already exited ends the attach at once.
     */
    private void attach(Client client, String pane) {
        if (subscribed == client) {
            reattach(client, pane);
            return;
        }
        subscribed = client;
        client.call("subscribe", Map.of("events", List.of("pane.exited", "pane.closed")), event -> { }).orThrow();
        reattach(client, pane);
    }

    private void reattach(Client client, String pane) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.putAll(colours); // the terminal's own, for the program's OSC 10/11 (ADR 1011)
        params.put("pane_id", pane);
        // Events that arrive before the reply are older than the snapshot: drop them.
        Object result = client.call("pane.attach", params, event -> { }).orThrow();
        if (!(result instanceof Map<?, ?> reply)) {
            throw new CliException("INTERNAL", "pane.attach returned no snapshot");
        }
        paneId = reply.get("pane_id") instanceof String id ? id : pane;
        byte[] snapshot = new byte[0];
        if (reply.get("snapshot") instanceof String s) {
            snapshot = s.getBytes(StandardCharsets.UTF_8);
        } else if (reply.get("snapshot_b64") instanceof String b64) {
            snapshot = Base64.getDecoder().decode(b64);
        }
        Long offset = OutputCursor.offset(reply.get("output_offset"));
        cursor.reset(offset == null ? 0 : offset);
        write("\u001b[H\u001b[2J".getBytes(StandardCharsets.US_ASCII));
        write(AltScreenFilter.filter(snapshot).bytes());
        if (Boolean.FALSE.equals(reply.get("alive"))) {
            exitNote = exitNote(exitCode(client)); // the same words as an exit seen live
            detached.set(true);
            closeQuietly(stream);
        }
    }

    /** An exited pane's exit code from pane.get (the attach reply carries none), or null. */
    private @Nullable Object exitCode(Client client) {
        try {
            Object got = client.call("pane.get", Map.<String, Object>of("pane_id", paneId), event -> { }).orThrow();
            return got instanceof Map<?, ?> m && m.get("pane") instanceof Map<?, ?> pane ? pane.get("exit_code") : null;
        } catch (CliException e) {
            return null; // closed meanwhile: the note goes without a status
        }
    }

    private void write(byte[] bytes) {
        OuterTerminal t = tty;
        if (t != null) {
            t.write(bytes);
        }
    }

    /**
     * A new stream connection, then (seed R297, R298, R299, R300, R301's order) subscribe to the pane's end, attach, repaint
     * from the snapshot and feed from its offset. The control connection went down with the stream's
     * (same socket, or same ssh master), so it is dropped too and the next input opens a new one.
     */
    private boolean reconnect(String pane) {
        long wait = daemon.reconnectDeadlineMs(RECONNECT_DEADLINE_MS) * 1_000_000;
        long lost = System.nanoTime();
        long deadline = lost + wait;
        // a restarting daemon (ADR 0850) can take longer than the wait: its lock says it is coming back; the
        // wait then runs from the last time it did (the lock is let go at the exec until the new image takes it)
        long cap = lost + Math.max(wait, daemon.startDeadline() * 1_000_000);
        while (!detached.get() && System.nanoTime() < deadline) {
            try {
                Client fresh = daemon.connect(true, err);
                stream = fresh;
                dropControl();
                attach(fresh, pane);
                return true;
            } catch (CliException e) {
                // TIMEOUT: an ssh step of the tunnel ran past its deadline (a loaded or slow link)
                if (!"NO_SUCH_SERVER".equals(e.code()) && !"IO_ERROR".equals(e.code()) && !"TIMEOUT".equals(e.code())) {
                    return false; // e.g. NO_SUCH_PANE: nothing to come back to
                }
                if (daemon.daemonComingBack()) {
                    deadline = Math.min(cap, Math.max(deadline, System.nanoTime() + wait));
                }
                sleep(200);
            }
        }
        return detached.get();
    }

    private void pumpInput(String pane, byte prefix) {
        DetachKeys keys = new DetachKeys(prefix);
        byte[] buffer = new byte[4096];
        OuterTerminal t = tty;
        InputStream in = t == null ? System.in : t.input();
        byte[] early = t == null ? new byte[0] : t.takeEarlyInput(); // typed while the colours were asked
        try {
            boolean detach = early.length > 0 && pass(keys, pane, early, early.length);
            int n;
            while (!detach && !detached.get() && (n = in.read(buffer)) >= 0) {
                detach = pass(keys, pane, buffer, n);
            }
        } catch (IOException e) {
            // stdin closed
        }
        detached.set(true);
        closeQuietly(stream);
    }

    /** Writes the keys to the pane but the detach keys; true when they said detach. */
    private boolean pass(DetachKeys keys, String pane, byte[] buffer, int n) {
        byte[] typed = ColourQuery.withoutAnswers(buffer, n); // a late answer to the colour query is no key
        DetachKeys.Filtered filtered = keys.filter(typed, typed.length);
        if (filtered.forward().length > 0) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("pane_id", pane);
            params.put("data_b64", Base64.getEncoder().encodeToString(filtered.forward()));
            controlCall("pane.write", params);
        }
        return filtered.detach();
    }

    /** The pane takes the terminal's size (seed: pane.resize); a terminal that does not know keeps it. */
    private void resize(String pane) {
        OuterTerminal t = tty;
        int[] size = t == null ? new int[2] : t.size();
        if (size[0] <= 0 || size[1] <= 0) {
            return;
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("pane_id", pane);
        params.put("cols", (long) size[0]);
        params.put("rows", (long) size[1]);
        controlCall("pane.resize", params);
    }

    /** One request on the control connection; a failure is reported, never retried. */
    private synchronized void controlCall(String method, Map<String, Object> params) {
        try {
            Client c = control;
            if (c == null) {
                c = daemon.connect(true, err);
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

    private synchronized void dropControl() {
        closeQuietly(control);
        control = null;
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
