package dev.signaltty.workspace;

import java.time.Instant;

/**
 * Published by the pane module (after journaling {@code agent.working}) when a pane's agent turns
 * working and did not come from blocked. The workspace module then records the workspace checkout as
 * the latest turn baseline and emits {@code workspace.turn_started} (seed ADR-0029).
 */
public record TurnStarting(String workspaceId, String paneId, Instant startedAt) {
}
