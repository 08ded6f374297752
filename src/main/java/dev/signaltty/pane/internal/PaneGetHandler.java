package dev.signaltty.pane.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** pane.get: One pane by id or name. */
@Component
class PaneGetHandler implements MethodHandler<PaneGetHandler.Params, Map<String, Object>> {

    record Params(String paneId) {

    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    PaneGetHandler(PaneRegistry registry, PaneLifecycle lifecycle) {
        this.registry = registry;
        this.lifecycle = lifecycle;
    }

    @Override
    public String method() {
        return "pane.get";
    }

    @Override
    public String summary() {
        return "One pane by id or name.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        return Map.of("pane", registry.resolve(params.paneId()).view());
    }
}
