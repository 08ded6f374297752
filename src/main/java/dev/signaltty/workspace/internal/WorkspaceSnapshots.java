package dev.signaltty.workspace.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotLifecycle;
import dev.signaltty.journal.SnapshotStore;
import dev.signaltty.workspace.SplitDirection;

/**
 * Persists workspaces, tabs and layouts so they survive a restart with the same ids, handles, names
 * and layouts. Restores before the socket opens; then captures the state under the structure lock
 * every {@value SnapshotLifecycle#PERIOD_MS} ms and saves it only when it changed, and once more on a
 * clean stop.
 * The document records the seq it reflects; at start the journal's later events are applied to it
 * ({@link WorkspaceCatchUp}), so a crash loses nothing the journal has (ADR 0130).
 */
@Component
class WorkspaceSnapshots extends SnapshotLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkspaceSnapshots.class);
    static final String NAME = "workspaces";

    record LayoutDoc(@Nullable String paneId, @Nullable SplitDirection direction, @Nullable Double ratio,
                     @Nullable LayoutDoc first, @Nullable LayoutDoc second) {
    }

    record TabDoc(String tabId, String name, @Nullable LayoutDoc layout, @Nullable String focusedPaneId,
                  @Nullable String previousFocusedPaneId) {
    }

    record WorkspaceDoc(String workspaceId, String handle, String name, String cwd, List<TabDoc> tabs) {
    }

    /** {@code seq}: the journal position the document reflects (null in documents of older versions). */
    record Document(int version, @Nullable Long seq, List<WorkspaceDoc> workspaces) {
    }

    private final WorkspaceStore store;
    private final SnapshotStore snapshots;

    private final JournalTail journal;

    WorkspaceSnapshots(WorkspaceStore store, SnapshotStore snapshots, JournalTail journal) {
        // after the journal, before the socket (-100): stops after it closes, so the last save is final
        super(NAME, snapshots, journal, Integer.MAX_VALUE - 200);
        this.store = store;
        this.snapshots = snapshots;
        this.journal = journal;
        // no document: a state dir of an older version (this one saves at start, before the socket opens)
        restore(WorkspaceCatchUp.apply(snapshots.load(NAME, Document.class)
                .orElse(new Document(1, null, List.of())), journal));
    }

    private void restore(Document document) {
        store.lock().run(() -> {
            for (WorkspaceDoc w : document.workspaces()) {
                WorkspaceStore.Workspace workspace = new WorkspaceStore.Workspace(w.workspaceId(), w.handle(), w.name(),
                        Path.of(w.cwd()));
                for (TabDoc t : w.tabs()) {
                    WorkspaceStore.Tab tab = new WorkspaceStore.Tab(t.tabId(), workspace.id, t.name());
                    tab.layout = toLayout(t.layout());
                    tab.focusedPaneId = t.focusedPaneId();
                    tab.previousFocus = t.previousFocusedPaneId(); // null in an older version's snapshot
                    workspace.tabIds.add(tab.id);
                    store.restoreTab(tab);
                }
                store.restoreWorkspace(workspace);
            }
        });
        log.info("restored {} workspaces from the snapshot", document.workspaces().size());
    }

    @Override
    protected Document capture() {
        return store.lock().call(() -> {
            List<WorkspaceDoc> out = new ArrayList<>();
            for (WorkspaceStore.Workspace workspace : store.workspacesForSnapshot()) {
                List<TabDoc> tabs = new ArrayList<>();
                for (String tabId : workspace.tabIds) {
                    WorkspaceStore.Tab tab = store.findTab(tabId);
                    tabs.add(new TabDoc(tab.id, tab.name, toDoc(tab.layout), tab.focusedPaneId, tab.previousFocus));
                }
                out.add(new WorkspaceDoc(workspace.id, workspace.handle, workspace.name, workspace.cwd.toString(), tabs));
            }
            return new Document(1, journal.issuedThrough(), out);
        });
    }


    private static @Nullable LayoutDoc toDoc(@Nullable Layout layout) {
        return switch (layout) {
            case null -> null;
            case Layout.Leaf leaf -> new LayoutDoc(leaf.paneId(), null, null, null, null);
            case Layout.Split split -> new LayoutDoc(null, split.direction(), split.ratio(), toDoc(split.first()),
                    toDoc(split.second()));
        };
    }

    private static @Nullable Layout toLayout(@Nullable LayoutDoc doc) {
        if (doc == null) {
            return null;
        }
        if (doc.paneId() != null) {
            return new Layout.Leaf(doc.paneId());
        }
        return new Layout.Split(doc.direction(), doc.ratio(), toLayout(doc.first()), toLayout(doc.second()));
    }

    /** Nothing more: the constructor restored the workspaces already. */
    @Override
    protected void restoreAtStart() {
    }
}
