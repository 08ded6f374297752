package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * tab.set_layout: replaces a tab's tree with an arrangement of the panes it already owns. The tree is
 * bound as a {@link LayoutTree} and checked by {@link LayoutResolver}; an empty tab takes no layout.
 */
@Component
class TabSetLayoutHandler implements MethodHandler<TabSetLayoutHandler.Params, WorkspaceStore.TabView> {

    record Params(String tabId, @Nullable LayoutTree layout) {
    }

    private final LayoutService layouts;

    TabSetLayoutHandler(LayoutService layouts) {
        this.layouts = layouts;
    }

    @Override
    public String method() {
        return "tab.set_layout";
    }

    @Override
    public String summary() {
        return "Rearranges a tab's panes: a tree of {pane_id} leaves and {direction, ratio, first, second} splits.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return layouts.setLayout(params.tabId(), params.layout());
    }
}
