package dev.signaltty.workspace;

import java.nio.file.Path;

/**
 * The path reservation of the worktree methods (seed: "a path reservation prevents concurrent
 * workspace creation or pane launch into a checkout being removed").
 *
 * <p>Call {@link #refuseIfRemoving} under {@link StructureLock}, in the same hold that registers the
 * new workspace or pane. {@code worktree.remove} reserves the checkout first and then checks open
 * workspaces and live panes under that lock, so either the launch is refused or the removal sees the
 * registered pane (PANES_ALIVE) — never neither.
 */
public interface CheckoutGuard {

    /** BAD_PARAMS naming {@code field} when {@code dir} is, or lies inside, a checkout being removed. */
    void refuseIfRemoving(Path dir, String field);
}
