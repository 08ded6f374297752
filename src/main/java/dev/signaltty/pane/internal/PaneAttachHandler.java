package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

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
class PaneAttachHandler implements MethodHandler<PaneAttachHandler.Params, Map<String, Object>> {

    record Params(String paneId) {
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        Connection connection = context.connection();
        Map<String, Object> result = new LinkedHashMap<>();
        synchronized (pane.terminal) {
            boolean fresh = pane.viewers.putIfAbsent(connection.id(), connection) == null;
            if (fresh) {
                connection.onClose(() -> {
                    pane.viewers.remove(connection.id());
                    sizing.viewerLeft(pane, connection.id()); // a viewer that leaves stops sizing
                });
            }
            result.put("pane_id", pane.id);
            result.put("output_offset", pane.outputOffset);
            result.put("cols", pane.terminal.cols());
            result.put("rows", pane.terminal.rows());
            result.put("snapshot_b64", Base64.getEncoder().encodeToString(
                    pane.terminal.repaint().getBytes(StandardCharsets.UTF_8)));
            result.put("alive", pane.alive());
        }
        return result;
    }
}
