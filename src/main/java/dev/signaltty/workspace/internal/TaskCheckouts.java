package dev.signaltty.workspace.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.GitCheckouts;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.internal.git.CheckoutReservations;
import dev.signaltty.workspace.internal.git.Deadline;
import dev.signaltty.workspace.internal.git.DiffSummaryReader;
import dev.signaltty.workspace.internal.git.FileDiffReader;
import dev.signaltty.workspace.internal.git.GitResult;
import dev.signaltty.workspace.internal.git.GitRunner;
import dev.signaltty.workspace.internal.git.RepoPath;
import dev.signaltty.workspace.internal.git.WorktreeInfo;
import dev.signaltty.workspace.internal.git.Worktrees;

/** {@link GitCheckouts} for task orchestration, over the same runner, worktrees and readers as the git methods. */
@Component
class TaskCheckouts implements GitCheckouts {

    /** Used only when the repository has no identity of its own, so committing a worker's work never fails for that. */
    private static final List<String> FALLBACK_IDENTITY = List.of(
            "-c", "user.name=signaltty", "-c", "user.email=signaltty@localhost");

    private final GitRunner git;
    private final Worktrees worktrees;
    private final WorkspaceStore store;
    private final WorktreeCoordinator coordinator;
    private final DiffSummaryReader summaries;
    private final FileDiffReader files;
    private final TaskWorktreeRoot worktreeRoot;
    private final Duration changeDeadline;
    private final Duration readDeadline;

    TaskCheckouts(GitRunner git, Worktrees worktrees, WorkspaceStore store, WorktreeCoordinator coordinator,
                  DiffSummaryReader summaries, FileDiffReader files, TaskWorktreeRoot worktreeRoot,
                  @Value("${signaltty.git.change-deadline-ms:60000}") long changeMs,
                  @Value("${signaltty.git.read-deadline-ms:8000}") long readMs) {
        this.git = git;
        this.worktrees = worktrees;
        this.store = store;
        this.coordinator = coordinator;
        this.summaries = summaries;
        this.files = files;
        this.worktreeRoot = worktreeRoot;
        this.changeDeadline = Duration.ofMillis(changeMs);
        this.readDeadline = Duration.ofMillis(readMs);
    }

    @Override
    public Source source(Path repo) {
        if (!Files.isDirectory(repo)) {
            throw ProtocolException.badParams("repo", repo + " is not a directory");
        }
        Deadline d = Deadline.in(readDeadline);
        GitResult top = git.run(repo, d, "rev-parse", "--show-toplevel");
        if (!top.ok()) {
            throw ProtocolException.badParams("repo", repo + " is not inside a git checkout");
        }
        Path root = CheckoutReservations.canonical(Path.of(top.stdoutText().strip()));
        if (!git.run(root, d, "rev-parse", "-q", "--verify", "HEAD^{commit}").ok()) {
            throw ProtocolException.badParams("repo", root + " has no commit yet");
        }
        return new Source(root, currentBranch(root));
    }

    @Override
    public String resolveCommit(Path root, @Nullable String ref) {
        String wanted = ref == null ? "HEAD" : ref;
        GitResult commit = git.run(root, Deadline.in(readDeadline), "rev-parse", "-q", "--verify",
                "--end-of-options", wanted + "^{commit}");
        if (!commit.ok()) {
            throw ProtocolException.badParams("base", wanted + " does not name a commit");
        }
        return commit.stdoutText().strip();
    }

    @Override
    public Path createWorktree(Path root, String taskId, String branch, String commit) {
        WorktreeInfo created = worktrees.create(root, worktreeRoot.pathFor(root, taskId), branch, commit);
        announce("create", created.path(), root);
        return CheckoutReservations.canonical(Path.of(created.path()));
    }

    @Override
    public WorkspaceRef openWorkspace(Path worktree, String name) {
        var view = store.create(name, worktree);
        return store.resolve(view.workspaceId());
    }

    @Override
    public void closeWorkspace(String workspaceId) {
        try {
            store.close(workspaceId);
        } catch (ProtocolException gone) {
            // already closed by someone else: nothing to do
        }
    }

    @Override
    public @Nullable String currentBranch(Path root) {
        GitResult head = git.run(root, Deadline.in(readDeadline), "symbolic-ref", "-q", "--short", "HEAD");
        return head.ok() ? head.stdoutText().strip() : null;
    }

    @Override
    public boolean commitAll(Path worktree, String message) {
        Deadline d = Deadline.in(changeDeadline);
        git.run(worktree, d, "add", "-A", "--", ".").requireOk();
        if (git.run(worktree, d, "diff", "--cached", "--quiet").ok()) {
            return false;
        }
        List<String> args = new ArrayList<>();
        if (!git.run(worktree, d, "config", "user.email").ok()) {
            args.addAll(FALLBACK_IDENTITY);
        }
        args.addAll(List.of("commit", "-q", "--no-verify", "-m", message));
        git.run(worktree, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP, args).requireOk();
        return true;
    }

    @Override
    public List<String> merge(Path root, String branch, String message) {
        Deadline d = Deadline.in(changeDeadline);
        List<String> args = new ArrayList<>();
        if (!git.run(root, d, "config", "user.email").ok()) {
            args.addAll(FALLBACK_IDENTITY);
        }
        args.addAll(List.of("merge", "--no-ff", "--no-edit", "-m", message, "refs/heads/" + branch));
        GitResult merged = git.run(root, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP, args);
        if (merged.ok()) {
            return List.of();
        }
        GitResult unmerged = git.run(root, d, "diff", "--name-only", "-z", "--diff-filter=U");
        List<String> conflicts = new ArrayList<>();
        for (String name : unmerged.stdoutText().split("\0")) {
            if (!name.isEmpty()) {
                conflicts.add(name);
            }
        }
        if (git.run(root, d, "rev-parse", "-q", "--verify", "MERGE_HEAD").ok()) {
            git.run(root, d, "merge", "--abort").requireOk();
        }
        if (conflicts.isEmpty()) {
            // refused before touching anything (e.g. local changes in the way): not a conflict
            throw merged.failure();
        }
        return conflicts;
    }

    @Override
    public boolean isClean(Path root) {
        GitResult status = git.run(root, Deadline.in(readDeadline), "status", "--porcelain", "-z",
                "--untracked-files=normal").requireOk();
        return status.stdoutText().isEmpty();
    }

    @Override
    public void removeWorktree(Path root, Path worktree) {
        Deadline d = Deadline.in(changeDeadline);
        GitResult removed = git.run(root, d, "worktree", "remove", "--force", "--", worktree.toString());
        if (!removed.ok()) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot remove worktree " + worktree + ": "
                    + removed.stderr().strip().lines().findFirst().orElse("git refused"),
                    Map.of("stderr", removed.stderr()));
        }
        announce("remove", worktree.toString(), root);
    }

    @Override
    public void deleteBranch(Path root, String branch, boolean force) {
        Deadline d = Deadline.in(changeDeadline);
        if (!git.run(root, d, "rev-parse", "-q", "--verify", "refs/heads/" + branch).ok()) {
            return; // already gone (deleted by hand): the wanted end state holds
        }
        GitResult deleted = git.run(root, d, "branch", force ? "-D" : "-d", branch);
        if (!deleted.ok()) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot delete branch " + branch + ": "
                    + deleted.stderr().strip().lines().findFirst().orElse("git refused"),
                    Map.of("stderr", deleted.stderr()));
        }
    }

    /** worktree.changed names the source workspace; without one open on the repository there is nobody to tell. */
    private void announce(String operation, String path, Path root) {
        List<String> sources = coordinator.workspacesAt(root);
        if (!sources.isEmpty()) {
            coordinator.changed(operation, path, sources.getFirst());
        }
    }

    @Override
    public DiffSummary diffSince(Path worktree, String baseCommit) {
        return summaries.summarizeSince(worktree, tree(worktree, baseCommit));
    }

    @Override
    public DiffContent fileDiffSince(Path worktree, String baseCommit, String path) {
        return files.readSince(worktree, tree(worktree, baseCommit), RepoPath.parse(path));
    }

    private String tree(Path worktree, String commit) {
        return git.run(worktree, Deadline.in(readDeadline), "rev-parse", "--verify", commit + "^{tree}")
                .requireOk().stdoutText().strip();
    }
}
