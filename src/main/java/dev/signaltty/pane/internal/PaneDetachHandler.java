package dev.signaltty.pane.internal;


import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.detach: stops streaming to this connection; the process is untouched. */
@Component
class PaneDetachHandler implements MethodHandler<PaneDetachHandler.Params, PaneDetachHandler.Result> {

    record Params(String paneId) {
    }

    record Result(String paneId, boolean detached) {
    }

    private final PaneRegistry registry;
    private final PaneSizing sizing;

    PaneDetachHandler(PaneRegistry registry, PaneSizing sizing) {
        this.registry = registry;
        this.sizing = sizing;
    }

    @Override
    public String method() {
        return "pane.detach";
    }

    @Override
    public String summary() {
        return "Stops pty.data to this connection; the process keeps running.";
    }

    @Override
    public PaneDetachHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        boolean removed;
        synchronized (pane.terminal) {
            removed = pane.viewers.remove(context.connection().id()) != null;
        }
        sizing.viewerLeft(pane, context.connection().id());
        pane.colors.left(context.connection().id());
        return new Result(pane.id, removed);
    }
}
