package dev.signaltty.pane;

import org.jspecify.annotations.Nullable;

/** Published when a pane's process has exited and been reaped; {@code exitCode} null when its status is lost (ADR 0952). */
public record PaneExited(String paneId, String workspaceId, @Nullable Integer exitCode) {
}
