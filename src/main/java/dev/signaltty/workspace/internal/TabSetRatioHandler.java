package dev.signaltty.workspace.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** tab.set_ratio: moves one divider, addressed by 0/1 choices from the root ({@code []} is the root). */
@Component
class TabSetRatioHandler implements MethodHandler<TabSetRatioHandler.Params, WorkspaceStore.TabView> {

    record Params(String tabId, List<Integer> path, double ratio) {
        Params {
            for (int i = 0; i < path.size(); i++) {
                if (path.get(i) != 0 && path.get(i) != 1) {
                    throw ProtocolException.badParams("path[" + i + "]", "must be 0 (first) or 1 (second)");
                }
            }
            if (!Double.isFinite(ratio)) {
                throw ProtocolException.badParams("ratio", "must be a finite number");
            }
        }
    }

    private final LayoutService layouts;

    TabSetRatioHandler(LayoutService layouts) {
        this.layouts = layouts;
    }

    @Override
    public String method() {
        return "tab.set_ratio";
    }

    @Override
    public String summary() {
        return "Moves one divider of a tab's layout; the ratio is clamped to 0.05–0.95.";
    }

    @Override
    public WorkspaceStore.TabView handle(Params params, CallContext context) {
        return layouts.setRatio(params.tabId(), params.path(), params.ratio());
    }
}
