package dev.signaltty.pane;

/** Published when a pane is closed and leaves its tab. */
public record PaneClosed(String paneId, String workspaceId) {
}
