package dev.signaltty.workspace.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** Lists tabs, optionally of one workspace. */
@Component
class TabListHandler implements MethodHandler<TabListHandler.Params, Map<String, Object>> {

    record Params(@Nullable String workspaceId) {
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return Map.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        return Map.of("tabs", store.listTabs(params.workspaceId()));
    }
}
