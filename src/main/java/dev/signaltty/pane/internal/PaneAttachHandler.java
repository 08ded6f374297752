package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.vt.TerminalColors;

/**
 * pane.attach: registers this connection as a viewer, then snapshots the screen under the terminal's
 * monitor. Registration precedes the snapshot, and the snapshot and its {@code output_offset} are taken
 * atomically, so {@code pty.data} after the reply continues exactly where the snapshot ends (the
 * transport sends this reply before any event queued during the request).
 */
@Component
class PaneAttachHandler implements MethodHandler<PaneAttachHandler.Params, PaneAttachHandler.Result> {

    /**
     * {@code foreground}/{@code background}: the viewer's own terminal colours ({@code #rrggbb}), which the
     * pane's program is told when it asks with OSC 10/11 while this is the latest viewer to give them
     * (ADR 1011); one left out is the configured one.
     */
    record Params(String paneId, @Nullable String foreground, @Nullable String background) {
        Params {
            check("foreground", foreground);
            check("background", background);
        }

        private static void check(String field, @Nullable String colour) {
            if (colour != null && !colour.matches("#[0-9a-fA-F]{6}")) {
                throw ProtocolException.badParams(field, "\"" + colour + "\" is not a colour written #rrggbb (e.g. #ffffff)");
            }
        }

        /** The colours given, the configured ones for what is left out; null when none is given. */
        @Nullable TerminalColors colors(TerminalColors configured) {
            if (foreground == null && background == null) {
                return null;
            }
            return new TerminalColors(foreground == null ? configured.foreground() : TerminalColors.parse("foreground", foreground),
                    background == null ? configured.background() : TerminalColors.parse("background", background));
        }
    }

    /** {@code snapshot_b64}: the screen repainted as bytes, taken under the same monitor as the offset. */
    record Result(String paneId, long outputOffset, int cols, int rows, String snapshotB64, boolean alive) {
    }

    private final PaneRegistry registry;
    private final PaneSizing sizing;
    private final TerminalColorSettings settings;

    PaneAttachHandler(PaneRegistry registry, PaneSizing sizing, TerminalColorSettings settings) {
        this.registry = registry;
        this.sizing = sizing;
        this.settings = settings;
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
                    pane.colors.left(connection.id()); // and stops colouring the answers
                });
            }
            pane.colors.attached(connection.id(), params.colors(settings.colors()));
            return new Result(pane.id, pane.outputOffset, pane.terminal.cols(), pane.terminal.rows(),
                    Base64.getEncoder().encodeToString(pane.terminal.repaint().getBytes(StandardCharsets.UTF_8)),
                    pane.alive());
        }
    }
}
