package dev.signaltty.pane.internal;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import dev.signaltty.workspace.SplitSide;

/**
 * A launch. Most fields are optional, so it is built by name: {@code SpawnSpec.in(workspace, tab)
 * .command(argv, cwd, env).size(cols, rows)...build()}. {@code taskId} tags a task worker: the pane
 * carries it on every view and event, and its process gets {@code SIGNALTTY_TASK}.
 */
record SpawnSpec(String workspaceId, @Nullable String tabId, @Nullable List<String> argv, @Nullable String cwd,
                 @Nullable Map<String, String> env, int cols, int rows, @Nullable String label,
                 @Nullable String parentPaneId, @Nullable String relationship,
                 @Nullable String besidePaneId, @Nullable SplitSide side, @Nullable Double ratio,
                 @Nullable String restart, @Nullable String taskId) {

    static Builder in(String workspaceId, @Nullable String tabId) {
        return new Builder(workspaceId, tabId);
    }

    static final class Builder {
        private final String workspaceId;
        private final @Nullable String tabId;
        private @Nullable List<String> argv;
        private @Nullable String cwd;
        private @Nullable Map<String, String> env;
        private int cols = 80;
        private int rows = 24;
        private @Nullable String label;
        private @Nullable String parentPaneId;
        private @Nullable String relationship;
        private @Nullable String besidePaneId;
        private @Nullable SplitSide side;
        private @Nullable Double ratio;
        private @Nullable String restart;
        private @Nullable String taskId;

        private Builder(String workspaceId, @Nullable String tabId) {
            this.workspaceId = workspaceId;
            this.tabId = tabId;
        }

        /** What runs: argv (the user's shell when null or empty), cwd (the workspace's when null), env overrides. */
        Builder command(@Nullable List<String> argv, @Nullable String cwd, @Nullable Map<String, String> env) {
            this.argv = argv;
            this.cwd = cwd;
            this.env = env;
            return this;
        }

        Builder size(int cols, int rows) {
            this.cols = cols;
            this.rows = rows;
            return this;
        }

        Builder label(@Nullable String label) {
            this.label = label;
            return this;
        }

        Builder parent(@Nullable String parentPaneId, @Nullable String relationship) {
            this.parentPaneId = parentPaneId;
            this.relationship = relationship;
            return this;
        }

        /** Placed by splitting {@code besidePaneId} (pane.split) instead of at the end of the tab. */
        Builder beside(String besidePaneId, @Nullable SplitSide side, @Nullable Double ratio) {
            this.besidePaneId = besidePaneId;
            this.side = side;
            this.ratio = ratio;
            return this;
        }

        Builder restart(@Nullable String restart) {
            this.restart = restart;
            return this;
        }

        Builder task(@Nullable String taskId) {
            this.taskId = taskId;
            return this;
        }

        SpawnSpec build() {
            return new SpawnSpec(workspaceId, tabId, argv, cwd, env, cols, rows, label, parentPaneId, relationship,
                    besidePaneId, side, ratio, restart, taskId);
        }
    }
}
