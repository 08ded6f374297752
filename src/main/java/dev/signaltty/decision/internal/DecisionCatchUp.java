package dev.signaltty.decision.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.transport.ProtocolJson;

/**
 * Brings the loaded decisions up to the journal (ADR 0130): {@code decision.created} carries the whole
 * decision (and supersedes its {@code prev}), {@code decision.answered} and {@code decision.cleared}
 * resolve one, at the time the journal recorded.
 */
final class DecisionCatchUp {

    private final Map<String, Decision.View> byId = new LinkedHashMap<>();

    static List<Decision.View> apply(DecisionSnapshots.Document document, JournalTail journal) {
        DecisionCatchUp catchUp = new DecisionCatchUp();
        document.decisions().forEach(v -> catchUp.byId.put(v.decisionId(), v));
        journal.replayAfter(DecisionSnapshots.NAME, document.seq(), event -> event.startsWith("decision."),
                catchUp::apply);
        return new ArrayList<>(catchUp.byId.values());
    }

    private void apply(JournalTail.Event record) {
        JsonNode payload = record.payload();
        String at = record.at().toString();
        switch (record.event()) {
            case "decision.created" -> {
                Decision.View created = ProtocolJson.MAPPER.treeToValue(payload.get("decision"), Decision.View.class);
                if (created.prev() != null) {
                    resolve(created.prev(), "superseded", null, "superseded", at);
                }
                byId.put(created.decisionId(), created);
            }
            case "decision.answered" -> resolve(payload.path("decision_id").asString(), "answered",
                    payload.path("option_id").asString(), null, at);
            case "decision.cleared" -> {
                String reason = payload.path("reason").asString();
                resolve(payload.path("decision_id").asString(), "superseded".equals(reason) ? "superseded" : "cleared",
                        null, reason, at);
            }
            default -> {
                // nothing else changes a decision
            }
        }
    }

    private void resolve(String id, String status, @Nullable String optionId, @Nullable String reason, String at) {
        Decision.View v = byId.get(id);
        if (v == null) {
            return;
        }
        byId.put(id, new Decision.View(v.decisionId(), v.paneId(), v.workspaceId(), v.taskId(), v.kind(), v.agent(),
                v.agentSessionId(), v.toolName(), v.toolInput(), v.question(), v.options(), status, optionId, reason,
                v.prev(), v.createdAt(), at));
    }
}
