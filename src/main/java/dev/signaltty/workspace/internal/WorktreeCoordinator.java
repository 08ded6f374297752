package dev.signaltty.workspace.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.LivePaneCwds;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.internal.git.CheckoutReservations;
import dev.signaltty.workspace.internal.git.WorktreeInfo;
import dev.signaltty.workspace.internal.git.Worktrees;

/**
 * Ties git worktrees to workspaces: which workspaces sit on a worktree, opening one, and the removal
 * guard (an open workspace is BAD_PARAMS, a live pane inside is PANES_ALIVE). Emits
 * {@code worktree.changed {operation, path, workspace_id}} with the source workspace's id (R290, R291, R292, R293).
 */
@Component
class WorktreeCoordinator {

    private final WorkspaceStore store;
    private final Worktrees worktrees;
    private final CheckoutReservations reservations;
    private final ObjectProvider<LivePaneCwds> livePanes;
    private final EventLog events;

    WorktreeCoordinator(WorkspaceStore store, Worktrees worktrees, CheckoutReservations reservations,
                        ObjectProvider<LivePaneCwds> livePanes, EventLog events) {
        this.store = store;
        this.worktrees = worktrees;
        this.reservations = reservations;
        this.livePanes = livePanes;
        this.events = events;
    }

    record WorktreeView(String path, @Nullable String head, @Nullable String branch, boolean main, boolean detached,
                        boolean bare, boolean locked, @Nullable String lockedReason, boolean prunable,
                        @Nullable String prunableReason, List<String> workspaceIds) {
    }

    WorkspaceRef source(String workspaceIdOrHandle) {
        return store.resolve(workspaceIdOrHandle);
    }

    WorktreeView view(WorktreeInfo w) {
        return new WorktreeView(w.path(), w.head(), w.branch(), w.main(), w.detached(), w.bare(), w.locked(),
                w.lockedReason(), w.prunable(), w.prunableReason(), workspacesAt(Path.of(w.path())));
    }

    /** Workspaces whose cwd is exactly this checkout. */
    List<String> workspacesAt(Path checkout) {
        Path canonical = CheckoutReservations.canonical(checkout);
        return store.list().stream()
                .filter(w -> CheckoutReservations.canonical(Path.of(w.cwd())).equals(canonical))
                .map(WorkspaceStore.WorkspaceView::workspaceId).toList();
    }

    /** Workspaces whose cwd is the checkout or inside it. */
    List<String> workspacesInside(Path canonical) {
        return store.list().stream()
                .filter(w -> CheckoutReservations.canonical(Path.of(w.cwd())).startsWith(canonical))
                .map(WorkspaceStore.WorkspaceView::workspaceId).toList();
    }

    void changed(String operation, String path, String sourceWorkspaceId) {
        store.lock().run(() -> events.append(new WorkspaceEvents.WorktreeChanged(operation, path, sourceWorkspaceId)));
    }

    record Opened(WorkspaceStore.WorkspaceView workspace, boolean created) {
    }

    /**
     * The workspace associated with a worktree: the existing one (no event, R293), or a new one
     * (refused while the checkout is being removed), announced as {@code open} unless it is part of a creation.
     */
    Opened open(String sourceWorkspaceId, WorktreeInfo worktree, @Nullable String name, boolean announce) {
        Path path = Path.of(worktree.path());
        return store.lock().call(() -> {
            reservations.refuseIfRemoving(path, "path");
            List<String> existing = workspacesAt(path);
            if (!existing.isEmpty()) {
                return new Opened(store.get(existing.getFirst()), false);
            }
            String wsName = name != null ? name : path.getFileName().toString();
            WorkspaceStore.WorkspaceView view = store.create(wsName, CheckoutReservations.canonical(path));
            if (announce) {
                events.append(new WorkspaceEvents.WorktreeChanged("open", worktree.path(), sourceWorkspaceId));
            }
            return new Opened(view, true);
        });
    }

    /** Removes a worktree after the guards; emits {@code remove}. The branch stays. */
    WorktreeInfo remove(String sourceWorkspaceId, Path source, Path path) {
        // The checks run under the structure lock: launches check the reservation under it too.
        WorktreeInfo removed = worktrees.remove(source, path, checkout -> store.lock().run(() -> {
            List<String> open = workspacesInside(checkout);
            if (!open.isEmpty()) {
                throw new ProtocolException(ErrorCode.BAD_PARAMS, checkout + " is open in workspace "
                        + String.join(", ", open) + "; close it first",
                        Map.of("field", "path", "reason", "open", "workspace_ids", open));
            }
            LivePaneCwds panes = livePanes.getIfAvailable();
            List<String> alive = panes == null ? List.of() : panes.livePanesInside(checkout);
            if (!alive.isEmpty()) {
                throw new ProtocolException(ErrorCode.PANES_ALIVE, "live panes are inside " + checkout,
                        Map.of("pane_ids", alive));
            }
        }));
        changed("remove", removed.path(), sourceWorkspaceId);
        return removed;
    }
}
