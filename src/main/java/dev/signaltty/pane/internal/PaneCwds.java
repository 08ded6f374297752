package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.workspace.LivePaneCwds;

/**
 * Where live panes are, for {@code worktree.remove}'s PANES_ALIVE: a pane's canonical cwd is its
 * process's current directory ({@code /proc/<pid>/cwd}, symlinks resolved), or its launch directory
 * where that cannot be read. Comparison is on whole path components.
 */
@Component
class PaneCwds implements LivePaneCwds {

    private final PaneRegistry registry;

    PaneCwds(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public List<String> livePanesInside(Path canonicalDir) {
        List<String> out = new ArrayList<>();
        for (Pane pane : registry.all()) {
            PtySession session = pane.session;
            if (!pane.alive() || session == null) {
                continue;
            }
            if (canonicalCwd(session.pid(), pane.cwd).startsWith(canonicalDir)) {
                out.add(pane.id);
            }
        }
        return out;
    }

    private static Path canonicalCwd(long pid, Path launchCwd) {
        try {
            return Path.of("/proc", Long.toString(pid), "cwd").toRealPath();
        } catch (IOException | SecurityException e) {
            try {
                return launchCwd.toRealPath();
            } catch (IOException ignored) {
                return launchCwd.toAbsolutePath().normalize();
            }
        }
    }
}
