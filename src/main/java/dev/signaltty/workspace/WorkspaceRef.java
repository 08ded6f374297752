package dev.signaltty.workspace;

import java.nio.file.Path;

/** What other modules may know of a workspace. */
public record WorkspaceRef(String id, String handle, String name, Path cwd) {
}
