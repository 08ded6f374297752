package dev.signaltty.decision;

import org.jspecify.annotations.Nullable;

/**
 * Published when a pending decision drops unanswered. Reasons: attention_cleared, moved_on,
 * pane_exited, native_cancelled. Clearing never resumes a worker task.
 */
public record DecisionCleared(String decisionId, String paneId, String workspaceId, @Nullable String taskId,
                              String reason) {
}
