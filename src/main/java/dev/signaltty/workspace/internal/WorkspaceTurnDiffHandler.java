package dev.signaltty.workspace.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.internal.git.RepoPath;
import dev.signaltty.workspace.internal.git.TurnBaselines;

/**
 * workspace.turn_diff: what changed since the latest turn baseline (ADR-0029). Without {@code path} the
 * summary; with it one file in the file_diff shape. A failed capture is reported as its error (R289).
 */
@Component
class WorkspaceTurnDiffHandler implements MethodHandler<WorkspaceTurnDiffHandler.Params, WorkspaceTurnDiffHandler.Result> {

    record Params(String workspaceId, @Nullable String path) {
        Params {
            if (path != null) {
                RepoPath.parse(path);
            }
        }
    }

    /** The summary fields, or {@code path}+{@code content} for one file; always the turn's identity. */
    record Result(String workspaceId, String paneId, String startedAt, @Nullable String base,
                  @Nullable List<DiffSummary.ChangedFile> files, @Nullable Integer added, @Nullable Integer removed,
                  @Nullable Boolean truncated, @Nullable String path, @Nullable DiffContent content) {
    }

    private final WorkspaceStore store;
    private final TurnBaselines baselines;

    WorkspaceTurnDiffHandler(WorkspaceStore store, TurnBaselines baselines) {
        this.store = store;
        this.baselines = baselines;
    }

    @Override
    public String method() {
        return "workspace.turn_diff";
    }

    @Override
    public String summary() {
        return "Changes since the latest turn started {workspace_id, path?}: the summary, or one file like file_diff.";
    }

    @Override
    public Result handle(Params params, CallContext context) {
        String id = store.resolve(params.workspaceId()).id();
        TurnBaselines.Baseline b = baselines.current(id);
        if (params.path() != null) {
            DiffContent content = baselines.turnFileDiff(b, RepoPath.parse(params.path()));
            return new Result(id, b.paneId(), b.startedAt().toString(), b.tree(), null, null, null, null,
                    params.path(), content);
        }
        DiffSummary s = baselines.turnSummary(b);
        return new Result(id, b.paneId(), b.startedAt().toString(), s.base(), s.files(), s.added(), s.removed(),
                s.truncated(), null, null);
    }
}
