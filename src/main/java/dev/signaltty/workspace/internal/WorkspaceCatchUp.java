package dev.signaltty.workspace.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.workspace.internal.WorkspaceSnapshots.Document;
import dev.signaltty.workspace.internal.WorkspaceSnapshots.LayoutDoc;
import dev.signaltty.workspace.internal.WorkspaceSnapshots.TabDoc;
import dev.signaltty.workspace.internal.WorkspaceSnapshots.WorkspaceDoc;

/**
 * Brings a loaded workspace snapshot up to the journal (ADR 0130): every {@code workspace.*} and
 * {@code tab.*} event after the snapshot's seq carries the whole view of what it changed, so applying
 * them in order yields the state the journal last published, whatever the snapshot missed.
 */
final class WorkspaceCatchUp {

    private final Map<String, WorkspaceDoc> workspaces = new LinkedHashMap<>();
    private final Map<String, TabDoc> tabs = new LinkedHashMap<>();
    private final Map<String, List<String>> tabOrder = new LinkedHashMap<>();

    private WorkspaceCatchUp(Document document) {
        for (WorkspaceDoc w : document.workspaces()) {
            workspaces.put(w.workspaceId(), w);
            List<String> order = new ArrayList<>();
            for (TabDoc t : w.tabs()) {
                tabs.put(t.tabId(), t);
                order.add(t.tabId());
            }
            tabOrder.put(w.workspaceId(), order);
        }
    }

    static Document apply(Document document, JournalTail journal) {
        WorkspaceCatchUp catchUp = new WorkspaceCatchUp(document);
        journal.replayAfter(WorkspaceSnapshots.NAME, document.seq(),
                event -> event.startsWith("workspace.") || event.startsWith("tab."), catchUp::apply);
        return catchUp.document(document.seq());
    }

    private void apply(JournalTail.Event record) {
        String event = record.event();
        JsonNode payload = record.payload();
        switch (event) {
            case "workspace.created", "workspace.updated" -> {
                String id = payload.path("workspace_id").asString();
                workspaces.put(id, new WorkspaceDoc(id, payload.path("handle").asString(), payload.path("name").asString(),
                        payload.path("cwd").asString(), List.of()));
                List<String> order = new ArrayList<>();
                payload.path("tab_ids").forEach(t -> order.add(t.asString()));
                tabOrder.put(id, order);
            }
            case "workspace.closed" -> {
                String id = payload.path("workspace_id").asString();
                workspaces.remove(id);
                List<String> order = tabOrder.remove(id);
                if (order != null) {
                    order.forEach(tabs::remove);
                }
            }
            case "tab.created", "tab.updated" -> {
                String id = payload.path("tab_id").asString();
                String workspaceId = payload.path("workspace_id").asString();
                JsonNode layout = payload.get("layout");
                JsonNode focus = payload.get("focused_pane_id");
                JsonNode previous = payload.get("previous_focused_pane_id");
                tabs.put(id, new TabDoc(id, payload.path("name").asString(),
                        layout == null || layout.isNull() ? null : ProtocolJson.MAPPER.treeToValue(layout, LayoutDoc.class),
                        focus == null || focus.isNull() ? null : focus.asString(),
                        previous == null || previous.isNull() ? null : previous.asString()));
                List<String> order = tabOrder.computeIfAbsent(workspaceId, k -> new ArrayList<>());
                if (!order.contains(id)) {
                    order.add(id);
                }
            }
            case "tab.closed" -> {
                String id = payload.path("tab_id").asString();
                tabs.remove(id);
                List<String> order = tabOrder.get(payload.path("workspace_id").asString());
                if (order != null) {
                    order.remove(id);
                }
            }
            default -> {
                // workspace.turn_started and the like change nothing the snapshot keeps
            }
        }
    }

    private Document document(@Nullable Long seq) {
        List<WorkspaceDoc> out = new ArrayList<>();
        for (WorkspaceDoc w : workspaces.values()) {
            List<TabDoc> own = new ArrayList<>();
            for (String tabId : tabOrder.getOrDefault(w.workspaceId(), List.of())) {
                TabDoc tab = tabs.get(tabId);
                if (tab != null) {
                    own.add(tab);
                }
            }
            out.add(new WorkspaceDoc(w.workspaceId(), w.handle(), w.name(), w.cwd(), own));
        }
        return new Document(1, seq, out);
    }
}
