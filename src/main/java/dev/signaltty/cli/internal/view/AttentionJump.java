package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/**
 * The prefix then {@code a}: go to the pane that needs you most, in whichever tab or workspace of this
 * daemon it is. The order is the daemon's ({@code attention.pending}: a permission prompt first, then a
 * question, then unread output, the oldest first within each), so the question of "which agent is waiting
 * for me" never needs a look through the tabs. Pressed again it goes to the next one after the pane it
 * showed, round the end, as tmux's next-window -a walks the windows with an alert.
 */
final class AttentionJump {

    /** More panes than anyone walks through with a key; the daemon caps the list too. */
    private static final int LIMIT = 200;

    private final TabView view;

    AttentionJump(TabView view) {
        this.view = view;
    }

    /** Moves the view to the next pane that needs attention after {@code focus}, or says that none does. */
    void next(@Nullable String focus) {
        try {
            List<Waiting> waiting = waiting();
            if (waiting.isEmpty()) {
                view.message("no pane needs attention");
                return;
            }
            int at = -1;
            for (int i = 0; i < waiting.size(); i++) {
                if (waiting.get(i).paneId().equals(focus)) {
                    at = i;
                }
            }
            if (at >= 0 && waiting.size() == 1) {
                view.message("only this pane needs attention (" + waiting.get(at).attention().replace('_', ' ') + ")");
                return;
            }
            Waiting target = waiting.get((at + 1) % waiting.size());
            show(target, at < 0 ? 1 : (at + 1) % waiting.size() + 1, waiting.size());
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    private List<Waiting> waiting() {
        List<?> panes = TabView.list(TabView.map(view.wire.call("attention.pending", Map.of("limit", LIMIT))).get("panes"));
        List<Waiting> out = new ArrayList<>();
        for (Object p : panes) {
            Map<?, ?> pane = TabView.map(p);
            if (pane.get("pane_id") instanceof String id && pane.get("attention") instanceof String attention) {
                out.add(new Waiting(id, attention, pane.get("message") instanceof String m ? m : null));
            }
        }
        return out;
    }

    /** Loads the pane's tab when another one is shown, focuses the pane and says why it was chosen. */
    private void show(Waiting target, int place, int of) {
        Map<?, ?> got = TabView.map(view.wire.call("pane.get", Map.of("pane_id", target.paneId())));
        Map<?, ?> pane = got.get("pane") instanceof Map<?, ?> m ? m : got;
        String tab = String.valueOf(pane.get("tab_id"));
        if (!tab.equals(view.tabId)) {
            view.load(tab);
        }
        view.focus.afterSplit(target.paneId()); // focused once the tab's panes are in place
        if ("unread".equals(target.attention())) {
            // shown because it was unread: now it is seen (a tab's focused pane is not marked by the load)
            view.wire.send("pane.mark_seen", Map.of("pane_id", target.paneId()));
        }
        String why = target.attention().replace('_', ' ');
        String message = target.message();
        view.message(place + "/" + of + " " + why + (message == null || message.isBlank() ? "" : ": " + message));
    }

    /** One entry of {@code attention.pending}: which pane, what it needs, and the agent's words if any. */
    private record Waiting(String paneId, String attention, @Nullable String message) {}
}
