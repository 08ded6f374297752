package dev.signaltty.decision.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.EventTypes;

/** The decision module's events and their payloads (ADR 0270). */
@Component
class DecisionEvents implements EventTypes {

    /** A permission ask became a pending decision; {@code prev} is the one it superseded. */
    record Created(String paneId, String workspaceId, @Nullable String taskId, Decision.View decision,
                   @Nullable String prev) implements EventPayload {
        @Override
        public String event() {
            return "decision.created";
        }
    }

    record Answered(String paneId, String workspaceId, @Nullable String taskId, String decisionId, String optionId)
            implements EventPayload {
        @Override
        public String event() {
            return "decision.answered";
        }
    }

    /** {@code reason}: superseded, native_resolved or native_cancelled. */
    record Cleared(String paneId, String workspaceId, @Nullable String taskId, String decisionId, String reason)
            implements EventPayload {
        @Override
        public String event() {
            return "decision.cleared";
        }
    }

    @Override
    public List<EventType> types() {
        return List.of(
                new EventType("decision.created", Created.class, "A permission request is waiting for an answer."),
                new EventType("decision.answered", Answered.class, "An option was delivered to the waiting agent."),
                new EventType("decision.cleared", Cleared.class, "A decision ended without an answer from here."));
    }
}
