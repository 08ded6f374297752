package dev.signaltty.pane.internal;


import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/**
 * pane.resize: changes the PTY size (the child gets SIGWINCH) and the terminal's, whose main screen a
 * new width rewraps (ADR 0800: reads and attach snapshots after it show whole lines). From a connection
 * attached to the pane the size is that viewer's request, combined with the other viewers' by the size
 * policy (ADR-0160); the result carries the size the pane has afterwards. A viewer that does not show the
 * pane ({@code hidden}) withdraws its request and stays attached.
 */
@Component
class PaneResizeHandler implements MethodHandler<PaneResizeHandler.Params, PaneResizeHandler.Result> {

    /**
     * {@code hidden}: the viewer does not show the pane now (a dashboard's tab not shown, ADR 1331): its
     * request stops counting, as at pane.detach, while it stays attached; its next resize with a size counts
     * again. It asks for no size, so it comes without {@code cols} and {@code rows}, which are otherwise required.
     */
    record Params(String paneId, @Nullable Integer cols, @Nullable Integer rows, @Nullable Boolean hidden) {
        Params {
            if (Boolean.TRUE.equals(hidden)) {
                if (cols != null || rows != null) {
                    throw ProtocolException.badParams(cols != null ? "cols" : "rows",
                            "is not given with hidden: true (a hidden viewer asks for no size)");
                }
            } else {
                required("cols", cols);
                required("rows", rows);
            }
        }

        private static void required(String field, @Nullable Integer value) {
            if (value == null) {
                throw ProtocolException.badParams(field, "is required (1 to " + Sizes.MAX_DIMENSION + ") unless hidden is true");
            }
            Sizes.dimension(field, value, value);
        }
    }

    record Result(String paneId, int cols, int rows) {
    }

    private final PaneRegistry registry;
    private final PaneSizing sizing;

    PaneResizeHandler(PaneRegistry registry, PaneSizing sizing) {
        this.registry = registry;
        this.sizing = sizing;
    }

    @Override
    public String method() {
        return "pane.resize";
    }

    @Override
    public String summary() {
        return "Changes the PTY size; the child gets SIGWINCH. A new width rewraps the screen's soft-wrapped lines."
                + " A viewer not showing the pane sends hidden: true and stops sizing it.";
    }

    @Override
    public PaneResizeHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        if (Boolean.TRUE.equals(params.hidden())) {
            return hide(pane, context.connection().id());
        }
        ViewerSizes.Size size = sizing.resize(pane, context.connection(), params.cols(), params.rows());
        return new Result(pane.id, size.cols(), size.rows());
    }

    /** The viewer stops sizing and stays attached; the reply is the size the others' requests make. */
    private PaneResizeHandler.Result hide(Pane pane, long connectionId) {
        synchronized (pane.terminal) {
            if (!pane.viewers.containsKey(connectionId)) {
                throw ProtocolException.badParams("hidden", "only a viewer hides a pane: this connection has not run"
                        + " pane.attach for " + pane.id);
            }
        }
        sizing.viewerLeft(pane, connectionId);
        synchronized (pane.terminal) {
            return new Result(pane.id, pane.terminal.cols(), pane.terminal.rows());
        }
    }
}
