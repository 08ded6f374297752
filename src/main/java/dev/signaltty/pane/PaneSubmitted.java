package dev.signaltty.pane;

import org.jspecify.annotations.Nullable;

/**
 * Published after {@code pane.submit} delivered its text and Enter (an accepted submit), with whether
 * the activity gate confirmed it. A task parked at input_required resumes on its worker's accepted
 * follow-up submit (seed R328).
 */
public record PaneSubmitted(String paneId, String workspaceId, @Nullable String taskId, boolean confirmed) {
}
