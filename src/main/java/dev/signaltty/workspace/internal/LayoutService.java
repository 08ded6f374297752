package dev.signaltty.workspace.internal;

import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.Layouts;
import dev.signaltty.workspace.PaneNames;
import dev.signaltty.workspace.StructureLock;
import tools.jackson.databind.JsonNode;

/**
 * Layout edits: whole-tree replacement, one divider, and the swap/move rearrangements. Each runs under
 * the {@link StructureLock}, validates everything before changing anything, and emits tab.updated only
 * for a tab whose layout or focus actually changed.
 */
@Component
class LayoutService implements Layouts {

    private final WorkspaceStore store;
    private final StructureLock lock;
    private final PaneNames names;

    LayoutService(WorkspaceStore store, StructureLock lock, PaneNames names) {
        this.store = store;
        this.lock = lock;
        this.names = names;
    }

    /** tab.set_layout: the tree must hold every pane of the tab exactly once; it only arranges them. */
    WorkspaceStore.TabView setLayout(String tabId, @Nullable JsonNode tree) {
        return lock.call(() -> {
            WorkspaceStore.Tab tab = store.findTab(tabId);
            List<String> owned = tab.layout == null ? List.of() : tab.layout.panes();
            if (tree == null) {
                if (!owned.isEmpty()) {
                    throw ProtocolException.badParams("layout", "is required: the tab has " + owned.size() + " panes");
                }
                return store.view(tab); // an empty tab keeps its empty layout: nothing changes
            }
            Layout layout = LayoutParser.parse(tree, names::paneId, owned);
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
                throw ProtocolException.badParams("path", "does not lead to a split in tab " + tabId
                        + (node == null ? "" : " (it ends at a pane)"));
            }
            double clamped = Layout.clampRatio(ratio);
            Layout layout = Layout.replaceAt(tab.layout, path,
                    n -> new Layout.Split(split.direction(), clamped, split.first(), split.second()));
            store.updateLayout(tab, layout, tab.focusedPaneId);
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
    public void move(String tabId, String paneId, String targetTabId, String targetPaneId, String direction) {
        lock.run(() -> {
            WorkspaceStore.Tab from = placed(tabId, paneId, "pane_id");
            WorkspaceStore.Tab to = placed(targetTabId, targetPaneId, "target_pane_id");
            Layout rest = Layout.remove(from.layout, paneId);
            if (from == to) {
                // the target is another pane of the same tree, so something remains to split
                store.updateLayout(from, Layout.splitAt(Objects.requireNonNull(rest), targetPaneId, paneId,
                        direction, null), paneId);
                return;
            }
            String focus = from.focusedPaneId;
            if (paneId.equals(focus)) {
                focus = rest == null ? null : rest.panes().getFirst();
            }
            store.updateLayout(from, rest, focus);
            store.updateLayout(to, Layout.splitAt(to.layout, targetPaneId, paneId, direction, null), paneId);
        });
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
