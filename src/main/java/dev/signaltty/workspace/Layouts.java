package dev.signaltty.workspace;

import org.jspecify.annotations.Nullable;

/**
 * Rearranging live panes between layouts, for {@code pane.swap}, {@code pane.move} and {@code pane.break}.
 * Call these under {@link StructureLock} together with the pane's own bookkeeping (its tab), so no reader sees a pane
 * in one tab's layout while it claims another. Neither touches a process.
 */
public interface Layouts {

    /**
     * Exchanges the leaves of two panes, keeping every tree's shape and ratios; each tab's focus stays on
     * its slot. BAD_PARAMS if a pane is not in its tab's layout. Each tab whose layout changed emits
     * tab.updated.
     */
    void swap(String tabA, String paneA, String tabB, String paneB);

    /**
     * Removes {@code paneId} from its tab's layout (its parent collapses; a tab left with no panes stays,
     * empty) and splits {@code targetPaneId} on {@code side} with it, evening out the run; the
     * moved pane gets the target tab's focus. BAD_PARAMS if either pane is not in its tab's layout.
     * Each tab whose layout or focus changed emits tab.updated.
     */
    void move(String tabId, String paneId, String targetTabId, String targetPaneId, SplitSide side);

    /**
     * tmux's break-pane: removes {@code paneId} from its tab's layout (its parent collapses) and makes it the only
     * pane, and the focus, of a new tab of the same workspace named {@code name} (tab.create's default name when
     * null). BAD_PARAMS if the pane is not in its tab's layout or is the tab's only pane. Emits tab.created for the
     * new tab and tab.updated for both. Returns the new tab.
     */
    TabRef breakOut(String tabId, String paneId, @Nullable String name);

    /**
     * After restoring from snapshots saved at different moments: makes every tab's layout hold exactly
     * the panes that claim it ({@code panesByTab}; a tab absent from the map has none). Leaves of other
     * panes are removed (parents collapse); a missing pane is split in beside the tab's last pane. A
     * repaired tab emits tab.updated.
     */
    void reconcile(java.util.Map<String, java.util.List<String>> panesByTab);
}
