package dev.signaltty.workspace;

import org.jspecify.annotations.Nullable;

/**
 * Implemented by the pane module so a {@code tab.set_layout} leaf can name a pane by its name without
 * the workspace module depending on panes.
 */
public interface PaneNames {

    /** The live pane whose id is {@code idOrName}, else the one named so (a real id always wins), else null. */
    @Nullable String paneId(String idOrName);
}
