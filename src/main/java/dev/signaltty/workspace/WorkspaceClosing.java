package dev.signaltty.workspace;

/** Published (synchronously, under the structure lock) before a workspace goes: its panes must close. */
public record WorkspaceClosing(String workspaceId) {
}
