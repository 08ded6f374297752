package dev.signaltty.task.internal;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.pane.Panes;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.GitCheckouts;
import dev.signaltty.workspace.Ids;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.Workspaces;

/**
 * The synchronous part of {@code task.start} (seed R24, R25, R26, R27, R28, R29, R30, R43, R44, R45). Starts are serialized so the cap
 * and the client_request_id lookup see every earlier start; git work dominates their cost anyway.
 */
@Component
class TaskStarter {

    /** What task.start returns. */
    record Started(Task.View task, @Nullable Worker pane) {
    }

    record Worker(String paneId, String workspaceId, String tabId) {
    }

    private final ReentrantLock starting = new ReentrantLock();
    private final TaskStore store;
    private final GitCheckouts git;
    private final Workspaces workspaces;
    private final Panes panes;
    private final FirstSubmit firstSubmit;
    private final int cap;

    TaskStarter(TaskStore store, GitCheckouts git, Workspaces workspaces, Panes panes, FirstSubmit firstSubmit,
                @Value("${signaltty.task.max-unfinished:8}") int cap) {
        this.store = store;
        this.git = git;
        this.workspaces = workspaces;
        this.panes = panes;
        this.firstSubmit = firstSubmit;
        this.cap = cap;
    }

    Started start(TaskStartHandler.Params p) {
        starting.lock();
        try {
            if (p.clientRequestId() != null) {
                var existing = store.byClientRequest(p.clientRequestId());
                if (existing.isPresent()) {
                    return started(existing.get()); // seed R43
                }
            }
            long unfinished = store.unfinished();
            if (unfinished >= cap) { // seed R26: before anything is created
                throw new ProtocolException(ErrorCode.RATE_LIMITED, unfinished + " tasks are not finished (limit "
                        + cap + "); finish or discard one first", Map.of("limit", cap, "unfinished", unfinished));
            }
            GitCheckouts.Source source = git.source(Path.of(p.repo()));
            String baseCommit = git.resolveCommit(source.root(), p.base());
            String taskId = Ids.next("task");
            String branch = p.branch() != null ? p.branch() : "signaltty/" + taskId;
            Path worktree = git.createWorktree(source.root(), taskId, branch, baseCommit);
            // The checkout exists: from here on a failure is a persisted failed task (seed R28, R29, R30).
            Task task = new Task(taskId, p.contextId(), p.clientRequestId(), p.objective(), source.root().toString(),
                    p.base(), baseCommit, branch, source.branch(), worktree.toString(), p.agent(), p.command(),
                    new Task.Settings(p.readyTimeoutS(), p.submitDelayMs(), p.stallTimeoutS()), Instant.now());
            store.create(task);
            Panes.PaneInfo pane = launch(task, p, worktree);
            Task.View view = store.update(taskId, t -> {
                t.paneId = pane.paneId();
                t.tabId = pane.tabId();
            });
            firstSubmit.begin(taskId);
            return new Started(view, new Worker(pane.paneId(), pane.workspaceId(), pane.tabId()));
        } finally {
            starting.unlock();
        }
    }

    private Started started(Task.View task) {
        return new Started(task, task.paneId() == null ? null
                : new Worker(task.paneId(), task.workspaceId(), task.tabId()));
    }

    private Panes.PaneInfo launch(Task task, TaskStartHandler.Params p, Path worktree) {
        Evidence.Stage stage = Evidence.Stage.WORKSPACE;
        try {
            WorkspaceRef workspace;
            if (p.workspaceId() != null) {
                workspace = workspaces.resolve(p.workspaceId());
            } else {
                workspace = git.openWorkspace(worktree, "task " + task.id.substring(task.id.indexOf('_') + 1));
            }
            store.update(task.id, t -> {
                t.workspaceId = workspace.id();
                t.workspaceOwned = p.workspaceId() == null;
            });
            stage = Evidence.Stage.TAB;
            workspaces.checkTab(workspace.id(), p.tabId());
            stage = Evidence.Stage.PARENT;
            if (p.parentPaneId() != null) {
                Panes.PaneInfo parent = panes.find(p.parentPaneId()).orElseThrow(() -> new ProtocolException(
                        ErrorCode.NO_SUCH_PANE, "no pane " + p.parentPaneId(), Map.of("pane_id", p.parentPaneId())));
                if (!parent.workspaceId().equals(workspace.id())) {
                    throw ProtocolException.badParams("parent_pane_id", "pane " + p.parentPaneId()
                            + " belongs to another workspace");
                }
            }
            stage = Evidence.Stage.SPAWN;
            return panes.spawn(new Panes.SpawnRequest(workspace.id(), p.tabId(), task.argv, worktree, Map.of(),
                    p.parentPaneId(), TaskPaneLabel.of(task.objective), p.parentPaneId() == null ? null : "worker", task.id));
        } catch (ProtocolException e) {
            throw failed(task.id, stage, e);
        } catch (RuntimeException e) {
            throw failed(task.id, stage, new ProtocolException(ErrorCode.INTERNAL, e.toString(), Map.of(), e));
        }
    }

    /** Records the failure on the task and returns the error to answer with, carrying {task_id, stage}. */
    private ProtocolException failed(String taskId, Evidence.Stage stage, ProtocolException cause) {
        Evidence evidence = Evidence.startFailed(stage, cause.code().name(), cause.getMessage());
        store.update(taskId, t -> {
            t.state = TaskState.FAILED;
            t.evidence = evidence;
        });
        Map<String, Object> details = new LinkedHashMap<>(cause.details());
        details.put("task_id", taskId);
        details.put("stage", stage.wire());
        // the failed task is kept with its checkout (seed R29): say so, or the worktree is a surprise found later
        return new ProtocolException(cause.code(), stage.wire() + " failed: " + cause.getMessage() + " (task " + taskId
                + " is failed; its worktree stays for inspection until task finish " + taskId + " --discard)", details, cause);
    }
}
