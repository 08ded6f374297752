package dev.signaltty.workspace.internal.git;

import org.jspecify.annotations.Nullable;

/**
 * One registered worktree as {@code git worktree list --porcelain} reports it.
 *
 * @param main the repository's main working tree (listed first by git; never removable)
 */
public record WorktreeInfo(String path, @Nullable String head, @Nullable String branch, boolean main,
                           boolean detached, boolean bare, boolean locked, @Nullable String lockedReason,
                           boolean prunable, @Nullable String prunableReason) {
}
