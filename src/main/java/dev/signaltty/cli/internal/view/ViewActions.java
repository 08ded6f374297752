package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
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
                    view.focus.afterSplit(id); // typing goes on in the new pane, as in tmux
                }
            });
        }
    }

    /** The workspace's tab ids in order; empty tabs (tab create) only when {@code withEmpty}. */
    private List<String> tabIds(boolean withEmpty) {
        List<?> tabs = TabView.list(TabView.map(view.wire.call("tab.list", Map.of("workspace_id", view.workspaceId))).get("tabs"));
        List<String> ids = new ArrayList<>();
        for (Object t : tabs) {
            Map<?, ?> tab = TabView.map(t);
            String id = String.valueOf(tab.get("tab_id"));
            // an empty tab (tab create) has nothing to show, and a view of it would end at once
            if (withEmpty || id.equals(view.tabId) || !TabView.list(tab.get("pane_ids")).isEmpty()) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** n / p, ) / (: the next or previous tab with panes, round the end. */
    void switchTab(int step) {
        try {
            List<String> ids = tabIds(false);
            int at = ids.indexOf(view.tabId);
            if (ids.size() < 2 || at < 0) {
                view.message("no other tab with panes in this workspace (" + view.prefixName + " c makes one)");
                return;
            }
            view.load(ids.get(Math.floorMod(at + step, ids.size())));
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** 0 … 9: the workspace's tab at that index (as tmux's windows, counted from 0). */
    void selectTab(int index) {
        try {
            List<String> ids = tabIds(true);
            if (index >= ids.size()) {
                view.message("no tab " + index + " (tabs 0-" + (ids.size() - 1) + ")");
            } else if (!ids.get(index).equals(view.tabId)) {
                Map<?, ?> tab = TabView.map(view.wire.call("tab.get", Map.of("tab_id", ids.get(index))));
                Map<?, ?> t = tab.get("tab") instanceof Map<?, ?> m ? m : tab;
                if (TabView.list(t.get("pane_ids")).isEmpty()) {
                    view.message("tab " + index + " has no panes");
                } else {
                    view.load(ids.get(index));
                }
            }
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** ': the index typed at the prompt; anything but a tab's index is named on the status line. */
    void selectTab(String typed) {
        String text = typed.strip();
        if (!text.matches("[0-9]{1,9}")) {
            view.message("not a tab index: '" + typed + "' (tabs are numbered from 0)");
            return;
        }
        selectTab(Integer.parseInt(text));
    }

    /** l: the tab shown before this one (tmux's last-window), the tab list's {@code -}. */
    void lastTab() {
        String last = view.lastTabId;
        try {
            if (last.isEmpty() || !tabIds(false).contains(last)) {
                view.message("no last tab (" + view.prefixName + " l goes back to the tab shown before this one)");
                return;
            }
            view.load(last);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /**
     * & (after y): tab.close, which ends the tab's panes with it. As tmux's kill-window, the view goes
     * on with the last tab, else the one before (round the start); with no other tab to show, the
     * tab.closed event ends the view as the last window's end ends tmux.
     */
    void closeTab() {
        String closing = view.tabId;
        String name = view.tabName;
        try {
            List<String> ids = tabIds(false);
            int at = ids.indexOf(closing);
            ids.remove(closing);
            String next = ids.contains(view.lastTabId) ? view.lastTabId
                    : ids.isEmpty() ? null : ids.get(Math.floorMod(at - 1, ids.size()));
            if (next != null) {
                view.load(next);
            }
            view.wire.call("tab.close", Map.of("tab_id", closing));
            view.message("closed tab " + name);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /**
     * c: a new tab in this workspace with a shell in it (tmux's new-window), shown at once, and named after
     * that shell as tmux names a window after its program ({@code bash}, not {@code tab 3}; ADR 1146). From
     * the prompt's {@code new-window [-n NAME] [-c DIR] [COMMAND…]}: COMMAND instead of the shell, named NAME
     * (ADR 1321), started in {@code directory} (ADR 1400; the workspace's when null). A pane the daemon refuses
     * (a directory that is none) leaves no empty tab behind.
     */
    void newTab(@Nullable String name, List<String> argv, @Nullable String directory) {
        try {
            Map<?, ?> tab = TabView.map(view.wire.call("tab.create", Map.of("workspace_id", view.workspaceId)));
            Map<?, ?> t = tab.get("tab") instanceof Map<?, ?> m ? m : tab;
            String tabId = String.valueOf(t.get("tab_id"));
            Map<String, Object> spawn = new LinkedHashMap<>(Map.of("workspace_id", view.workspaceId, "tab_id", tabId));
            if (!argv.isEmpty()) {
                spawn.put("argv", argv);
            }
            if (directory != null) {
                spawn.put("cwd", directory);
            }
            Map<?, ?> pane;
            try {
                pane = TabView.map(view.wire.call("pane.spawn", spawn));
            } catch (CliException e) {
                try {
                    view.wire.call("tab.close", Map.of("tab_id", tabId)); // nothing half done: the tab was for this pane
                } catch (CliException closing) {
                    e.addSuppressed(closing); // the spawn's refusal is what the person needs to read
                }
                throw e;
            }
            String shown = name != null ? name : PaneScreen.programName(pane.get("argv"));
            if (shown != null) {
                try {
                    view.wire.call("tab.rename", Map.of("tab_id", tabId, "name", shown));
                } catch (CliException e) {
                    view.message(e.code() + ": " + e.getMessage()); // the tab is there: shown as tab N
                }
            }
            view.load(tabId);
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** C-/M-arrows: the divider beside the focused pane moved by {@code cells}, live and then tab.set_ratio. */
    void resize(@Nullable String focus, boolean vertical, int cells) {
        Map<String, Object> params = new LinkedHashMap<>();
        synchronized (view) {
            LayoutTree.Divider d = focus == null || view.zoomed ? null : LayoutTree.edge(view.geometry, focus, vertical);
            if (d == null || view.root == null) {
                view.message("no " + (vertical ? "left or right" : "upper or lower") + " neighbour to resize against");
                return;
            }
            double ratio = d.ratioMovedBy(cells);
            view.root = LayoutTree.withRatio(view.root, d.path(), ratio);
            params.put("tab_id", view.tabId);
            params.put("path", d.path().stream().map(Long::valueOf).toList());
            params.put("ratio", ratio);
        }
        view.changed();
        ask("tab.set_ratio", params, null);
    }

    /**
     * ]: the text copy mode copied last, typed into the focused pane as tmux's {@code paste-buffer -p} (its
     * binding): line ends as Enter (CR), and bracketed (DECSET 2004) when the program asked, so a shell or an
     * agent takes several lines as one paste instead of running the first (ADR 1132).
     */
    void paste(@Nullable String focus, ByteArrayOutputStream forward) {
        String text;
        synchronized (view) {
            text = view.copied;
        }
        if (text == null) {
            view.message("nothing copied yet (" + view.prefixName + " [ then Space and Enter copies)");
        } else if (focus != null) {
            PaneScreen p = view.panes.get(focus);
            String typed = text.replace("\r\n", "\r").replace('\n', '\r');
            if (p != null && p.terminal().bracketedPaste()) {
                typed = "\u001b[200~" + typed + "\u001b[201~";
            }
            forward.writeBytes(typed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /**
     * R: pane.resume for the focused pane, which must have exited (the daemon says so otherwise, on
     * the status line). The pane keeps its cell; its new output arrives on the same attach (seed R305: the viewer
     * survives a resume).
     */
    void relaunch(@Nullable String focus) {
        if (focus == null) {
            return;
        }
        PaneScreen p = view.panes.get(focus);
        String label = p == null ? focus : p.label();
        ask("pane.resume", Map.of("pane_id", focus), "relaunched " + label, result -> {
            if (p != null) {
                p.askedCols = 0; // size it to its cell again: an exited pane was never resized
                p.askedRows = 0;
            }
        });
    }

    /** y / N: the focused pane's newest pending decision, answered allow_once / deny. */
    void answer(@Nullable String focus, String option) {
        if (focus == null) {
            return;
        }
        try {
            ViewDecisions.Pending pending = view.newestPending(focus);
            if (pending == null) {
                view.message("no pending decision for this pane");
                return;
            }
            String decision = pending.decisionId();
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
                    Map.of("pane_id", focus, "mode", "tail", "lines", 5000L, "strip_ansi", false)));
            String text = read.get("text") instanceof String s ? s : "";
            CopyLines lines = CopyLines.parse(text); // with the pane's colours (ADR 1222)
            LayoutTree.Cell cell = view.geometry.cell(focus);
            int height = cell == null ? 24 : cell.rect().h();
            synchronized (view) {
                view.copy = new CopyMode(focus, lines, height);
            }
            view.changed();
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }

    /** PageUp after the prefix: copy mode a page up from the bottom at once (tmux's copy-mode -u). */
    void enterCopyPageUp(@Nullable String focus) {
        enterCopy(focus);
        synchronized (view) {
            CopyMode c = view.copy;
            LayoutTree.Cell cell = focus == null ? null : view.geometry.cell(focus);
            if (c != null && cell != null && c.paneId.equals(focus)) {
                int h = Math.max(1, cell.rect().h());
                c.move(-h, h);
            }
        }
        view.changed();
    }

    /** Sends one request without waiting; an error shows on the status line. */
    void ask(String method, @Nullable Map<String, ?> params, @Nullable String done) {
        ask(method, params, done, result -> { });
    }

    /**
     * As {@link #ask(String, Map, String)}, handing a successful result to {@code then} (on the reader thread);
     * a failure shows as the seed's code and message in the status line.
     */
    void ask(String method, @Nullable Map<String, ?> params, @Nullable String done, Consumer<@Nullable Object> then) {
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

    /** Bytes for one pane's program (a mouse report, the wheel's arrows), whether it has the focus or not. */
    void writeTo(String paneId, byte[] bytes) {
        if (view.held.holding()) {
            return; // reconnecting: a report's cell may have moved by the time the view is back (ADR 1220)
        }
        ask("pane.write", Map.of("pane_id", paneId, "data_b64", Base64.getEncoder().encodeToString(bytes)), null);
    }

    /**
     * The keys collected for the focused pane, as one {@code pane.write}, or held while the view
     * reconnects ({@link HeldKeys}); the buffer is emptied.
     */
    void write(ByteArrayOutputStream forward) {
        String focus = view.focus.pane();
        if (forward.size() == 0 || focus == null) {
            forward.reset();
            return;
        }
        byte[] typed = forward.toByteArray();
        forward.reset();
        boolean held = view.held.holdOrSend(focus, typed,
                () -> ask("pane.write", Map.of("pane_id", focus, "data_b64", Base64.getEncoder().encodeToString(typed)), null));
        if (held) {
            view.changed(); // the status line counts what is held
        } else {
            synchronized (view) {
                view.typed = true; // the next frame sizes the panes another view took (ADR 1322)
                view.changed();
            }
            view.markSeen(focus);
        }
    }
}
