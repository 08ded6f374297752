package dev.signaltty.task.internal;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.pane.Panes;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.GitCheckouts;
import dev.signaltty.workspace.LivePaneCwds;

/**
 * What happens to a task after its start: the worker's report, reads of its work against its base,
 * and its end — task.finish (merge or discard, seed R40, R46, R47, R48, R73, R74, R75, R76, R77, R78, R79, R80) and task.cancel (R41).
 * Finishes are serialized: two finishes of one task must not both merge.
 */
@Component
class TaskFinisher {

    /** Longer than the close's hang-up grace, so a worker that ignores SIGHUP is killed and reaped first. */
    static final java.time.Duration WORKER_EXIT_WAIT = java.time.Duration.ofSeconds(5);

    private final ReentrantLock finishing = new ReentrantLock();
    private final TaskStore store;
    private final GitCheckouts git;
    private final Panes panes;
    private final LivePaneCwds livePanes;
    private final WorkerSignals signals;
    private final boolean keepBranchAfterMerge;
    private final boolean keepBranchAfterDiscard;

    TaskFinisher(TaskStore store, GitCheckouts git, Panes panes, LivePaneCwds livePanes, WorkerSignals signals,
                 @Value("${signaltty.task.keep-branch-after-merge:false}") String keepAfterMerge,
                 @Value("${signaltty.task.keep-branch-after-discard:true}") String keepAfterDiscard) {
        this.store = store;
        this.git = git;
        this.panes = panes;
        this.livePanes = livePanes;
        this.signals = signals;
        this.keepBranchAfterMerge = flag("signaltty.task.keep-branch-after-merge", keepAfterMerge);
        this.keepBranchAfterDiscard = flag("signaltty.task.keep-branch-after-discard", keepAfterDiscard);
    }

    /** Only true or false: Spring's own conversion would also take yes/on/1, and its error names no key. */
    static boolean flag(String key, String value) {
        return switch (value.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
        };
    }

    Task.View report(TaskReportHandler.Params p) {
        String taskId = p.taskId() != null ? p.taskId() : store.byPane(p.paneId()).map(t -> t.id)
                .orElseThrow(() -> new ProtocolException(ErrorCode.NO_SUCH_TASK, "pane " + p.paneId()
                        + " is not a task worker", Map.of("pane_id", p.paneId())));
        return store.locked(() -> {
            Task task = store.require(taskId);
            if (task.disposition != null || task.state == TaskState.CANCELED) {
                throw new ProtocolException(ErrorCode.BAD_PARAMS, "task " + taskId + " is already "
                        + (task.disposition != null ? "finished" : "canceled"),
                        Map.of("field", "task_id", "state", task.state.wire()));
            }
            if (task.state.terminal()) {
                // a terminal state never changes again: the late report is kept as evidence, and refused
                store.update(taskId, t -> {
                    t.evidence = t.evidence.withLateReport(new Task.Report(p.status(), p.summary(),
                            Instant.now().toString()));
                });
                throw new ProtocolException(ErrorCode.BAD_PARAMS, "task " + taskId + " is already " + task.state.wire()
                        + "; the report was recorded as evidence and the state kept",
                        Map.of("field", "task_id", "state", task.state.wire()));
            }
            return store.update(taskId, t -> {
                t.state = TaskState.parse(p.status());
                t.report = new Task.Report(p.status(), p.summary(), Instant.now().toString());
            });
        });
    }

    /**
     * task.diff: workspace.diff's shape for the task's worktree against its base commit. {@code diff.base} is that
     * commit's tree (the shape workspace.diff shares), which no person can use: {@code base_commit} is the commit the
     * worker's branch started from, what {@code git diff} and {@code git log} take (ADR 1441).
     */
    record Diff(String taskId, String branch, String baseCommit, DiffSummary diff) {
    }

    /** task.file_diff: workspace.file_diff's content for one path against the task's base commit. */
    record FileDiff(String taskId, String path, DiffContent content) {
    }

    Diff diff(String taskId) {
        Task.View task = store.view(taskId);
        requireWorktree(task);
        return new Diff(taskId, task.branch(), task.baseCommit(),
                git.diffSince(Path.of(task.worktree()), task.baseCommit()));
    }

    FileDiff fileDiff(String taskId, String path) {
        Task.View task = store.view(taskId);
        requireWorktree(task);
        return new FileDiff(taskId, path, git.fileDiffSince(Path.of(task.worktree()), task.baseCommit(), path));
    }

    private static void requireWorktree(Task.View task) {
        if (task.worktreeRemoved() || !Files.isDirectory(Path.of(task.worktree()))) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "the worktree of " + task.taskId() + " is gone",
                    Map.of("field", "task_id", "worktree", task.worktree()));
        }
    }

    Task.View cancel(String taskId) {
        finishing.lock();
        try {
            Task.View task = store.view(taskId);
            if (task.disposition() != null) {
                throw new ProtocolException(ErrorCode.BAD_PARAMS, "task " + taskId + " is already finished",
                        Map.of("field", "task_id", "disposition", task.disposition()));
            }
            // canceled first: the first submit then sees a task that is no longer pending when its pane goes
            Task.View canceled = store.update(taskId, t -> {
                if (!t.state.terminal()) {
                    t.state = TaskState.CANCELED;
                }
            });
            closeWorker(taskId, "task_cancel");
            return canceled;
        } finally {
            finishing.unlock();
        }
    }

    Task.View finish(String taskId, boolean merge, @Nullable String targetRef) {
        finishing.lock();
        try {
            Task.View task = store.view(taskId);
            Path worktree = Path.of(task.worktree());
            Path repo = Path.of(task.repo());
            if (task.disposition() != null) {
                return retryCleanup(task, worktree, repo);
            }
            String target = merge ? target(task, targetRef, repo) : null;
            List<String> foreign = livePanes.livePanesInside(canonical(worktree)).stream()
                    .filter(id -> !id.equals(task.paneId())).toList();
            if (!foreign.isEmpty()) { // seed R78, R79, R80
                throw new ProtocolException(ErrorCode.PANES_ALIVE, "live panes are inside " + worktree,
                        Map.of("task_id", taskId, "pane_ids", foreign));
            }
            closeWorker(taskId, "task_finish");
            if (merge) {
                git.commitAll(worktree, "signaltty task " + taskId + ": " + firstLine(task.objective()));
                List<String> conflicts = git.merge(repo, task.branch(), "Merge " + task.branch() + " (signaltty task "
                        + taskId + ")");
                if (!conflicts.isEmpty()) { // seed R74, R315: aborted, source left clean
                    store.update(taskId, t -> t.finishError = error(FinishError.Reason.MERGE_CONFLICT,
                            "merging " + t.branch + " into " + target + " conflicts", conflicts));
                    // the next step, as an orchestrator can take it: the worktree stays, and a finish after the
                    // target is merged into the task's branch there merges cleanly (ADR 1482)
                    throw new ProtocolException(ErrorCode.MERGE_CONFLICT, "merging " + task.branch() + " into "
                            + target + " conflicts in " + conflicts.size() + " file(s); to keep the work, merge "
                            + target + " into the task's branch in its worktree " + worktree + " (git merge " + target
                            + ", resolve, git commit) and finish again (task.finish merge true), else discard it "
                            + "(task.finish discard true)", Map.of("task_id", taskId, "files", conflicts));
                }
            }
            store.update(taskId, t -> { // seed R73: the disposition is a store transition
                t.disposition = merge ? "merged" : "discarded";
                t.finishError = null;
                if (!t.state.terminal()) {
                    t.state = merge ? TaskState.COMPLETED : TaskState.CANCELED;
                }
            });
            return cleanup(task, worktree, repo);
        } finally {
            finishing.unlock();
        }
    }

    /** Seed R46, R47, R48: default target_branch; explicit on a detached start; must be what the source has checked out. */
    private String target(Task.View task, @Nullable String targetRef, Path repo) {
        String wanted = targetRef != null ? stripHeads(targetRef) : task.targetBranch();
        if (wanted == null) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "task " + task.taskId()
                    + " started on a detached HEAD: target_ref is required",
                    Map.of("field", "target_ref", "task_id", task.taskId()));
        }
        String actual = git.currentBranch(repo);
        if (!wanted.equals(actual)) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("field", "target_ref");
            details.put("expected", wanted);
            details.put("actual", actual);
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "the merge target " + wanted
                    + " is not the branch checked out in " + repo + " (" + (actual == null ? "detached HEAD" : actual)
                    + ")", details);
        }
        return wanted;
    }

    private static String stripHeads(String ref) {
        return ref.startsWith("refs/heads/") ? ref.substring("refs/heads/".length()) : ref;
    }

    /** Seed R76, R77: a second finish only retries the removal, and only while the path exists. */
    private Task.View retryCleanup(Task.View task, Path worktree, Path repo) {
        if (task.worktreeRemoved() || !Files.exists(worktree, LinkOption.NOFOLLOW_LINKS)) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "task " + task.taskId() + " is already finished ("
                    + task.disposition() + ") and its worktree is gone",
                    Map.of("field", "task_id", "disposition", task.disposition()));
        }
        return cleanup(task, worktree, repo);
    }

    private Task.View cleanup(Task.View task, Path worktree, Path repo) {
        try {
            if (task.workspaceOwned() && task.workspaceId() != null) {
                git.closeWorkspace(task.workspaceId());
            }
            git.removeWorktree(repo, worktree);
            store.update(task.taskId(), t -> {
                t.worktreeRemoved = true;
                t.finishError = null;
            });
        } catch (ProtocolException e) { // seed R75: stored, and a second finish retries
            return store.update(task.taskId(), t -> t.finishError = error(FinishError.Reason.CLEANUP_FAILED, e.getMessage(), List.of()));
        }
        return deleteBranchIfConfigured(store.view(task.taskId()), repo);
    }

    /**
     * ADR 0195: after its worktree is gone (git keeps a checked-out branch), the task's branch goes too
     * if configured — {@code -d} after a merge (safe: git refuses an unmerged branch), {@code -D} after a
     * discard (its commits are then reachable only until git gc). A failure is stored, nothing retried.
     */
    private Task.View deleteBranchIfConfigured(Task.View task, Path repo) {
        boolean merged = "merged".equals(task.disposition());
        if (merged ? keepBranchAfterMerge : keepBranchAfterDiscard) {
            return task;
        }
        try {
            git.deleteBranch(repo, task.branch(), !merged);
            return task;
        } catch (ProtocolException e) {
            return store.update(task.taskId(), t -> t.finishError = error(FinishError.Reason.BRANCH_DELETE_FAILED, e.getMessage(),
                    List.of()));
        }
    }

    /** Ends the worker; closing it from finish/cancel clears its attention (seed R40, R41). */
    private void closeWorker(String taskId, String cause) {
        String paneId = store.locked(() -> {
            Task t = store.require(taskId);
            t.closingWorker = true;
            return t.paneId;
        });
        if (paneId != null && panes.find(paneId).isPresent()) {
            signals.clearAttention(paneId, cause);
            panes.close(paneId);
            try {
                // the worker must have stopped writing before its worktree is committed or removed
                panes.awaitExit(paneId, WORKER_EXIT_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static FinishError error(FinishError.Reason reason, @Nullable String message, List<String> files) {
        return new FinishError(reason, message, files.isEmpty() ? null : List.copyOf(files), Instant.now().toString());
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 72 ? line.substring(0, 72) : line;
    }

    private static Path canonical(Path path) {
        try {
            return path.toRealPath();
        } catch (java.io.IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
