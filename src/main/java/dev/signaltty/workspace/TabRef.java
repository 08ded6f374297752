package dev.signaltty.workspace;

/** What other modules may know of a tab. */
public record TabRef(String id, String workspaceId, String name) {
}
