package dev.signaltty.cli.internal.view;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The user's terminal colours that the view passes with {@code pane.attach} (ADR 1011): asked before the first
 * attach, and again on the prefix then {@code r} or the terminal's theme-change report (ADR 1130). While the
 * view runs its key thread owns the terminal's input, so the answers to a later query come through the key
 * reader ({@link #answered}). Guarded by the view's monitor.
 */
final class ViewColours {

    private final TabView view;
    private Map<String, String> colours = Map.of();

    ViewColours(TabView view) {
        this.view = view;
    }

    /** The answer asked before the first attach. */
    void first(Map<String, String> answered) {
        synchronized (view) {
            colours = Map.copyOf(answered);
        }
    }

    /** pane.attach's colour params (only what the terminal answered). Holds the monitor or not. */
    Map<String, String> params() {
        synchronized (view) {
            return colours;
        }
    }

    /** Asks the terminal again; a terminal that does not answer changes nothing. */
    void ask() {
        view.outer.write(ColourQuery.QUERY);
    }

    /**
     * Colours the terminal answered after the view started: when they differ from those the panes were
     * attached with, every pane is attached again with them, so its programs are told the terminal's colours
     * as they are now (the latest attach's colours answer, ADR 1011). Called by the key reader.
     */
    void answered(Map<String, String> answered) {
        if (answered.isEmpty()) {
            return;
        }
        synchronized (view) {
            Map<String, String> now = new HashMap<>(colours);
            now.putAll(answered);
            if (now.equals(colours)) {
                return;
            }
            colours = Map.copyOf(now);
            for (PaneScreen p : view.panes.values()) {
                view.attach(p);
            }
        }
        view.message("terminal colours now " + String.join(", ", new TreeMap<>(answered).entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList()));
    }
}
