package dev.signaltty.workspace.internal;

import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Lists workspaces. */
@Component
class WorkspaceListHandler implements MethodHandler<WorkspaceListHandler.Params, Map<String, Object>> {

    record Params() {
    }

    private final WorkspaceStore store;

    WorkspaceListHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "workspace.list";
    }

    @Override
    public String summary() {
        return "Lists workspaces.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return Map.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        return Map.of("workspaces", store.list());
    }
}
