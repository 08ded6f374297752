package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** Creates an empty tab in a workspace. */
@Component
class TabCreateHandler implements MethodHandler<TabCreateHandler.Params, WorkspaceStore.TabView> {

    record Params(String workspaceId, @Nullable @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (name != null && name.isBlank()) {
                throw ProtocolException.badParams("name", "must not be blank");
            }
        }
    }

    private final WorkspaceStore store;

    TabCreateHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "tab.create";
    }

    @Override
    public String summary() {
        return "Creates an empty tab in a workspace.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return store.createTab(params.workspaceId(), params.name());
    }
}
