package dev.signaltty.pane;

/** Published when a pane's process has exited and been reaped. */
public record PaneExited(String paneId, String workspaceId, int exitCode) {
}
