package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** One tab with its layout tree and focused pane. */
@Component
class TabGetHandler implements MethodHandler<TabGetHandler.Params, WorkspaceStore.TabView> {

    record Params(String tabId) {
    }

    private final WorkspaceStore store;

    TabGetHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "tab.get";
    }

    @Override
    public String summary() {
        return "One tab with its layout tree and focused pane.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return store.getTab(params.tabId());
    }
}
