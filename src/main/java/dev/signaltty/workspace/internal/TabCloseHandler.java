package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Closes a tab and its panes. */
@Component
class TabCloseHandler implements MethodHandler<TabCloseHandler.Params, WorkspaceStore.TabView> {

    record Params(String tabId) {
    }

    private final WorkspaceStore store;

    TabCloseHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "tab.close";
    }

    @Override
    public String summary() {
        return "Closes a tab and its panes.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return store.closeTab(params.tabId());
    }
}
