package dev.signaltty.agent.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import tools.jackson.databind.JsonNode;

/** Parsing, identity checks and matching for wait baselines (ADR-0018). */
final class Baselines {

    private Baselines() {
    }

    /** A whole pane.get wait_baseline; anything else is BAD_PARAMS naming the bad member. */
    static AgentStates.WaitBaseline parse(JsonNode after, String paneId) {
        if (!after.isObject()) {
            throw ProtocolException.badParams("after", "must be the wait_baseline object from pane.get");
        }
        String pane = string(after, "pane_id", false);
        if (!paneId.equals(pane)) {
            throw ProtocolException.badParams("after.pane_id", "baseline belongs to pane " + pane);
        }
        String process = string(after, "process_instance", false);
        String session = string(after, "agent_session_id", true);
        long generation = count(after, "session_generation");
        if ((session == null) != (generation == 0)) {
            throw ProtocolException.badParams("after.session_generation", "does not fit agent_session_id");
        }
        return new AgentStates.WaitBaseline(pane, process, session, generation, count(after, "lifecycle_seq"),
                count(after, "attention_seq"));
    }

    private static @Nullable String string(JsonNode node, String field, boolean optional) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            if (optional) {
                return null;
            }
            throw ProtocolException.badParams("after." + field, "is required");
        }
        if (!value.isString() || value.asString().isEmpty()) {
            throw ProtocolException.badParams("after." + field, "must be a nonempty string");
        }
        return value.asString();
    }

    private static long count(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || value.asLong() < 0) {
            throw ProtocolException.badParams("after." + field, "must be a nonnegative integer");
        }
        return value.asLong();
    }

    /**
     * Identity before state: another process, or a known session replaced (even by an old value), is
     * IDENTITY_CHANGED; the first discovery of a session is allowed. A baseline ahead of the pane is
     * BAD_PARAMS.
     */
    static void checkIdentity(AgentStates.WaitBaseline base, AgentState s) {
        if (!base.processInstance().equals(s.processInstance)) {
            throw identityChanged("the pane's process was replaced", base, s);
        }
        if (base.sessionGeneration() < s.sessionGeneration
                && !(base.sessionGeneration() == 0 && s.sessionGeneration == 1)) {
            throw identityChanged("the agent session was replaced", base, s);
        }
        if (base.sessionGeneration() > s.sessionGeneration || base.lifecycleSeq() > s.lifecycleSeq
                || base.attentionSeq() > s.attentionSeq) {
            throw ProtocolException.badParams("after", "baseline is ahead of the pane's state");
        }
        if (base.sessionGeneration() == s.sessionGeneration && base.agentSessionId() != null
                && !base.agentSessionId().equals(s.sessionId)) {
            throw ProtocolException.badParams("after.agent_session_id", "does not match the pane's session");
        }
    }

    private static ProtocolException identityChanged(String message, AgentStates.WaitBaseline base, AgentState s) {
        Map<String, Object> details = new java.util.LinkedHashMap<>();
        details.put("pane_id", s.paneId);
        details.put("expected_process_instance", base.processInstance());
        details.put("process_instance", s.processInstance);
        details.put("session_generation", s.sessionGeneration);
        return new ProtocolException(ErrorCode.IDENTITY_CHANGED, message, details);
    }

    /** Without a baseline, a current state that already matches succeeds at once. */
    static @Nullable Transition currentMatch(AgentState s, String alternative) {
        Transition.Axis axis = States.axisOf(alternative);
        boolean matches = switch (alternative) {
            case States.SEEN -> States.NONE.equals(s.attention) && States.SEEN.equals(s.lastAttentionCause);
            case States.ATTENTION_CLEARED -> States.NONE.equals(s.attention);
            default -> axis == Transition.Axis.LIFECYCLE ? alternative.equals(s.lifecycle) : alternative.equals(s.attention);
        };
        if (!matches) {
            return null;
        }
        long seq = axis == Transition.Axis.LIFECYCLE ? s.lifecycleSeq : s.attentionSeq;
        String state = axis == Transition.Axis.LIFECYCLE ? s.lifecycle : s.attention;
        return new Transition(axis, state, state, seq, "current");
    }

    /** The earliest transition on the outcome's own axis newer than the baseline that reached it. */
    static @Nullable Transition firstNewer(AgentState s, String alternative, AgentStates.WaitBaseline base) {
        Transition.Axis axis = States.axisOf(alternative);
        long after = axis == Transition.Axis.LIFECYCLE ? base.lifecycleSeq() : base.attentionSeq();
        for (Transition t : s.history) {
            if (t.axis() != axis || t.seq() <= after) {
                continue;
            }
            boolean matches = switch (alternative) {
                case States.SEEN -> States.SEEN.equals(t.cause());
                case States.ATTENTION_CLEARED -> States.NONE.equals(t.to());
                default -> alternative.equals(t.to());
            };
            if (matches) {
                return t;
            }
        }
        return null;
    }
}
