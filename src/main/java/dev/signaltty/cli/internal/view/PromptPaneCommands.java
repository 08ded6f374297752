package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * tmux's pane commands with a {@code -t} or {@code -a} at the view's {@code :} prompt (ADR 1400): {@code select-pane
 * -t N} focuses a pane of the tab shown, {@code kill-pane -t N} and {@code kill-pane -a} (every pane but the focused
 * one) close panes after one question naming them, as the prefix then {@code x} asks (tmux asks nothing at its prompt;
 * here a pane may hold an agent's hours of work). A target that names no pane is said on the status line.
 */
final class PromptPaneCommands {

    private final TabView view;
    private final ViewActions actions;

    PromptPaneCommands(TabView view, ViewActions actions) {
        this.view = view;
        this.actions = actions;
    }

    /** select-pane -t TARGET. */
    void select(String target) {
        String id = find(target);
        if (id != null) {
            view.focus.move(id);
        }
    }

    /** kill-pane -t TARGET / -a [-t TARGET]: the question, then pane.close for each pane named in it. */
    void close(TmuxCommands.KillPanes kill) {
        String named = kill.target() == null ? view.focus.pane() : find(kill.target());
        if (named == null) {
            return; // find said why; no focused pane: nothing to do, as the prefix then x
        }
        synchronized (view) {
            List<String> closing = new ArrayList<>();
            for (String id : LayoutTree.leaves(view.root)) {
                if (kill.allBut() != id.equals(named)) {
                    closing.add(id);
                }
            }
            if (closing.isEmpty()) {
                view.message("no other pane in this tab");
                return;
            }
            List<String> labels = closing.stream().map(this::label).toList();
            String question = kill.allBut()
                    ? "close " + (closing.size() == 1 ? "pane " : closing.size() + " panes: ") + String.join(", ", labels)
                            + " (all but " + label(named) + ")? (y/n)"
                    : "close pane " + labels.getFirst() + "? (y/n)";
            view.prompt.confirm(question, () -> {
                for (String id : closing) {
                    actions.ask("pane.close", Map.of("pane_id", id), null);
                }
                view.message("closed " + String.join(", ", labels));
            });
        }
        view.changed();
    }

    /** The pane {@code target} names in the tab shown; null, said on the status line, when none. */
    private @Nullable String find(String target) {
        List<String> order;
        String id;
        synchronized (view) {
            order = LayoutTree.leaves(view.root);
            Map<String, String> names = new HashMap<>();
            view.panes.forEach((pane, screen) -> {
                String name = screen.name;
                if (name != null) {
                    names.put(pane, name);
                }
            });
            id = PaneTargets.find(target, order, view.focus.pane(), view.focus.last(), names);
        }
        if (id == null) {
            view.message("no pane '" + target + "' in this tab (-t takes 0-" + (order.size() - 1)
                    + " as the prefix then q shows, :.+ or :.-, :.!, a pane id or name)");
        }
        return id;
    }

    /**
     * The pane as the question names it: its number (the prefix then {@code q}) and label, {@code 1:bash}; two shells
     * both read {@code bash}, and "close pane bash (all but bash)?" said neither which. Holds the monitor.
     */
    private String label(String id) {
        PaneScreen p = view.panes.get(id);
        return LayoutTree.leaves(view.root).indexOf(id) + ":" + (p == null ? id : p.label());
    }
}
