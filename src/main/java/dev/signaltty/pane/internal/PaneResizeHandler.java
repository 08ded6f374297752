package dev.signaltty.pane.internal;


import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.resize: changes the PTY size (the child gets SIGWINCH) and the terminal's, whose main screen a
 * new width rewraps (ADR 0800: reads and attach snapshots after it show whole lines). From a connection
 * attached to the pane the size is that viewer's request, combined with the other viewers' by the size
 * policy (ADR-0160); the result carries the size the pane has afterwards.
 */
@Component
class PaneResizeHandler implements MethodHandler<PaneResizeHandler.Params, PaneResizeHandler.Result> {

    record Params(String paneId, int cols, int rows) {
        Params {
            Sizes.dimension("cols", cols, 80);
            Sizes.dimension("rows", rows, 24);
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
        return "Changes the PTY size; the child gets SIGWINCH. A new width rewraps the screen's soft-wrapped lines.";
    }

    @Override
    public PaneResizeHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        ViewerSizes.Size size = sizing.resize(pane, context.connection(), params.cols(), params.rows());
        return new Result(pane.id, size.cols(), size.rows());
    }
}
