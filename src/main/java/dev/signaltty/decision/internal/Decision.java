package dev.signaltty.decision.internal;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.AgentDecisions;

/** One decision and its live answer route. Mutable fields change only under the store's write guard. */
final class Decision {

    static final List<Option> OPTIONS = List.of(new Option("allow_once", "Allow once"), new Option("deny", "Deny"));

    record Option(String optionId, String label) {
    }

    /** The wire shape of a decision. */
    record View(String decisionId, String paneId, String workspaceId, @Nullable String taskId, String kind,
                String agent, String agentSessionId, String toolName, Map<String, Object> toolInput, String question,
                List<Option> options, String status, @Nullable String optionId, @Nullable String reason,
                @Nullable String prev, String createdAt, @Nullable String resolvedAt) {
    }

    final String id;
    final AgentDecisions.PermissionAsk ask;
    final @Nullable String prev;
    final Instant createdAt;
    final CompletableFuture<AgentDecisions.PermissionOutcome> route = new CompletableFuture<>();
    String status = "pending";
    @Nullable String optionId;
    @Nullable String reason;
    @Nullable Instant resolvedAt;

    Decision(String id, AgentDecisions.PermissionAsk ask, @Nullable String prev) {
        this(id, ask, prev, Instant.now());
    }

    private Decision(String id, AgentDecisions.PermissionAsk ask, @Nullable String prev, Instant createdAt) {
        this.id = id;
        this.ask = ask;
        this.prev = prev;
        this.createdAt = createdAt;
    }

    /** A decision read back from the snapshot; its route is new (the old hook connection is gone). */
    static Decision restored(View view) {
        Decision decision = new Decision(view.decisionId(), new AgentDecisions.PermissionAsk(view.paneId(),
                view.workspaceId(), view.taskId(), view.agent(), view.agentSessionId(), view.toolName(),
                view.toolInput()), view.prev(), Instant.parse(view.createdAt()));
        decision.status = view.status();
        decision.optionId = view.optionId();
        decision.reason = view.reason();
        decision.resolvedAt = view.resolvedAt() == null ? null : Instant.parse(view.resolvedAt());
        return decision;
    }

    boolean pending() {
        return "pending".equals(status);
    }

    View view() {
        return new View(id, ask.paneId(), ask.workspaceId(), ask.taskId(), "permission", ask.agent(), ask.sessionId(),
                ask.toolName(), ask.toolInput(), question(), OPTIONS, status, optionId, reason, prev,
                createdAt.toString(), resolvedAt == null ? null : resolvedAt.toString());
    }

    private String question() {
        Object command = ask.toolInput().get("command");
        return "Allow " + ask.toolName() + (command instanceof String text ? ": " + text : "") + "?";
    }
}
