package dev.signaltty.agent;

import org.jspecify.annotations.Nullable;

/**
 * Published (after journaling, outside the agent-state guard) for every transition of a pane's agent
 * lifecycle or attention axis.
 *
 * @param axis  {@code lifecycle} or {@code attention}
 * @param from  the state before
 * @param to    the state after
 * @param seq   the journal seq of the transition's event
 * @param cause what moved it: a native hook name, {@code notify}, {@code seen}, {@code exit},
 *              {@code decision_answered}; {@code turn_end} marks Stop/SessionEnd
 */
public record AgentStateChanged(String paneId, String workspaceId, @Nullable String taskId, String axis,
                                String from, String to, long seq, String cause) {

    public boolean leftBlocked() {
        return "lifecycle".equals(axis) && "blocked".equals(from) && !"blocked".equals(to);
    }

    public boolean clearedRequiredAttention() {
        return "attention".equals(axis) && "none".equals(to)
                && ("permission_required".equals(from) || "input_required".equals(from));
    }

    public boolean turnEnd() {
        return "turn_end".equals(cause);
    }
}
