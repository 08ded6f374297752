package dev.signaltty.pane.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.list: Lists live panes, optionally of one workspace or tab. */
@Component
class PaneListHandler implements MethodHandler<PaneListHandler.Params, Map<String, Object>> {

    record Params(@Nullable String workspaceId, @Nullable String tabId) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    PaneListHandler(PaneRegistry registry, PaneLifecycle lifecycle) {
        this.registry = registry;
        this.lifecycle = lifecycle;
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        var panes = registry.all().stream()
                .filter(p -> params.workspaceId() == null || p.workspaceId.equals(params.workspaceId()))
                .filter(p -> params.tabId() == null || p.tabId.equals(params.tabId()))
                .sorted(java.util.Comparator.comparing(p -> p.createdAt))
                .map(Pane::view).toList();
        return Map.of("panes", panes);
    }
}
