package dev.signaltty.agent.internal;

import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/** Parsing, identity checks and matching for wait baselines (ADR-0018). */
final class Baselines {

    private Baselines() {
    }

    /**
     * What the binder cannot say of a pane.get wait_baseline passed back as {@code after} (it checks the
     * fields' presence and JSON types): nonempty ids, nonnegative counters, a session that fits its
     * generation. BAD_PARAMS names the member.
     */
    static void validate(AgentStates.WaitBaseline after) {
        nonempty(after.paneId(), "pane_id");
        nonempty(after.processInstance(), "process_instance");
        if (after.agentSessionId() != null) {
            nonempty(after.agentSessionId(), "agent_session_id");
        }
        nonnegative(after.sessionGeneration(), "session_generation");
        nonnegative(after.lifecycleSeq(), "lifecycle_seq");
        nonnegative(after.attentionSeq(), "attention_seq");
        if ((after.agentSessionId() == null) != (after.sessionGeneration() == 0)) {
            throw ProtocolException.badParams("after.session_generation", "does not fit agent_session_id");
        }
    }

    /** The baseline is of the pane the wait is on. */
    static void checkPane(AgentStates.WaitBaseline after, String paneId) {
        if (!paneId.equals(after.paneId())) {
            throw ProtocolException.badParams("after.pane_id", "baseline belongs to pane " + after.paneId());
        }
    }

    private static void nonempty(String value, String field) {
        if (value.isEmpty()) {
            throw ProtocolException.badParams("after." + field, "must be a nonempty string");
        }
    }

    private static void nonnegative(long value, String field) {
        if (value < 0) {
            throw ProtocolException.badParams("after." + field, "must be a nonnegative integer");
        }
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
    static @Nullable Transition currentMatch(AgentState s, WaitOutcome outcome) {
        if (!outcome.matchesCurrent(s)) {
            return null;
        }
        if (outcome.onLifecycle()) {
            return new Transition(s.lifecycle, s.lifecycle, s.lifecycleSeq, "current");
        }
        return new Transition(s.attention, s.attention, s.attentionSeq, "current");
    }

    /** The earliest transition on the outcome's own axis newer than the baseline that reached it. */
    static @Nullable Transition firstNewer(AgentState s, WaitOutcome outcome, AgentStates.WaitBaseline base) {
        boolean lifecycle = outcome.onLifecycle();
        long after = lifecycle ? base.lifecycleSeq() : base.attentionSeq();
        for (Transition t : s.history) {
            if (t.onLifecycle() == lifecycle && t.seq() > after && outcome.matches(t)) {
                return t;
            }
        }
        return null;
    }
}
