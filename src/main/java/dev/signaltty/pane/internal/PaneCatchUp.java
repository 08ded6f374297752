package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.pane.internal.PaneSnapshots.Document;
import dev.signaltty.pane.internal.PaneSnapshots.PaneDoc;
import dev.signaltty.agent.Integration;
import dev.signaltty.transport.ProtocolJson;

/**
 * Brings a loaded pane snapshot up to the journal (ADR 0130). {@code pane.created} and the
 * {@code pane.updated} carry the whole pane view (ADR 0270); {@code pane.exited} the exit code (or
 * why it is unknown) and time; {@code pane.closed} removes. Journals written before ADR 0270 also hold the agent state's
 * partial {@code pane.updated} (no {@code argv}): those are skipped. A pane created after the snapshot
 * comes back without its environment overrides: views do not carry them.
 */
final class PaneCatchUp {

    private final Map<String, PaneDoc> panes = new LinkedHashMap<>();

    private PaneCatchUp(Document document) {
        document.panes().forEach(p -> panes.put(p.paneId(), p));
    }

    static Document apply(Document document, JournalTail journal) {
        PaneCatchUp catchUp = new PaneCatchUp(document);
        journal.replayAfter(PaneSnapshots.NAME, document.seq(), event -> event.startsWith("pane."), catchUp::apply);
        return new Document(1, document.seq(), new ArrayList<>(catchUp.panes.values()));
    }

    private void apply(JournalTail.Event record) {
        String event = record.event();
        JsonNode payload = record.payload();
        String id = payload.path("pane_id").asString();
        switch (event) {
            case "pane.created", "pane.updated" -> {
                if (payload.has("argv")) {
                    panes.put(id, fromView(payload, panes.get(id)));
                }
            }
            case "pane.exited" -> {
                PaneDoc doc = panes.get(id);
                if (doc != null) {
                    JsonNode code = payload.get("exit_code");
                    panes.put(id, doc.exited(code == null || code.isNull() ? null : code.asInt(),
                            text(payload, "exit_unknown"), record.at().toString()));
                }
            }
            case "pane.closed" -> panes.remove(id);
            default -> {
                // pane.data and the like are not state
            }
        }
    }

    private static PaneDoc fromView(JsonNode view, @Nullable PaneDoc before) {
        List<String> argv = new ArrayList<>();
        view.path("argv").forEach(a -> argv.add(a.asString()));
        JsonNode integration = view.get("integration");
        JsonNode exitCode = view.get("exit_code");
        return new PaneDoc(view.path("pane_id").asString(), view.path("workspace_id").asString(),
                view.path("tab_id").asString(), text(view, "name"), argv, view.path("cwd").asString(),
                before == null ? Map.of() : before.env(), text(view, "label"), text(view, "parent_pane_id"),
                text(view, "relationship"), view.path("cols").asInt(), view.path("rows").asInt(),
                view.path("created_at").asString(),
                integration == null || integration.isNull() ? null
                        : ProtocolJson.MAPPER.treeToValue(integration, Integration.class),
                exitCode == null || exitCode.isNull() ? null : exitCode.asInt(), text(view, "started_at"),
                text(view, "exited_at"), text(view, "restart"), before == null ? null : before.foreground(),
                before == null ? null : before.foregroundCwd(), text(view, "exit_unknown"));
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
