package dev.signaltty.pane.internal;

import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.resize: Changes the PTY size; the child gets SIGWINCH. */
@Component
class PaneResizeHandler implements MethodHandler<PaneResizeHandler.Params, Map<String, Object>> {

    record Params(String paneId, int cols, int rows) {
        Params {
            Sizes.dimension("cols", cols, 80);
            Sizes.dimension("rows", rows, 24);
        }
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    PaneResizeHandler(PaneRegistry registry, PaneLifecycle lifecycle) {
        this.registry = registry;
        this.lifecycle = lifecycle;
    }

    @Override
    public String method() {
        return "pane.resize";
    }

    @Override
    public String summary() {
        return "Changes the PTY size; the child gets SIGWINCH.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        synchronized (pane.terminal) {
            pane.terminal.resize(params.cols(), params.rows());
        }
        PtySession session = pane.session;
        if (session != null && pane.alive()) {
            session.resize(params.cols(), params.rows());
        }
        return Map.of("pane_id", pane.id, "cols", params.cols(), "rows", params.rows());
    }
}
