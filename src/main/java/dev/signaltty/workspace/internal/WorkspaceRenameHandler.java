package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** Renames a workspace; its handle never changes. */
@Component
class WorkspaceRenameHandler implements MethodHandler<WorkspaceRenameHandler.Params, WorkspaceStore.WorkspaceView> {

    record Params(String workspaceId, @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (name.isBlank()) {
                throw ProtocolException.badParams("name", "must not be blank");
            }
        }
    }

    private final WorkspaceStore store;

    WorkspaceRenameHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "workspace.rename";
    }

    @Override
    public String summary() {
        return "Renames a workspace; its handle never changes.";
    }

    @Override
    public WorkspaceStore.WorkspaceView handle(Params params, CallContext context) {
        return store.rename(params.workspaceId(), params.name());
    }
}
