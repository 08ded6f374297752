package dev.signaltty.workspace.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * Finds the tab a {@code tab_id} param means (ADR 1120): a tab id; else a tab name, which must be held by one
 * tab (of the request's workspace when it names one); else {@code WORKSPACE:NAME}, a name within the workspace
 * of that id or handle. Tab names may repeat (every workspace's first tab is {@code tab 1}), so a name held by
 * several tabs is refused naming them, never guessed. Call under the structure lock.
 */
final class TabNames {

    /** How many ids an ambiguous name's refusal lists in its message (details carry all of them). */
    static final int LISTED = 8;

    private TabNames() {
    }

    /**
     * @param scope      the workspace the request names, whose tabs a bare name is looked for in first; null for none
     * @param workspaces a workspace by id or handle, or null
     */
    static WorkspaceStore.Tab find(String ref, Map<String, WorkspaceStore.Tab> tabs,
            WorkspaceStore.@Nullable Workspace scope,
            Function<String, WorkspaceStore.@Nullable Workspace> workspaces) {
        WorkspaceStore.Tab byId = tabs.get(ref);
        if (byId != null) {
            return byId;
        }
        if (scope != null) {
            WorkspaceStore.Tab inScope = unique(ref, named(ref, tabs.values(), scope.id), workspaces);
            if (inScope != null) {
                return inScope;
            }
        }
        WorkspaceStore.Tab byName = unique(ref, named(ref, tabs.values(), null), workspaces);
        if (byName != null) {
            return byName;
        }
        int colon = ref.indexOf(':');
        if (colon > 0) {
            WorkspaceStore.Workspace workspace = workspaces.apply(ref.substring(0, colon));
            if (workspace != null) {
                WorkspaceStore.Tab qualified = unique(ref, named(ref.substring(colon + 1), tabs.values(), workspace.id),
                        workspaces);
                if (qualified != null) {
                    return qualified;
                }
            }
        }
        throw new ProtocolException(ErrorCode.NO_SUCH_TAB, "no tab " + ref + " (neither a tab id nor a tab's name)",
                Map.of("tab_id", ref));
    }

    private static List<WorkspaceStore.Tab> named(String name, Collection<WorkspaceStore.Tab> tabs,
            @Nullable String workspaceId) {
        List<WorkspaceStore.Tab> out = new ArrayList<>();
        for (WorkspaceStore.Tab tab : tabs) {
            if (tab.name.equals(name) && (workspaceId == null || tab.workspaceId.equals(workspaceId))) {
                out.add(tab);
            }
        }
        return out;
    }

    /** The one tab of {@code holders}, null for none; BAD_PARAMS naming every holder for more. */
    private static WorkspaceStore.@Nullable Tab unique(String ref, List<WorkspaceStore.Tab> holders,
            Function<String, WorkspaceStore.@Nullable Workspace> workspaces) {
        if (holders.size() <= 1) {
            return holders.isEmpty() ? null : holders.getFirst();
        }
        List<String> ids = holders.stream().map(t -> t.id).toList();
        StringBuilder listed = new StringBuilder();
        for (WorkspaceStore.Tab tab : holders.subList(0, Math.min(LISTED, holders.size()))) {
            WorkspaceStore.Workspace workspace = workspaces.apply(tab.workspaceId);
            listed.append(listed.isEmpty() ? "" : ", ").append(tab.id).append(" (workspace ")
                    .append(workspace == null ? tab.workspaceId : workspace.handle).append(')');
        }
        if (holders.size() > LISTED) {
            listed.append(", and ").append(holders.size() - LISTED).append(" more");
        }
        throw new ProtocolException(ErrorCode.BAD_PARAMS, "tab_id: '" + ref + "' is the name of " + holders.size()
                + " tabs: " + listed + "; give a tab id, or WORKSPACE:NAME", Map.of("field", "tab_id", "tab_ids", ids));
    }
}
