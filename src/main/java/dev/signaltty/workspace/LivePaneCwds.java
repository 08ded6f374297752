package dev.signaltty.workspace;

import java.nio.file.Path;
import java.util.List;

/**
 * Implemented by the pane module so {@code worktree.remove} can answer PANES_ALIVE without the
 * workspace module depending on panes.
 */
public interface LivePaneCwds {

    /**
     * Ids of live panes whose canonical cwd (the process's current directory, symlinks resolved) is
     * {@code canonicalDir} or lies inside it, compared on whole path components.
     */
    List<String> livePanesInside(Path canonicalDir);
}
