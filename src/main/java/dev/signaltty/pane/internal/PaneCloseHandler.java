package dev.signaltty.pane.internal;


import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.close: Ends the pane: SIGHUP to its process group, SIGKILL after a grace period. */
@Component
class PaneCloseHandler implements MethodHandler<PaneCloseHandler.Params, PaneCloseHandler.Result> {

    record Params(String paneId) {
    }

    record Result(String paneId, boolean closed) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    PaneCloseHandler(PaneRegistry registry, PaneLifecycle lifecycle) {
        this.registry = registry;
        this.lifecycle = lifecycle;
    }

    @Override
    public String method() {
        return "pane.close";
    }

    @Override
    public String summary() {
        return "Ends the pane: SIGHUP to its process group, SIGKILL after a grace period.";
    }

    @Override
    public PaneCloseHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        lifecycle.close(pane);
        return new Result(pane.id, true);
    }
}
