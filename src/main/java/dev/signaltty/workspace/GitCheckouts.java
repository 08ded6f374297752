package dev.signaltty.workspace;

import java.nio.file.Path;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The git operations task orchestration needs, over the workspace module's git machinery (process
 * groups with deadlines, literal paths, no ext diff or textconv). Failures are ProtocolExceptions:
 * BAD_PARAMS naming the field for what the caller got wrong, IO_ERROR carrying git's stderr otherwise.
 */
public interface GitCheckouts {

    /**
     * The repository a task starts from.
     *
     * @param root   its top-level directory, canonical
     * @param branch the branch checked out there, null on a detached HEAD
     */
    record Source(Path root, @Nullable String branch) {
    }

    /** BAD_PARAMS {field: repo} when {@code repo} is not inside a git checkout with a commit. */
    Source source(Path repo);

    /** The commit {@code ref} names (default HEAD); BAD_PARAMS {field: base} otherwise. */
    String resolveCommit(Path root, @Nullable String ref);

    /**
     * A new worktree for task {@code taskId} on a new {@code branch} at {@code commit}, where
     * {@code signaltty.task.worktree-root} says (ADR 0195); BAD_PARAMS {field: branch} for an invalid or
     * existing branch. Emits {@code worktree.changed}.
     */
    Path createWorktree(Path root, String taskId, String branch, String commit);

    /** A new workspace whose cwd is {@code worktree}. */
    WorkspaceRef openWorkspace(Path worktree, String name);

    /** Closes a workspace (and its panes); a no-op when it is gone. */
    void closeWorkspace(String workspaceId);

    /** The branch checked out in {@code root} now, null on a detached HEAD. */
    @Nullable String currentBranch(Path root);

    /** Stages everything in {@code worktree} and commits it; false when there was nothing to commit. */
    boolean commitAll(Path worktree, String message);

    /**
     * Merges {@code branch} into what {@code root} has checked out (no fast-forward). On a conflict the
     * merge is aborted, so {@code root} is left as it was, and the conflicting paths are returned;
     * an empty list means merged.
     */
    List<String> merge(Path root, String branch, String message);

    /** No staged, unstaged or untracked change in {@code root}. */
    boolean isClean(Path root);

    /** Removes a linked worktree with everything in it (the branch stays); IO_ERROR on failure. */
    void removeWorktree(Path root, Path worktree);

    /**
     * Deletes a local branch: {@code git branch -d} (refused unless merged), or {@code -D} when
     * {@code force}; a no-op when it is already gone; IO_ERROR carrying git's stderr on failure.
     */
    void deleteBranch(Path root, String branch, boolean force);

    /** {@code workspace.diff}'s shape for {@code worktree} against {@code baseCommit}, untracked files included. */
    DiffSummary diffSince(Path worktree, String baseCommit);

    /** {@code workspace.file_diff}'s content for one literal path against {@code baseCommit}. */
    DiffContent fileDiffSince(Path worktree, String baseCommit, String path);
}
