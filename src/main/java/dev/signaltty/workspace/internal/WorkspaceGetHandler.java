package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** One workspace by id or handle. */
@Component
class WorkspaceGetHandler implements MethodHandler<WorkspaceGetHandler.Params, WorkspaceStore.WorkspaceView> {

    record Params(String workspaceId) {
    }

    private final WorkspaceStore store;

    WorkspaceGetHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "workspace.get";
    }

    @Override
    public String summary() {
        return "One workspace by id or handle.";
    }

    @Override
    public WorkspaceStore.WorkspaceView handle(Params params, CallContext context) {
        return store.get(params.workspaceId());
    }
}
