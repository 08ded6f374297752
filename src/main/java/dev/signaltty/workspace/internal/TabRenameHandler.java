package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** Renames a tab. */
@Component
class TabRenameHandler implements MethodHandler<TabRenameHandler.Params, WorkspaceStore.TabView> {

    record Params(String tabId, @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (name.isBlank()) {
                throw ProtocolException.badParams("name", "must not be blank");
            }
        }
    }

    private final WorkspaceStore store;

    TabRenameHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "tab.rename";
    }

    @Override
    public String summary() {
        return "Renames a tab.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return store.renameTab(params.tabId(), params.name());
    }
}
