package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/**
 * What the view's keys and mouse ask of the daemon ({@link ViewKeys} decides which): keystrokes for
 * the focused pane, splits, renames and closes, the next tab, an answer to a pending decision, the
 * scrollback for copy mode. A request that changes something is sent once and never resent; its
 * failure shows on the status line.
 */
final class ViewActions {

    private final TabView view;

    ViewActions(TabView view) {
        this.view = view;
    }

    void split(@Nullable String focus, String direction) {
        if (focus != null) {
            ask("pane.split", Map.of("pane_id", focus, "direction", direction), null, result -> {
                if (result instanceof Map<?, ?> pane && pane.get("pane_id") instanceof String id) {
                    view.focusSplit(id); // typing goes on in the new pane, as in tmux
                }
            });
        }
    }

    void switchTab(int step) {
        try {
            List<?> tabs = TabView.list(TabView.map(view.wire.call("tab.list", Map.of("workspace_id", view.workspaceId))).get("tabs"));
            List<String> ids = new ArrayList<>();
            for (Object t : tabs) {
                Map<?, ?> tab = TabView.map(t);
                String id = String.valueOf(tab.get("tab_id"));
                // an empty tab (tab create) has nothing to show, and a view of it would end at once
                if (id.equals(view.tabId) || !TabView.list(tab.get("pane_ids")).isEmpty()) {
                    ids.add(id);
                }
            }
            int at = ids.indexOf(view.tabId);
            if (ids.size() < 2 || at < 0) {
                view.message("no other tab with panes in this workspace");
                return;
            }
            view.load(ids.get(Math.floorMod(at + step, ids.size())));
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** y / n: the focused pane's newest pending decision, answered allow_once / deny. */
    void answer(@Nullable String focus, String option) {
        if (focus == null) {
            return;
        }
        try {
            String decision = view.newestPending(focus);
            if (decision == null) {
                view.message("no pending decision for this pane");
                return;
            }
            view.wire.call("decision.answer", Map.of("decision_id", decision, "option_id", option));
            view.message(option + ": " + decision);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    void enterCopy(@Nullable String focus) {
        if (focus == null) {
            return;
        }
        try {
            Map<?, ?> read = TabView.map(view.wire.call("pane.read",
                    Map.of("pane_id", focus, "mode", "tail", "lines", 5000L, "strip_ansi", true)));
            String text = read.get("text") instanceof String s ? s : "";
            LayoutTree.Cell cell = view.geometry.cell(focus);
            int height = cell == null ? 24 : cell.rect().h();
            synchronized (view) {
                view.copy = new CopyMode(focus, List.of(text.split("\n", -1)), height);
            }
            view.changed();
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** Sends one request without waiting; an error shows on the status line. */
    void ask(String method, @Nullable Map<String, ?> params, @Nullable String done) {
        ask(method, params, done, result -> { });
    }

    /** As {@link #ask(String, Map, String)}, handing a successful result to {@code then} (on the reader thread). */
    private void ask(String method, @Nullable Map<String, ?> params, @Nullable String done, Consumer<@Nullable Object> then) {
        if (params == null) {
            return;
        }
        view.wire.send(method, params).whenComplete((r, e) -> {
            if (e != null) {
                view.message(method + ": " + e.getMessage());
            } else if (!r.ok()) {
                view.message(r.code() + ": " + r.message());
            } else {
                then.accept(r.result());
                if (done != null) {
                    view.message(done);
                }
            }
        });
    }

    /** The keys collected for the focused pane, as one {@code pane.write}; the buffer is emptied. */
    void write(ByteArrayOutputStream forward) {
        String focus = view.focus;
        if (forward.size() == 0 || focus == null) {
            forward.reset();
            return;
        }
        ask("pane.write", Map.of("pane_id", focus, "data_b64", Base64.getEncoder().encodeToString(forward.toByteArray())), null);
        forward.reset();
    }
}
