package dev.signaltty.decision;

import org.jspecify.annotations.Nullable;

/** Published after a decision's answer was delivered to its waiting hook (task resumes listen here). */
public record DecisionAnswered(String decisionId, String paneId, String workspaceId, @Nullable String taskId,
                               String optionId) {
}
