package dev.signaltty.agent.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.EventTypes;

/**
 * The agent state events and their payloads (ADR 0270): one lifecycle shape for the five
 * {@code agent.*} names, one attention shape for {@code attention.changed}/{@code attention.cleared},
 * and {@code notify}'s result for {@code notification.created}.
 */
@Component
class AgentEvents implements EventTypes {

    /** The lifecycle moved from {@code previous} to {@code lifecycle}; the event is named after the latter. */
    record LifecycleChanged(@JsonUnwrapped AgentStates.Subject subject, Lifecycle lifecycle, Lifecycle previous,
                            String cause) implements EventPayload {
        @Override
        public String event() {
            return "agent." + lifecycle.wire();
        }
    }

    /**
     * Attention moved; {@code attention.cleared} when it became none. {@code message}: what the pane
     * waits with (a hook's Notification text, a notify, a terminal notification), as attention.pending
     * shows it; none when cleared or when nothing said why.
     */
    record AttentionChanged(@JsonUnwrapped AgentStates.Subject subject, Attention attention, Attention previous,
                            String cause, @Nullable String message) implements EventPayload {
        @Override
        public String event() {
            return attention == Attention.NONE ? "attention.cleared" : "attention.changed";
        }
    }

    @Override
    public List<EventType> types() {
        return List.of(
                new EventType("agent.idle", LifecycleChanged.class, "The agent waits for a prompt."),
                new EventType("agent.working", LifecycleChanged.class, "The agent is working on a turn."),
                new EventType("agent.blocked", LifecycleChanged.class, "The agent waits for a permission answer."),
                new EventType("agent.done", LifecycleChanged.class, "The agent finished its turn."),
                new EventType("agent.exited", LifecycleChanged.class, "The agent's process exited."),
                new EventType("attention.changed", AttentionChanged.class, "A pane needs attention (unread, blocked)."),
                new EventType("attention.cleared", AttentionChanged.class, "A pane's attention went back to none."),
                new EventType("notification.created", NotifyHandler.Notification.class, "notify created a notification."));
    }
}
