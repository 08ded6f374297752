package dev.signaltty.workspace.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Lists workspaces. */
@Component
class WorkspaceListHandler implements MethodHandler<WorkspaceListHandler.Params, WorkspaceListHandler.Result> {

    record Params() {
    }

    record Result(List<WorkspaceStore.WorkspaceView> workspaces) {
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
    public WorkspaceListHandler.Result handle(Params params, CallContext context) {
        return new Result(store.list());
    }
}
