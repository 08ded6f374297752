/**
 * Workspace: workspaces, tabs and their layout trees, pane names, git checkouts, and the structure lock
 * under which every structural change is journaled. Publishes the {@link dev.signaltty.workspace.Workspaces}
 * and {@link dev.signaltty.workspace.Layouts} APIs and the events {@code TabClosing},
 * {@code WorkspaceClosing} and {@code TurnStarting} (ADR 0070–0073).
 */
@NullMarked
package dev.signaltty.workspace;

import org.jspecify.annotations.NullMarked;
