package dev.signaltty.workspace.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * tab.focus: sets the tab's focused pane, the one every view of the tab (the tab view, the dashboard)
 * sends keys to, as tmux shares a window's active pane among its clients (ADR 1010). The echo is
 * tab.updated, journaled like the rest of the tab, so a restarted daemon keeps it.
 */
@Component
class TabFocusHandler implements MethodHandler<TabFocusHandler.Params, WorkspaceStore.TabView> {

    /** {@code pane_id} takes a pane's name too, as every request's pane_id does. */
    record Params(String tabId, String paneId) {
    }

    private final LayoutService layouts;

    TabFocusHandler(LayoutService layouts) {
        this.layouts = layouts;
    }

    @Override
    public String method() {
        return "tab.focus";
    }

    @Override
    public String summary() {
        return "Focuses a pane of a tab for every client; focusing the focused pane changes nothing.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return layouts.focus(params.tabId(), params.paneId());
    }
}
