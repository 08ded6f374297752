package dev.signaltty.agent;

import org.jspecify.annotations.Nullable;

/**
 * Published (after journaling, outside the agent-state guard) for every transition of a pane's agent
 * lifecycle or attention axis; {@code from} and {@code to} are on the same axis, and which one is their type.
 *
 * @param from  the state before
 * @param to    the state after
 * @param seq   the journal seq of the transition's event
 * @param cause what moved it: a native hook name, {@code notify}, {@code seen}, {@code exit},
 *              {@code decision_answered}; {@code turn_end} marks Stop/SessionEnd
 */
public record AgentStateChanged(String paneId, String workspaceId, @Nullable String taskId, AxisState from,
                                AxisState to, long seq, String cause) {

    public AgentStateChanged {
        if (from.getClass() != to.getClass()) {
            throw new IllegalArgumentException("a transition stays on one axis: " + from + " -> " + to);
        }
    }

    /** The lifecycle it moved to, or null when the attention moved. */
    public @Nullable Lifecycle lifecycle() {
        return to instanceof Lifecycle l ? l : null;
    }

    /** The attention it moved to, or null when the lifecycle moved. */
    public @Nullable Attention attention() {
        return to instanceof Attention a ? a : null;
    }

    public boolean leftBlocked() {
        return from == Lifecycle.BLOCKED && to != Lifecycle.BLOCKED;
    }

    public boolean clearedRequiredAttention() {
        return to == Attention.NONE && from instanceof Attention a && a.required();
    }

    public boolean turnEnd() {
        return "turn_end".equals(cause);
    }
}
