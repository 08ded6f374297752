package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.attach: registers this connection as a viewer, then snapshots the screen under the terminal's
 * monitor. Registration precedes the snapshot, and the snapshot and its {@code output_offset} are taken
 * atomically, so {@code pty.data} after the reply continues exactly where the snapshot ends (the
 * transport sends this reply before any event queued during the request).
 */
@Component
class PaneAttachHandler implements MethodHandler<PaneAttachHandler.Params, PaneAttachHandler.Result> {

    record Params(String paneId) {
    }

    /** {@code snapshot_b64}: the screen repainted as bytes, taken under the same monitor as the offset. */
    record Result(String paneId, long outputOffset, int cols, int rows, String snapshotB64, boolean alive) {
    }

    private final PaneRegistry registry;
    private final PaneSizing sizing;

    PaneAttachHandler(PaneRegistry registry, PaneSizing sizing) {
        this.registry = registry;
        this.sizing = sizing;
    }

    @Override
    public String method() {
        return "pane.attach";
    }

    @Override
    public String summary() {
        return "Streams the pane's output to this connection as pty.data; the reply carries a screen snapshot.";
    }

    @Override
    public PaneAttachHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        Connection connection = context.connection();
        synchronized (pane.terminal) {
            boolean fresh = pane.viewers.putIfAbsent(connection.id(), connection) == null;
            if (fresh) {
                connection.onClose(() -> {
                    pane.viewers.remove(connection.id());
                    sizing.viewerLeft(pane, connection.id()); // a viewer that leaves stops sizing
                });
            }
            return new Result(pane.id, pane.outputOffset, pane.terminal.cols(), pane.terminal.rows(),
                    Base64.getEncoder().encodeToString(pane.terminal.repaint().getBytes(StandardCharsets.UTF_8)),
                    pane.alive());
        }
    }
}
