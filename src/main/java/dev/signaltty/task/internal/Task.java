package dev.signaltty.task.internal;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One task, mutable only under the {@link TaskStore} guard; {@link #view()} is what the wire, the
 * events and the snapshot see.
 */
final class Task {

    final String id;
    final @Nullable String contextId;
    final @Nullable String clientRequestId;
    final String objective;
    final String repo;
    final @Nullable String baseRef;
    final String baseCommit;
    final String branch;
    /** The branch checked out in the source repository at start; null for a detached HEAD (seed R45, R47). */
    final @Nullable String targetBranch;
    final String worktree;
    final @Nullable String agent;
    final List<String> argv;
    final Settings settings;
    final Instant createdAt;

    TaskState state = TaskState.PENDING;
    @Nullable String workspaceId;
    boolean workspaceOwned;
    @Nullable String paneId;
    @Nullable String tabId;
    Evidence evidence = Evidence.NONE;
    @Nullable Report report;
    @Nullable String disposition;
    @Nullable FinishError finishError;
    boolean worktreeRemoved;
    Instant updatedAt;
    /** Set before the task itself ends its worker, so that exit is not read as the worker failing. */
    boolean closingWorker;
    /**
     * The first submit's activity-gate baseline (a lifecycle seq) once it writes the prompt, -1 before; runtime only.
     * The worker's first working transition after it moves a pending task to working ({@link WorkerEvents}, seed R36).
     */
    long gateAfterSeq = -1;

    record Settings(double readyTimeoutS, int submitDelayMs, double stallTimeoutS) {
    }

    record Report(String status, String summary, String at) {
    }

    Task(String id, @Nullable String contextId, @Nullable String clientRequestId, String objective, String repo,
         @Nullable String baseRef, String baseCommit, String branch, @Nullable String targetBranch, String worktree,
         @Nullable String agent, List<String> argv, Settings settings, Instant createdAt) {
        this.id = id;
        this.contextId = contextId;
        this.clientRequestId = clientRequestId;
        this.objective = objective;
        this.repo = repo;
        this.baseRef = baseRef;
        this.baseCommit = baseCommit;
        this.branch = branch;
        this.targetBranch = targetBranch;
        this.worktree = worktree;
        this.agent = agent;
        this.argv = List.copyOf(argv);
        this.settings = settings;
        this.createdAt = createdAt;
        this.updatedAt = createdAt;
    }

    /** The wire, event and snapshot form; {@code task_id} is top-level so subscribe's task_ids filter selects it. */
    record View(String taskId, String state, @Nullable String contextId, @Nullable String clientRequestId,
                String objective, String repo, @Nullable String base, String baseCommit, String branch,
                @Nullable String targetBranch, String worktree, boolean worktreeRemoved, @Nullable String workspaceId,
                boolean workspaceOwned, @Nullable String tabId, @Nullable String paneId, @Nullable String agent,
                List<String> argv, Settings settings, Evidence evidence, @Nullable Report report,
                @Nullable String disposition, @Nullable FinishError finishError, String createdAt,
                String updatedAt) {
    }

    View view() {
        return new View(id, state.wire(), contextId, clientRequestId, objective, repo, baseRef, baseCommit, branch,
                targetBranch, worktree, worktreeRemoved, workspaceId, workspaceOwned, tabId, paneId, agent, argv,
                settings, evidence, report, disposition, finishError, createdAt.toString(),
                updatedAt.toString());
    }

    static Task from(View v) {
        Task task = new Task(v.taskId(), v.contextId(), v.clientRequestId(), v.objective(), v.repo(), v.base(),
                v.baseCommit(), v.branch(), v.targetBranch(), v.worktree(), v.agent(), v.argv(), v.settings(),
                Instant.parse(v.createdAt()));
        task.state = TaskState.parse(v.state());
        task.workspaceId = v.workspaceId();
        task.workspaceOwned = v.workspaceOwned();
        task.tabId = v.tabId();
        task.paneId = v.paneId();
        task.evidence = v.evidence() == null ? Evidence.NONE : v.evidence();
        task.report = v.report();
        task.disposition = v.disposition();
        task.finishError = v.finishError();
        task.worktreeRemoved = v.worktreeRemoved();
        task.updatedAt = Instant.parse(v.updatedAt());
        return task;
    }

    /** Not yet finished: counted by the start cap (seed R26). */
    boolean unfinished() {
        return disposition == null;
    }
}
