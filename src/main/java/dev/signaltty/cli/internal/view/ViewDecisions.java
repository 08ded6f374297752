package dev.signaltty.cli.internal.view;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * The decisions the view knows of: every pending one of the daemon (id → pane), so the status line
 * counts those of panes outside the tab shown, as tmux flags activity in other windows; and a pane's
 * newest pending one, which the prefix then y / N answers.
 */
final class ViewDecisions {

    /** A pane's pending decision: its id and the question it asks. */
    record Pending(String decisionId, @Nullable String question) {
    }

    private final Map<String, String> pendingAnywhere = new ConcurrentHashMap<>();

    /** Every pending decision, asked again (after each subscribe; events keep it current). */
    void reload(Wire wire) {
        pendingAnywhere.clear();
        for (Object d : TabView.list(TabView.map(wire.call("decision.list", Map.of("status", "pending"))).get("decisions"))) {
            Map<?, ?> m = TabView.map(d);
            if (m.get("decision_id") instanceof String id && m.get("pane_id") instanceof String pane) {
                pendingAnywhere.put(id, pane);
            }
        }
    }

    /** decision.created: pending, and the one it supersedes no more. */
    void created(Map<?, ?> decision) {
        if (decision.get("decision_id") instanceof String id && decision.get("pane_id") instanceof String pane) {
            pendingAnywhere.put(id, pane);
        }
        if (decision.get("prev") instanceof String prev) {
            pendingAnywhere.remove(prev);
        }
    }

    /** decision.answered / decision.cleared. */
    void resolved(String decisionId) {
        pendingAnywhere.remove(decisionId);
    }

    /** The panes with a pending decision, in any tab or workspace (the tab list's {@code ?} flag). */
    Set<String> panes() {
        return Set.copyOf(pendingAnywhere.values());
    }

    /** Pending decisions of panes not among {@code shown} (another tab, another workspace). */
    int elsewhere(Set<String> shown) {
        int n = 0;
        for (String pane : pendingAnywhere.values()) {
            if (!shown.contains(pane)) {
                n++;
            }
        }
        return n;
    }

    /** The pane's newest pending decision, or null. */
    static @Nullable Pending newest(Wire wire, String paneId) {
        List<?> decisions = TabView.list(TabView.map(wire.call("decision.list", Map.of("pane_id", paneId))).get("decisions"));
        Pending newest = null;
        for (Object d : decisions) {
            Map<?, ?> m = TabView.map(d);
            if ("pending".equals(m.get("status")) || m.get("status") == null) {
                newest = new Pending(String.valueOf(m.get("decision_id")), m.get("question") instanceof String q ? q : null);
            }
        }
        return newest;
    }
}
