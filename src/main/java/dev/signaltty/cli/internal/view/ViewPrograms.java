package dev.signaltty.cli.internal.view;

import java.util.Map;
import java.util.Objects;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.FleetTree;

/**
 * Follows what runs in the workspace's panes while the view runs (their {@code current_command}, ADR 1301): a shell
 * pane that starts vim is {@code vim} in the status line, and its tab too when the daemon named it (ADR 1223). No
 * event tells a foreground change (a program's fork and exec are not the daemon's to see), so the view asks: one
 * {@code pane.list} of the workspace every {@link #INTERVAL_MS}, about tmux's own rate for automatic names, and it
 * redraws only when a name changed.
 */
final class ViewPrograms {

    static final long INTERVAL_MS = 1_000;

    private ViewPrograms() {
    }

    /** Until the view ends; on its own thread. */
    static void follow(TabView view) {
        while (!view.ended()) {
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            }
            String workspaceId;
            synchronized (view) {
                workspaceId = view.workspaceId;
            }
            try {
                if (!workspaceId.isEmpty() && update(view, view.wire.call("pane.list", Map.of("workspace_id", workspaceId)))) {
                    view.changed();
                }
            } catch (CliException e) {
                // the daemon restarting, or the workspace gone (its end comes as an event): asked again at the next interval
            }
        }
    }

    /** Takes the programs of a {@code pane.list} answer; true when one the view shows changed. */
    private static boolean update(TabView view, @org.jspecify.annotations.Nullable Object listed) {
        boolean changed = false;
        for (Object p : TabView.list(TabView.map(listed).get("panes"))) {
            Map<?, ?> pane = TabView.map(p);
            if (!(pane.get("pane_id") instanceof String id)) {
                continue;
            }
            String program = FleetTree.programOf(pane);
            PaneScreen shown = view.panes.get(id);
            if (shown != null && !Objects.equals(shown.program, program)) {
                shown.program = program;
                changed = true;
            }
            changed |= view.tabs.program(id, program);
        }
        return changed;
    }
}
