package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Closes a workspace, its tabs and its panes. */
@Component
class WorkspaceCloseHandler implements MethodHandler<WorkspaceCloseHandler.Params, WorkspaceStore.WorkspaceView> {

    record Params(String workspaceId) {
    }

    private final WorkspaceStore store;

    WorkspaceCloseHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "workspace.close";
    }

    @Override
    public String summary() {
        return "Closes a workspace, its tabs and its panes.";
    }

    @Override
    public WorkspaceStore.WorkspaceView handle(Params params, CallContext context) {
        return store.close(params.workspaceId());
    }
}
