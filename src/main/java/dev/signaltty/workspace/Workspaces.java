package dev.signaltty.workspace;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Workspaces and tabs as the pane module sees them. Mutating calls must be made under
 * {@link StructureLock}.
 */
public interface Workspaces {

    /** An id or a handle (ids match first); NO_SUCH_WORKSPACE otherwise. */
    WorkspaceRef resolve(String idOrHandle);

    /** A tab by id or name (ADR 1120); NO_SUCH_TAB for an unknown one. */
    TabRef tab(String tabRef);

    /** As {@link #tab(String)}, a bare name looked for among the tabs of {@code workspaceId} (id or handle) first. */
    TabRef tab(String workspaceId, String tabRef);

    /**
     * Places a freshly launched pane: into {@code tabId} (which must belong to the workspace, else
     * BAD_PARAMS — checked by {@link #checkTab}), or the workspace's first tab, or a new automatic tab.
     * With {@code besidePaneId} the pane splits that pane on {@code side}. Emits tab events.
     *
     * @return the tab the pane landed in
     */
    TabRef placePane(String workspaceId, @Nullable String tabId, String paneId, @Nullable String besidePaneId,
                     @Nullable SplitSide side, @Nullable Double ratio);

    /** Validates an explicit tab for a spawn without changing anything. */
    void checkTab(String workspaceId, @Nullable String tabId);

    /** Removes a pane from its tab's layout, collapsing its parent split. Emits tab.updated. */
    void removePane(String tabId, String paneId);

    /** Pane ids of a tab in layout order. */
    List<String> panesOf(String tabId);
}
