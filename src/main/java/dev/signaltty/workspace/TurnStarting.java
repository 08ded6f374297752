package dev.signaltty.workspace;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Published by the pane module (after journaling {@code agent.working}) when a pane's agent turns
 * working and did not come from blocked. The workspace module then records the workspace checkout as
 * the latest turn baseline and emits {@code workspace.turn_started} (seed ADR-0029), carrying the
 * worker's {@code task_id} when the pane is a task's worker.
 */
public record TurnStarting(String workspaceId, String paneId, Instant startedAt, @Nullable String taskId) {

    /** A turn of a pane that is no task's worker. */
    public TurnStarting(String workspaceId, String paneId, Instant startedAt) {
        this(workspaceId, paneId, startedAt, null);
    }
}
