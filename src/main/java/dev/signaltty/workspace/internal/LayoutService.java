package dev.signaltty.workspace.internal;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Layouts;
import dev.signaltty.workspace.PaneNames;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.TabRef;
import dev.signaltty.workspace.SplitSide;

/**
 * Layout edits: whole-tree replacement, one divider, the focused pane, and the swap/move/break rearrangements. Each
 * runs under the {@link StructureLock}, validates everything before changing anything, and emits tab.updated only
 * for a tab whose layout or focus actually changed.
 */
@Component
class LayoutService implements Layouts {

    private static final Logger log = LoggerFactory.getLogger(LayoutService.class);

    private final WorkspaceStore store;
    private final StructureLock lock;
    private final PaneNames names;

    LayoutService(WorkspaceStore store, StructureLock lock, PaneNames names) {
        this.store = store;
        this.lock = lock;
        this.names = names;
    }

    /** tab.set_layout: the tree must hold every pane of the tab exactly once; it only arranges them. */
    WorkspaceStore.TabView setLayout(String tabId, @Nullable LayoutTree tree) {
        return lock.call(() -> {
            WorkspaceStore.Tab tab = store.findTab(tabId);
            List<String> owned = tab.layout == null ? List.of() : tab.layout.panes();
            if (tree == null) {
                if (!owned.isEmpty()) {
                    throw ProtocolException.badParams("layout", "is required: the tab has " + owned.size() + " panes");
                }
                return store.view(tab); // an empty tab keeps its empty layout: nothing changes
            }
            Layout layout = LayoutResolver.resolve(tree, names::paneId, owned);
            store.updateLayout(tab, layout, tab.focusedPaneId);
            return store.view(tab);
        });
    }

    /** tab.set_ratio: one divider, addressed by its path, so a concurrent tree change is never overwritten. */
    WorkspaceStore.TabView setRatio(String tabId, List<Integer> path, double ratio) {
        return lock.call(() -> {
            WorkspaceStore.Tab tab = store.findTab(tabId);
            Layout node = tab.layout == null ? null : Layout.at(tab.layout, path);
            if (!(node instanceof Layout.Split split)) {
                throw ProtocolException.badParams("path", "does not lead to a split in tab " + tab.id
                        + (tab.layout instanceof Layout.Leaf ? " (it has one pane: no divider to move)"
                                : node == null ? "" : " (it ends at a pane)"));
            }
            double clamped = Layout.clampRatio(ratio);
            Layout layout = Layout.replaceAt(tab.layout, path,
                    n -> new Layout.Split(split.direction(), clamped, split.first(), split.second()));
            store.updateLayout(tab, layout, tab.focusedPaneId);
            return store.view(tab);
        });
    }

    /**
     * tab.focus: the pane every client's view of the tab focuses (tmux's active pane, shared by its
     * clients). Checks in order: the tab (NO_SUCH_TAB), the pane by id or name (NO_SUCH_PANE), that the
     * pane is in the tab's layout (BAD_PARAMS naming pane_id). Focusing the focused pane emits nothing.
     */
    WorkspaceStore.TabView focus(String tabId, String paneIdOrName) {
        return lock.call(() -> {
            WorkspaceStore.Tab tab = store.findTab(tabId);
            String paneId = names.paneId(paneIdOrName);
            if (paneId == null) {
                throw new ProtocolException(ErrorCode.NO_SUCH_PANE, "no pane " + paneIdOrName,
                        Map.of("pane_id", paneIdOrName));
            }
            if (tab.layout == null || !tab.layout.panes().contains(paneId)) {
                throw ProtocolException.badParams("pane_id", "pane " + paneIdOrName + " is not in tab " + tab.id);
            }
            store.updateLayout(tab, tab.layout, paneId);
            return store.view(tab);
        });
    }

    @Override
    public void swap(String tabA, String paneA, String tabB, String paneB) {
        lock.run(() -> {
            WorkspaceStore.Tab a = placed(tabA, paneA, "pane_id");
            WorkspaceStore.Tab b = placed(tabB, paneB, "target_pane_id");
            if (a == b) {
                store.updateLayout(a, Layout.exchange(a.layout, paneA, paneB), slot(a.focusedPaneId, paneA, paneB));
                return;
            }
            Layout layoutA = Layout.exchange(a.layout, paneA, paneB);
            Layout layoutB = Layout.exchange(b.layout, paneB, paneA);
            store.updateLayout(a, layoutA, slot(a.focusedPaneId, paneA, paneB));
            store.updateLayout(b, layoutB, slot(b.focusedPaneId, paneB, paneA));
        });
    }

    /** Focus follows the slot, not the pane: whoever now sits where the focused pane sat is focused. */
    private static @Nullable String slot(@Nullable String focus, String from, String to) {
        return Objects.equals(focus, from) ? to : Objects.equals(focus, to) ? from : focus;
    }

    @Override
    public void move(String tabId, String paneId, String targetTabId, String targetPaneId, SplitSide side) {
        lock.run(() -> {
            WorkspaceStore.Tab from = placed(tabId, paneId, "pane_id");
            WorkspaceStore.Tab to = placed(targetTabId, targetPaneId, "target_pane_id");
            Layout rest = Layout.remove(from.layout, paneId);
            if (from == to) {
                // the target is another pane of the same tree, so something remains to split
                store.updateLayout(from, Layout.splitAt(Objects.requireNonNull(rest), targetPaneId, paneId,
                        side, null), paneId);
                return;
            }
            WorkspaceStore.refuseIfFull(to);
            store.updateLayout(from, rest, WorkspaceStore.focusWithout(from, paneId, rest));
            store.updateLayout(to, Layout.splitAt(to.layout, targetPaneId, paneId, side, null), paneId);
        });
    }

    @Override
    public TabRef breakOut(String tabId, String paneId, @Nullable String name) {
        return lock.call(() -> {
            WorkspaceStore.Tab from = placed(tabId, paneId, "pane_id");
            Layout rest = Layout.remove(from.layout, paneId);
            if (rest == null) {
                throw ProtocolException.badParams("pane_id", "pane " + paneId + " is the only pane of tab " + tabId
                        + ": nothing to break out of (tab.create makes an empty tab)");
            }
            // everything is checked: from here nothing can fail half way (the lock is held, the tab is new)
            WorkspaceStore.Tab to = store.findTab(store.createTab(from.workspaceId, name).tabId());
            store.updateLayout(from, rest, WorkspaceStore.focusWithout(from, paneId, rest));
            store.updateLayout(to, new Layout.Leaf(paneId), paneId);
            return new TabRef(to.id, to.workspaceId, to.name);
        });
    }

    @Override
    public void reconcile(Map<String, List<String>> panesByTab) {
        lock.run(() -> {
            for (WorkspaceStore.Workspace workspace : store.workspacesForSnapshot()) {
                for (String tabId : List.copyOf(workspace.tabIds)) {
                    reconcile(store.findTab(tabId), panesByTab.getOrDefault(tabId, List.of()));
                }
            }
        });
    }

    private void reconcile(WorkspaceStore.Tab tab, List<String> panes) {
        Layout layout = tab.layout;
        if (layout != null) {
            for (String leaf : layout.panes()) {
                if (!panes.contains(leaf) && layout != null) {
                    layout = Layout.remove(layout, leaf);
                }
            }
        }
        for (String pane : panes) {
            if (layout == null) {
                layout = new Layout.Leaf(pane);
            } else if (Layout.pathTo(layout, pane) == null) {
                layout = Layout.splitAt(layout, layout.panes().getLast(), pane, SplitSide.RIGHT, null);
            }
        }
        String focus = layout != null && tab.focusedPaneId != null && layout.panes().contains(tab.focusedPaneId)
                ? tab.focusedPaneId : layout == null ? null : layout.panes().getFirst();
        if (!Objects.equals(layout, tab.layout) || !Objects.equals(focus, tab.focusedPaneId)) {
            log.warn("tab {}: layout repaired to hold exactly its restored panes {}", tab.id, panes);
            store.updateLayout(tab, layout, focus);
        }
    }

    /** The tab, which must hold {@code paneId} in its layout (else BAD_PARAMS naming {@code field}). */
    private WorkspaceStore.Tab placed(String tabId, String paneId, String field) {
        WorkspaceStore.Tab tab = store.findTab(tabId);
        if (tab.layout == null || Layout.pathTo(tab.layout, paneId) == null) {
            throw ProtocolException.badParams(field, "pane " + paneId + " is not in its tab's layout");
        }
        return tab;
    }
}
