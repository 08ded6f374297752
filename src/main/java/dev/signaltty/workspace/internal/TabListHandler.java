package dev.signaltty.workspace.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Lists tabs, optionally of one workspace. */
@Component
class TabListHandler implements MethodHandler<TabListHandler.Params, TabListHandler.Result> {

    record Params(@Nullable String workspaceId) {
    }

    record Result(List<WorkspaceStore.TabView> tabs) {
    }

    private final WorkspaceStore store;

    TabListHandler(WorkspaceStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "tab.list";
    }

    @Override
    public String summary() {
        return "Lists tabs, optionally of one workspace.";
    }

    @Override
    public TabListHandler.Result handle(Params params, CallContext context) {
        return new Result(store.listTabs(params.workspaceId()));
    }
}
