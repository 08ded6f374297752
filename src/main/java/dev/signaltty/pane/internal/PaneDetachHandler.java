package dev.signaltty.pane.internal;

import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.detach: stops streaming to this connection; the process is untouched. */
@Component
class PaneDetachHandler implements MethodHandler<PaneDetachHandler.Params, Map<String, Object>> {

    record Params(String paneId) {
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        boolean removed;
        synchronized (pane.terminal) {
            removed = pane.viewers.remove(context.connection().id()) != null;
        }
        sizing.viewerLeft(pane, context.connection().id());
        return Map.of("pane_id", pane.id, "detached", removed);
    }
}
