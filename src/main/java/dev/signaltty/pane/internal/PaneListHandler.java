package dev.signaltty.pane.internal;


import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.workspace.Workspaces;

/** pane.list: Lists live panes, optionally of one workspace or tab. */
@Component
class PaneListHandler implements MethodHandler<PaneListHandler.Params, PaneListHandler.Result> {

    record Params(@Nullable String workspaceId, @Nullable String tabId) {
    }

    record Result(List<Pane.PaneView> panes) {
    }

    private final PaneRegistry registry;
    private final Workspaces workspaces;

    PaneListHandler(PaneRegistry registry, Workspaces workspaces) {
        this.registry = registry;
        this.workspaces = workspaces;
    }

    @Override
    public String method() {
        return "pane.list";
    }

    @Override
    public String summary() {
        return "Lists live panes, optionally of one workspace or tab.";
    }

    @Override
    public PaneListHandler.Result handle(Params params, CallContext context) {
        // a handle resolves like an id (seed: every workspace_id accepts a handle); an unknown workspace or
        // tab is NO_SUCH_WORKSPACE / NO_SUCH_TAB, never an empty list
        String workspaceId = params.workspaceId() == null ? null : workspaces.resolve(params.workspaceId()).id();
        String tabId = params.tabId() == null ? null : workspaceId == null ? workspaces.tab(params.tabId()).id()
                : workspaces.tab(workspaceId, params.tabId()).id(); // a tab name: this workspace's tab first
        var panes = registry.all().stream()
                .filter(p -> workspaceId == null || p.workspaceId.equals(workspaceId))
                .filter(p -> tabId == null || p.tabId.equals(tabId))
                .sorted(java.util.Comparator.comparing(p -> p.createdAt))
                .map(Pane::liveView).toList();
        return new Result(panes);
    }
}
