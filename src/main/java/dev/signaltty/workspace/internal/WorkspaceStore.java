package dev.signaltty.workspace.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Ids;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.TabClosing;
import dev.signaltty.workspace.TabRef;
import dev.signaltty.workspace.WorkspaceClosing;
import dev.signaltty.workspace.WorkspaceRef;
import dev.signaltty.workspace.Workspaces;
import dev.signaltty.workspace.SplitSide;

/** Workspaces, tabs and layouts. Every mutation runs under {@link StructureLock} and appends its event there. */
@Component
class WorkspaceStore implements Workspaces {

    /**
     * The most panes one tab holds. A tab's layout is a binary tree as deep as its panes, and the
     * journal's JSON refuses nesting past 500 levels; an unbounded tab (about 250 panes) made the
     * journal write fail and stopped the daemon. 128 keeps every layout far inside that.
     */
    static final int MAX_PANES_PER_TAB = 128;

    static final class Workspace {
        final String id;
        final String handle;
        String name;
        final Path cwd;
        final List<String> tabIds = new ArrayList<>();

        Workspace(String id, String handle, String name, Path cwd) {
            this.id = id;
            this.handle = handle;
            this.name = name;
            this.cwd = cwd;
        }
    }

    static final class Tab {
        final String id;
        final String workspaceId;
        String name;
        @Nullable Layout layout;
        @Nullable String focusedPaneId;
        /**
         * The pane focused before {@link #focusedPaneId}, which takes the focus back when the focused pane
         * leaves (tmux's last pane, {@link FocusSuccessor}), and where a view's prefix then {@code ;} goes
         * (ADR 1145). Kept across a restart by the snapshot and the journal's tab events.
         */
        @Nullable String previousFocus;

        Tab(String id, String workspaceId, String name) {
            this.id = id;
            this.workspaceId = workspaceId;
            this.name = name;
        }
    }

    private final Map<String, Workspace> workspaces = new LinkedHashMap<>();
    private final Map<String, Tab> tabs = new LinkedHashMap<>();
    private final StructureLock lock;
    private final EventLog events;
    private final ApplicationEventPublisher publisher;

    WorkspaceStore(StructureLock lock, EventLog events, ApplicationEventPublisher publisher) {
        this.lock = lock;
        this.events = events;
        this.publisher = publisher;
    }

    StructureLock lock() {
        return lock;
    }

    // ---- workspaces

    WorkspaceView create(String name, Path cwd) {
        return lock.call(() -> {
            List<String> taken = workspaces.values().stream().map(w -> w.handle).toList();
            Workspace workspace = new Workspace(Ids.next("ws"), Handles.unique(name, taken), name, cwd);
            workspaces.put(workspace.id, workspace);
            WorkspaceView view = view(workspace);
            events.append(new WorkspaceEvents.WorkspaceCreated(view));
            return view;
        });
    }

    Workspace find(String idOrHandle) {
        Workspace found = findOrNull(idOrHandle);
        if (found == null) {
            throw new ProtocolException(ErrorCode.NO_SUCH_WORKSPACE, "no workspace " + idOrHandle,
                    Map.of("workspace_id", idOrHandle));
        }
        return found;
    }

    private @Nullable Workspace findOrNull(String idOrHandle) {
        Workspace byId = workspaces.get(idOrHandle);
        if (byId != null) {
            return byId;
        }
        for (Workspace workspace : workspaces.values()) {
            if (workspace.handle.equals(idOrHandle)) {
                return workspace;
            }
        }
        return null;
    }

    List<WorkspaceView> list() {
        return lock.call(() -> workspaces.values().stream().map(this::view).toList());
    }

    WorkspaceView get(String idOrHandle) {
        return lock.call(() -> view(find(idOrHandle)));
    }

    WorkspaceView rename(String idOrHandle, String name) {
        return lock.call(() -> {
            Workspace workspace = find(idOrHandle);
            if (!workspace.name.equals(name)) {
                workspace.name = name;
                events.append(new WorkspaceEvents.WorkspaceUpdated(view(workspace)));
            }
            return view(workspace);
        });
    }

    WorkspaceView close(String idOrHandle) {
        return lock.call(() -> {
            Workspace workspace = find(idOrHandle);
            WorkspaceView view = view(workspace);
            publisher.publishEvent(new WorkspaceClosing(workspace.id));
            for (String tabId : List.copyOf(workspace.tabIds)) {
                closeTabLocked(tabs.get(tabId));
            }
            workspaces.remove(workspace.id);
            events.append(new WorkspaceEvents.WorkspaceClosed(workspace.id, workspace.handle));
            return view;
        });
    }

    // ---- tabs

    TabView createTab(String workspaceIdOrHandle, @Nullable String name) {
        return lock.call(() -> view(newTabLocked(find(workspaceIdOrHandle), name)));
    }

    private Tab newTabLocked(Workspace workspace, @Nullable String name) {
        Tab tab = new Tab(Ids.next("tab"), workspace.id, name == null ? "tab " + (workspace.tabIds.size() + 1) : name);
        tabs.put(tab.id, tab);
        workspace.tabIds.add(tab.id);
        events.append(new WorkspaceEvents.TabCreated(view(tab)));
        return tab;
    }

    /** A tab by id, else by name ({@link TabNames}); NO_SUCH_TAB otherwise. */
    Tab findTab(String tabRef) {
        return TabNames.find(tabRef, tabs, null, this::findOrNull);
    }

    /** As {@link #findTab(String)}, a bare name looked for among {@code workspace}'s tabs first. */
    private Tab findTab(String tabRef, Workspace workspace) {
        return TabNames.find(tabRef, tabs, workspace, this::findOrNull);
    }

    List<TabView> listTabs(@Nullable String workspaceIdOrHandle) {
        return lock.call(() -> {
            if (workspaceIdOrHandle == null) {
                return tabs.values().stream().map(this::view).toList();
            }
            return find(workspaceIdOrHandle).tabIds.stream().map(id -> view(tabs.get(id))).toList();
        });
    }

    TabView getTab(String tabId) {
        return lock.call(() -> view(findTab(tabId)));
    }

    TabView renameTab(String tabId, String name) {
        return lock.call(() -> {
            Tab tab = findTab(tabId);
            if (!tab.name.equals(name)) {
                tab.name = name;
                events.append(new WorkspaceEvents.TabUpdated(view(tab)));
            }
            return view(tab);
        });
    }

    TabView closeTab(String tabId) {
        return lock.call(() -> {
            Tab tab = findTab(tabId);
            TabView view = view(tab);
            closeTabLocked(tab);
            return view;
        });
    }

    private void closeTabLocked(Tab tab) {
        publisher.publishEvent(new TabClosing(tab.id));
        tabs.remove(tab.id);
        Workspace workspace = workspaces.get(tab.workspaceId);
        if (workspace != null) {
            workspace.tabIds.remove(tab.id);
        }
        events.append(new WorkspaceEvents.TabClosed(tab.id, tab.workspaceId));
    }

    /** Replaces a tab's layout and announces it, unless nothing changed. */
    void updateLayout(Tab tab, @Nullable Layout layout, @Nullable String focus) {
        if (Objects.equals(tab.layout, layout) && Objects.equals(tab.focusedPaneId, focus)) {
            return;
        }
        tab.layout = layout;
        if (!Objects.equals(tab.focusedPaneId, focus) && tab.focusedPaneId != null) {
            tab.previousFocus = tab.focusedPaneId;
        }
        tab.focusedPaneId = focus;
        events.append(new WorkspaceEvents.TabUpdated(view(tab)));
    }

    /** The tab's focus once {@code paneId} has left its layout, which is now {@code rest} ({@link FocusSuccessor}). */
    static @Nullable String focusWithout(Tab tab, String paneId, @Nullable Layout rest) {
        if (!paneId.equals(tab.focusedPaneId) || tab.layout == null) {
            return tab.focusedPaneId;
        }
        return FocusSuccessor.of(tab.layout, paneId, rest, tab.previousFocus);
    }

    // ---- Workspaces API for the pane module

    @Override
    public WorkspaceRef resolve(String idOrHandle) {
        return lock.call(() -> ref(find(idOrHandle)));
    }

    @Override
    public TabRef tab(String tabRef) {
        return lock.call(() -> {
            Tab tab = findTab(tabRef);
            return new TabRef(tab.id, tab.workspaceId, tab.name);
        });
    }

    @Override
    public TabRef tab(String workspaceId, String tabRef) {
        return lock.call(() -> {
            Tab tab = findTab(tabRef, find(workspaceId));
            return new TabRef(tab.id, tab.workspaceId, tab.name);
        });
    }

    @Override
    public void checkTab(String workspaceId, @Nullable String tabId) {
        lock.run(() -> {
            Workspace workspace = find(workspaceId);
            if (tabId != null) {
                Tab tab = findTab(tabId, workspace);
                if (!tab.workspaceId.equals(workspace.id)) {
                    throw ProtocolException.badParams("tab_id", "tab " + tab.id + " belongs to another workspace");
                }
                refuseIfFull(tab);
            } else if (!workspace.tabIds.isEmpty()) {
                refuseIfFull(tabs.get(workspace.tabIds.getFirst()));
            }
        });
    }

    /** BAD_PARAMS naming tab_id when one more pane would pass {@link #MAX_PANES_PER_TAB}. */
    static void refuseIfFull(Tab tab) {
        if (tab.layout != null && tab.layout.panes().size() >= MAX_PANES_PER_TAB) {
            throw ProtocolException.badParams("tab_id", "tab " + tab.id + " already holds " + MAX_PANES_PER_TAB
                    + " panes, the most one tab holds: open another tab");
        }
    }

    @Override
    public TabRef placePane(String workspaceId, @Nullable String tabId, String paneId, @Nullable String besidePaneId,
                            @Nullable SplitSide side, @Nullable Double ratio) {
        return lock.call(() -> {
            checkTab(workspaceId, tabId);
            Workspace workspace = find(workspaceId);
            Tab tab = tabId != null ? findTab(tabId, workspace)
                    : workspace.tabIds.isEmpty() ? newTabLocked(workspace, null) : tabs.get(workspace.tabIds.getFirst());
            Layout layout;
            if (tab.layout == null) {
                layout = new Layout.Leaf(paneId);
            } else {
                String target = besidePaneId != null && tab.layout.panes().contains(besidePaneId) ? besidePaneId
                        : tab.focusedPaneId != null ? tab.focusedPaneId : tab.layout.panes().getLast();
                layout = Layout.splitAt(tab.layout, target, paneId, side == null ? SplitSide.RIGHT : side, ratio);
            }
            updateLayout(tab, layout, paneId);
            return new TabRef(tab.id, tab.workspaceId, tab.name);
        });
    }

    @Override
    public void removePane(String tabId, String paneId) {
        lock.run(() -> {
            Tab tab = tabs.get(tabId);
            if (tab == null || tab.layout == null) {
                return;
            }
            Layout layout = Layout.remove(tab.layout, paneId);
            updateLayout(tab, layout, focusWithout(tab, paneId, layout));
        });
    }

    @Override
    public List<String> panesOf(String tabId) {
        return lock.call(() -> {
            Tab tab = findTab(tabId);
            return tab.layout == null ? List.of() : tab.layout.panes();
        });
    }

    // ---- snapshot support (WorkspaceSnapshots), called under the structure lock

    void restoreWorkspace(Workspace workspace) {
        workspaces.put(workspace.id, workspace);
    }

    void restoreTab(Tab tab) {
        tabs.put(tab.id, tab);
    }

    List<Workspace> workspacesForSnapshot() {
        return List.copyOf(workspaces.values());
    }

    // ---- views

    private static WorkspaceRef ref(Workspace workspace) {
        return new WorkspaceRef(workspace.id, workspace.handle, workspace.name, workspace.cwd);
    }

    WorkspaceView view(Workspace workspace) {
        return new WorkspaceView(workspace.id, workspace.handle, workspace.name, workspace.cwd.toString(),
                List.copyOf(workspace.tabIds));
    }

    TabView view(Tab tab) {
        List<String> panes = tab.layout == null ? List.of() : tab.layout.panes();
        // a previous focus that has left the tab is no pane to go back to
        String previous = tab.previousFocus != null && panes.contains(tab.previousFocus)
                && !tab.previousFocus.equals(tab.focusedPaneId) ? tab.previousFocus : null;
        return new TabView(tab.id, tab.workspaceId, tab.name, tab.layout, tab.focusedPaneId, previous, panes);
    }

    record WorkspaceView(String workspaceId, String handle, String name, String cwd, List<String> tabIds) {
    }

    /**
     * A tab as tab.get and tab.updated carry it. {@code previousFocusedPaneId} is the pane focused before
     * the focused one, while it is still in the tab: tmux's last pane, the window's and so every view's
     * (a view's prefix then {@code ;} goes there, ADR 1145).
     */
    record TabView(String tabId, String workspaceId, String name, @Nullable Layout layout,
                   @Nullable String focusedPaneId, @Nullable String previousFocusedPaneId, List<String> paneIds) {
    }
}
